/**
 * Log entries are read by administrators and kept for months, so secrets never reach them: values
 * under secret-sounding keys are replaced, and `key=value`, `"key": "value"` and `Bearer …` inside
 * texts (messages, stacks, URLs) lose their value.
 */
export const REDACTED = '[redacted]';

const SECRET_WORDS = [
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'secret',
  'token',
  'authorization',
  'cookie',
  'api[-_]?key',
  'credential',
  'private[-_]?key',
  'recovery[-_]?code',
  'otp',
];
const SECRET_WORD = SECRET_WORDS.join('|');
const SECRET_KEY = new RegExp(SECRET_WORD, 'i');
/** `token=abc`, `password: abc` (up to a separator). */
const ASSIGNED = new RegExp(`((?:${SECRET_WORD})[\\w-]*\\s*[=:]\\s*)(?!\\s|"|')[^\\s&,;"']+`, 'gi');
/** `"token": "abc"` or `'token': 'abc'` as in printed JSON. */
const QUOTED = new RegExp(
  `((["'])[\\w-]*(?:${SECRET_WORD})[\\w-]*\\2\\s*:\\s*(["']))(?:\\\\.|(?!\\3).)*\\3`,
  'gi',
);
const BEARER = /\b(bearer|basic)\s+[\w.~+/=-]+/gi;

const MAX_DEPTH = 20;

export const redactText = (text: string) =>
  text
    .replace(
      QUOTED,
      (_match, head: string, _quote: string, valueQuote: string) => `${head}${REDACTED}${valueQuote}`,
    )
    .replace(ASSIGNED, `$1${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`);

/** A copy of any JSON-like value with its secrets replaced (deeper than 20 levels is cut off). */
export const redact = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) && item !== null && item !== undefined && item !== ''
        ? REDACTED
        : redact(item, depth + 1),
    ]),
  );
};
