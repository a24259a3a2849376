import { z } from 'zod';

/**
 * Every failure the server reports carries one of these codes. REST maps each to one HTTP status
 * (see server `platform/errors`), socket acks pass the payload as the first argument, and the client
 * translates `errors.<CODE>` — the English `message` is a fallback for logs and old clients.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'NOT_FOUND',
  'CONFLICT',
  'FORBIDDEN',
  'NOT_AUTHORIZED',
  'INVALID_CREDENTIALS',
  'COMPANY_REQUIRED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPSTREAM',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorPayloadSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
});

export type ErrorPayload = z.infer<typeof errorPayloadSchema>;

export const isErrorPayload = (value: unknown): value is ErrorPayload =>
  errorPayloadSchema.safeParse(value).success;
