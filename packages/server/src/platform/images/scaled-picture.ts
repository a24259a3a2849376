import { openPicture, unreadablePicture } from './open-picture';
/** The longest side a stored picture keeps: enough to see a detail, small enough for a phone's upload. */
export const PICTURE_MAX_SIDE_PX = 2000;
export const PICTURE_THUMBNAIL_SIDE_PX = 400;

/**
 * A photo as it is kept: turned upright by its EXIF orientation, no side over 2 000 px (never
 * enlarged), transparent parts (a drawn signature) on white, stored as JPEG without metadata — so a
 * photo's location and camera do not travel with it —, and a 400 px WebP thumbnail for lists.
 */
export const scaledPicture = async (bytes: Buffer, mimeType: string) => {
  const opened = await openPicture(bytes, mimeType);
  try {
    const upright = opened.autoOrient().flatten({ background: '#ffffff' });
    const picture = await upright
      .clone()
      .resize(PICTURE_MAX_SIDE_PX, PICTURE_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    const thumbnail = await upright
      .clone()
      .resize(PICTURE_THUMBNAIL_SIDE_PX, PICTURE_THUMBNAIL_SIDE_PX, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer();
    return { picture, thumbnail };
  } catch {
    throw unreadablePicture();
  }
};
