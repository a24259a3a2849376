import { openPicture, unreadablePicture } from './open-picture';

/**
 * A square thumbnail of a picture: turned upright by its EXIF orientation (phones store many photos
 * sideways), cut to a square around the centre, scaled to `size` pixels and stored as WebP. The
 * output keeps no metadata, so a photo's location and camera do not travel with it.
 */
export const squareThumbnail = async (bytes: Buffer, mimeType: string, size: number): Promise<Buffer> => {
  const opened = await openPicture(bytes, mimeType);
  try {
    return await opened
      .autoOrient()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unreadablePicture();
  }
};
