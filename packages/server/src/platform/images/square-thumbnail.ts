import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { AppError } from '../errors';
import { loadSharp } from './load-sharp';

/** The largest picture read, in pixels (a 48-megapixel phone photo fits); larger ones are refused. */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * A square thumbnail of a picture: turned upright by its EXIF orientation (phones store many photos
 * sideways), cut to a square around the centre, scaled to `size` pixels and stored as WebP. The
 * output keeps no metadata, so a photo's location and camera do not travel with it.
 */
export const squareThumbnail = async (bytes: Buffer, size: number): Promise<Buffer> => {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', VALIDATION_MESSAGE_KEYS.imageUnreadable);
  }
};
