import { type FakeResponse, fail } from './fake-http';

/** A file part of a `multipart/form-data` body, as the fake's routes see it. */
export type FakeUpload = { fileName: string; contentType: string; bytes: Buffer };

export const isFakeUpload = (value: unknown): value is FakeUpload =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as FakeUpload).bytes);

/** The media type of a `Content-Type` header without its parameters, e.g. `multipart/form-data`. */
export const mediaTypeOf = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * A multipart body as its parts by name: text as text, files as `FakeUpload`. Parsed by Node's own
 * fetch implementation (undici's `Response.formData()`, the WHATWG multipart parser) rather than by
 * hand, so what the adapter's `FormData` writes is read back the way a real server reads it.
 */
const readMultipart = async (raw: Buffer, contentType: string) => {
  // A copy: a body must be a view of a plain ArrayBuffer, and a Buffer may sit on a shared one.
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const parts: Record<string, string | FakeUpload> = {};
  for (const [name, value] of form.entries()) {
    parts[name] =
      typeof value === 'string'
        ? value
        : { fileName: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  return parts;
};

/**
 * The request body as the routes see it: JSON, or the parts of a multipart upload (the only other
 * kind Tripletex's document declares); absent when empty. A body that cannot be read is answered as
 * Tripletex would (400) before any route sees it.
 */
export const readBody = async (
  raw: Buffer,
  contentType: string | undefined,
): Promise<{ body: unknown } | { response: FakeResponse }> => {
  if (raw.length === 0) return { body: undefined };
  if (mediaTypeOf(contentType) === 'multipart/form-data') {
    try {
      return { body: await readMultipart(raw, contentType ?? '') };
    } catch {
      return { response: fail(400, 0, 'The body is not valid multipart/form-data') };
    }
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { response: fail(400, 0, 'The body is not valid JSON') };
  }
};
