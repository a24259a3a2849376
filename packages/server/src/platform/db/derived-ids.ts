import { createHash } from 'node:crypto';

/**
 * A UUID that is always the same for the same parts (RFC 9562 version 8, from SHA-256). For the rows
 * a company starts with (its offer statuses): a read can answer them with their ids before the first
 * write stores them, and the write stores them under exactly those ids. Every other id is v7 (ids.ts).
 */
export const derivedId = (...parts: string[]): string => {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
