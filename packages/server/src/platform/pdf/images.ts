import { loadSharp } from '../images/load-sharp';
import { MAX_INPUT_PIXELS } from '../images/open-picture';
import type { Logger } from '../logging';
import { loadPdfmake } from './render';

/** An image ready for a document: a data URL pdfmake embeds. */
export type PdfImage = string;

/** Where an image's bytes come from: a stored file's stream, or bytes already in memory. */
export type PdfImageSource = () => Promise<Buffer | NodeJS.ReadableStream>;

// pdfmake (through pdfkit) embeds PNG and JPEG only; other uploads (GIF, WebP) cannot be added.
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

const embeddableMimeType = (bytes: Buffer) => {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
};

export const readAll = async (source: Buffer | NodeJS.ReadableStream): Promise<Buffer> => {
  if (Buffer.isBuffer(source)) return source;
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
};

/**
 * Reads an image for a PDF and makes sure pdfmake can embed it, by laying it out on a scratch page
 * (a damaged PNG passes the signature check but fails there). On any failure — missing file, wrong
 * type, broken bytes — it logs a warning and answers null, so the document is still made without
 * the image (SPEC §8 "Failing to add an image to a PDF is logged as a warning").
 */
export const loadPdfImage = async (
  logger: Logger,
  what: string,
  source: PdfImageSource,
): Promise<PdfImage | null> => {
  try {
    const bytes = await readAll(await source());
    const mimeType = embeddableMimeType(bytes);
    if (!mimeType) throw new Error('only PNG and JPEG images can be added to a PDF');
    const image = `data:${mimeType};base64,${bytes.toString('base64')}`;
    await (await loadPdfmake()).createPdf({ content: [{ image, width: 1 }] }).getBuffer();
    return image;
  } catch (error) {
    logger.warn({ err: error, image: what }, `Failed to add the ${what} image to the PDF`);
    return null;
  }
};

/** The longest side of a picture printed as a thumbnail: sharp at grid size, small in the file. */
export const PDF_THUMBNAIL_SIDE_PX = 360;

/**
 * A photo (a service answer's or checklist item's picture) as a small JPEG thumbnail for a PDF's
 * picture grid. sharp re-encodes whatever was stored (JPEG, or the WebP thumbnail pdfmake cannot
 * embed) so the result always embeds, and keeps a report of 80 photos small and fast to lay out.
 * A picture that cannot be read is a logged warning and null: the document goes on without it
 * (SPEC §8).
 */
export const loadPdfThumbnail = async (
  logger: Logger,
  what: string,
  source: PdfImageSource,
): Promise<PdfImage | null> => {
  try {
    const bytes = await readAll(await source());
    const sharp = await loadSharp();
    const jpeg = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize(PDF_THUMBNAIL_SIDE_PX, PDF_THUMBNAIL_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch (error) {
    logger.warn({ err: error, image: what }, `Failed to add the ${what} image to the PDF`);
    return null;
  }
};
