import { type Access, type ErrorCode, type ErrorPayload, permissionsNamedBy } from '@karm/domain/contract';
import { englishMessageOf } from '@karm/domain/rules';
import { ZodError } from 'zod';

/** The one code → HTTP status table (DESIGN rule 3). */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  COMPANY_REQUIRED: 400,
  NOT_AUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  SECOND_FACTOR_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM: 502,
};

/**
 * A failure a use case reports on purpose; anything else thrown is an INTERNAL error. The message
 * may be English or a message key (`validation.mustBe9Characters`, with `?name=value` parameters):
 * a key becomes its English text, and the key is kept as `messageKey` for the client to translate.
 */
export class AppError extends Error {
  readonly messageKey: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    const english = englishMessageOf(message);
    super(english ?? message);
    this.name = 'AppError';
    this.messageKey = english === undefined ? undefined : message;
  }

  toPayload(): ErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.messageKey !== undefined && { messageKey: this.messageKey }),
      ...(this.details !== undefined && { details: this.details }),
    };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const notAuthorized = () => new AppError('NOT_AUTHORIZED', 'Not authorized');
export const forbidden = (message = 'Not allowed') => new AppError('FORBIDDEN', message);

/**
 * A call the permission table refuses: FORBIDDEN naming the action and the permission it needs, so
 * the person can ask an administrator for exactly that.
 */
export const refusedAction = (action: string, access: Access) => {
  const needed = permissionsNamedBy(access);
  return new AppError('FORBIDDEN', `Not allowed: ${action} needs the permission ${needed.join(' or ')}`, {
    action,
    permissions: needed,
  });
};
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);

/**
 * Field → message key, the shape the client puts next to form fields (the keys stay keys). Without
 * a message of its own, the error says what the first field's message says.
 */
export const validationError = (
  fields: Record<string, string>,
  message = Object.values(fields)[0] ?? 'Invalid input',
) => new AppError('VALIDATION', message, { fields });

export const fromZodError = (error: ZodError) =>
  validationError(
    Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || '_', issue.message])),
  );

/** Turns whatever was thrown into the payload the client sees; internals are never leaked. */
export const toErrorPayload = (error: unknown): ErrorPayload => {
  if (error instanceof AppError) return error.toPayload();
  if (error instanceof ZodError) return fromZodError(error).toPayload();
  return { code: 'INTERNAL', message: 'An unexpected error occurred' };
};

export const isInternal = (error: unknown) => !(error instanceof AppError) && !(error instanceof ZodError);
