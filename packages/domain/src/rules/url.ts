import { VALIDATION_MESSAGE_KEYS } from './validation-messages';

// The domain compiles without DOM or Node types, but WHATWG `URL` exists in every runtime we target.
type UrlConstructor = new (input: string) => { protocol: string; hostname: string };
const WhatwgUrl = (globalThis as unknown as { URL: UrlConstructor }).URL;

// `new URL('http:example.com')` succeeds, but the rule (and its message) asks for "http://" or "https://".
const HTTP_PREFIX = /^https?:\/\//i;

/**
 * A URL field is valid when empty or an absolute http(s) URL with a host (SPEC §5). Surrounding spaces
 * are ignored, so a field holding only spaces counts as empty.
 */
export const isValidUrl = (value: string): boolean => {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  if (!HTTP_PREFIX.test(trimmed)) return false;
  try {
    const url = new WhatwgUrl(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** Null when valid, otherwise `'validation.urlInvalid'`. */
export const validateUrl = (value: string): typeof VALIDATION_MESSAGE_KEYS.urlInvalid | null =>
  isValidUrl(value) ? null : VALIDATION_MESSAGE_KEYS.urlInvalid;
