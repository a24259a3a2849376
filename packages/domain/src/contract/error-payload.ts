/**
 * Every failure the server reports carries one of these codes. REST maps each to one HTTP status
 * (see server `platform/errors`), socket acks pass the payload as the first argument. `message` is
 * readable English (SPEC §5 and §8 wordings); when it comes from a message key (`validation.…`),
 * `messageKey` keeps that key for the client to translate — otherwise the client translates
 * `errors.<CODE>`. Field messages in `details.fields` stay keys.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'NOT_FOUND',
  'CONFLICT',
  'FORBIDDEN',
  'NOT_AUTHORIZED',
  'INVALID_CREDENTIALS',
  'COMPANY_REQUIRED',
  'SECOND_FACTOR_REQUIRED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPSTREAM',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What a failed request answers (its schema, `errorPayloadSchema`, is in errors.ts). */
export type ErrorPayload = { code: ErrorCode; message: string; messageKey?: string; details?: unknown };

/**
 * Whether a value is an error payload: the schema's rules written out, so that a browser can tell an
 * error answer without loading zod before its first screen (a test keeps the two in step).
 */
export const isErrorPayload = (value: unknown): value is ErrorPayload => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { code, message, messageKey } = value as Record<string, unknown>;
  return (
    (ERROR_CODES as readonly unknown[]).includes(code) &&
    typeof message === 'string' &&
    (messageKey === undefined || typeof messageKey === 'string')
  );
};
