import type { FileType } from '@karm/domain/contract';
import { fileTypeFromBuffer } from 'file-type';
import { HEIF_MIME_TYPES } from '../../platform/images/open-picture';

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const DOCUMENTS = [
  ...IMAGES,
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/vnd.dwg',
  'text/plain',
];

/** Which real (sniffed) content each kind of upload may have. SVG is never accepted: it can carry script. */
export const ALLOWED_MIME_TYPES: Record<FileType, string[]> = {
  logo: IMAGES,
  footer: IMAGES,
  // Made into a small square on the server, so a phone's HEIC photo is welcome (images/open-picture.ts).
  avatar: [...IMAGES, ...HEIF_MIME_TYPES],
  picture: IMAGES,
  document: DOCUMENTS,
  'service-file': DOCUMENTS,
  // Scaled on the server and kept as JPEG: HEIC through libheif, AVIF through sharp (open-picture.ts).
  'service-picture': [...IMAGES, ...HEIF_MIME_TYPES, 'image/avif'],
};

const looksLikeText = (bytes: Buffer) => {
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD');
};

/**
 * The file's type from its bytes, never from the name or the browser's claim. Plain text has no
 * magic number, so it is recognised by being valid UTF-8 without NUL bytes.
 */
export const sniffMimeType = async (bytes: Buffer): Promise<string | undefined> => {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime;
  return bytes.length > 0 && looksLikeText(bytes) ? 'text/plain' : undefined;
};
