import { crc32, deflateSync } from 'node:zlib';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

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
