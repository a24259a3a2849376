import { Worker } from 'node:worker_threads';
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

type DecodedHeic = { width: number; height: number; data: Uint8ClampedArray } | null;

/**
 * A HEIC photo decoded to RGBA pixels. The prebuilt libvips that sharp ships reads HEIF only with
 * AV1 inside (AVIF), not the HEVC of an iPhone's HEIC, so libheif compiled to WebAssembly
 * (heic-decode) decodes it — in a worker thread started for the photo and gone after it, as the
 * decoding takes a core for a second or more. libheif applies the photo's rotation and mirroring
 * while decoding, so the pixels come out upright. Null for an oversized photo.
 */
const decodeHeicInWorker = (bytes: Buffer) =>
  new Promise<DecodedHeic>((resolve, reject) => {
    // libheif prints its complaints about a broken file ("Could not parse HEIF file …") with
    // console.log; the worker's output is taken here and dropped rather than mixed into the server's
    // log stream — the file is refused as unreadable either way.
    const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), {
      workerData: { bytes, maxPixels: MAX_INPUT_PIXELS },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.once('message', (decoded: DecodedHeic) => {
      resolve(decoded);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The HEIC worker stopped without an answer')));
  });

const heicAsRawPixels = async (bytes: Buffer, sharp: typeof import('sharp')['default']) => {
  const decoded = await decodeHeicInWorker(bytes);
  if (!decoded) throw unreadablePicture();
  const { width, height, data } = decoded;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
    limitInputPixels: MAX_INPUT_PIXELS,
  });
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
