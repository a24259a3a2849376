import type { ErrorCode, ErrorPayload } from '@karm/domain/contract';
import { ZodError } from 'zod';

/** The one code → HTTP status table (DESIGN rule 3). */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  COMPANY_REQUIRED: 400,
  NOT_AUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM: 502,
};

/** A failure a use case reports on purpose; anything else thrown is an INTERNAL error. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): ErrorPayload {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const notAuthorized = () => new AppError('NOT_AUTHORIZED', 'Not authorized');
export const forbidden = (message = 'Not allowed') => new AppError('FORBIDDEN', message);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);

/** Field → message key, the shape the client puts next to form fields. */
export const validationError = (fields: Record<string, string>, message = 'Invalid input') =>
  new AppError('VALIDATION', message, { fields });

export const fromZodError = (error: ZodError) =>
  validationError(
    Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || '_', issue.message])),
    error.issues[0]?.message ?? 'Invalid input',
  );

/** Turns whatever was thrown into the payload the client sees; internals are never leaked. */
export const toErrorPayload = (error: unknown): ErrorPayload => {
  if (error instanceof AppError) return error.toPayload();
  if (error instanceof ZodError) return fromZodError(error).toPayload();
  return { code: 'INTERNAL', message: 'An unexpected error occurred' };
};

export const isInternal = (error: unknown) => !(error instanceof AppError) && !(error instanceof ZodError);
