import { z } from 'zod';
import { ERROR_CODES, type ErrorPayload } from './error-payload';

export { ERROR_CODES, type ErrorCode, type ErrorPayload, isErrorPayload } from './error-payload';

export const errorPayloadSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  messageKey: z.string().optional(),
  details: z.unknown().optional(),
}) satisfies z.ZodType<ErrorPayload>;
