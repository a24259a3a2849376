import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import type { Sharp } from 'sharp';
import { AppError } from '../errors';
import { loadSharp } from './load-sharp';

/** The largest picture read, in pixels (a 48-megapixel phone photo fits); larger ones are refused. */
export const MAX_INPUT_PIXELS = 100_000_000;

/** HEIC and HEIF: what iPhones store photos as. */
export const HEIF_MIME_TYPES = ['image/heic', 'image/heif'];

/** The answer to a file that is no picture Karm can read. */
export const unreadablePicture = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', VALIDATION_MESSAGE_KEYS.imageUnreadable);

/**
 * A HEIC photo as raw pixels for sharp. The prebuilt libvips that sharp ships reads HEIF only with
 * AV1 inside (AVIF), not the HEVC of an iPhone's HEIC, so libheif compiled to WebAssembly
 * (heic-decode, loaded with the first such photo) decodes it. libheif applies the photo's rotation
 * and mirroring while decoding, so the pixels come out upright. The size is read before the pixels
 * are, so an oversized photo is refused without allocating it.
 */
const heicAsRawPixels = async (bytes: Buffer, sharp: typeof import('sharp')['default']) => {
  const { default: decodeHeic } = await import('heic-decode');
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const [first] = images;
    if (!first || first.width * first.height > MAX_INPUT_PIXELS) throw unreadablePicture();
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    });
  } finally {
    images.dispose();
  }
};

/**
 * An uploaded picture opened in sharp, whatever phone made it: `mimeType` is the sniffed type. A
 * file that neither libvips nor libheif can read is refused as `imageUnreadable`.
 */
export const openPicture = async (bytes: Buffer, mimeType: string): Promise<Sharp> => {
  const sharp = await loadSharp();
  if (HEIF_MIME_TYPES.includes(mimeType)) {
    // A HEIF with AV1 inside (AVIF) is libvips's own; HEVC and whatever else goes to libheif.
    const metadata = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (metadata?.compression !== 'av1') {
      try {
        return await heicAsRawPixels(bytes, sharp);
      } catch {
        throw unreadablePicture();
      }
    }
  }
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
};
