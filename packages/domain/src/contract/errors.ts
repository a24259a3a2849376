import { z } from 'zod';

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
  messageKey: z.string().optional(),
  details: z.unknown().optional(),
});

export type ErrorPayload = z.infer<typeof errorPayloadSchema>;

export const isErrorPayload = (value: unknown): value is ErrorPayload =>
  errorPayloadSchema.safeParse(value).success;
