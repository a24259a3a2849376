import { crc32, deflateSync } from 'node:zlib';
import { extractImages, extractText, getDocumentProxy, getMeta } from 'unpdf';

/**
 * For tests only (unpdf is a dev dependency): the text of a PDF, one string per page, read back the
 * way a viewer would, so tests assert what a person sees.
 */
export const pdfPages = async (bytes: Buffer | Uint8Array): Promise<string[]> => {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  try {
    return (await extractText(document, { mergePages: false })).text;
  } finally {
    await document.destroy();
  }
};

/** All pages' text joined with newlines. */
export const pdfText = async (bytes: Buffer | Uint8Array) => (await pdfPages(bytes)).join('\n');

/** The PDF's properties (title, author …). */
export const pdfInfo = async (bytes: Buffer | Uint8Array) => {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  try {
    return (await getMeta(document)).info as Record<string, unknown>;
  } finally {
    await document.destroy();
  }
};

// pdf.js reads images with ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks (21+ has
// it). For reading test PDFs a copy does what the transfer would.
const arrayBufferPrototype = ArrayBuffer.prototype as ArrayBuffer & {
  transferToFixedLength?: (length?: number) => ArrayBuffer;
};
arrayBufferPrototype.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

/** An image as a PDF page shows it: its size in pixels and its decoded pixels (RGB or RGBA). */
export type PdfPageImage = { width: number; height: number; channels: number; data: Uint8ClampedArray };

/** The images drawn on one page of a PDF (the first by default), in the order they are drawn. */
export const pdfImages = async (bytes: Buffer | Uint8Array, pageNumber = 1): Promise<PdfPageImage[]> => {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  try {
    return (await extractImages(document, pageNumber)).map(({ width, height, channels, data }) => ({
      width,
      height,
      channels,
      data,
    }));
  } finally {
    await document.destroy();
  }
};

/** Width and height of each image on a page, in drawing order. */
export const pdfImageSizes = async (bytes: Buffer | Uint8Array, pageNumber = 1) =>
  (await pdfImages(bytes, pageNumber)).map((image) => [image.width, image.height]);

/** The colour of an image's top-left pixel, as [red, green, blue]. */
export const firstPixelOf = (image: PdfPageImage): [number, number, number] => [
  image.data[0] ?? -1,
  image.data[1] ?? -1,
  image.data[2] ?? -1,
];

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid PNG of one colour, made in memory: a stand-in logo or footer for tests. */
export const solidPng = (width: number, height: number, [red, green, blue]: [number, number, number]) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, RGB, deflate, no filter method, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3).map((_, index) => [red, green, blue][index % 3]!),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};
