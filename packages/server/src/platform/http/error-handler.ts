import type { ErrorCode, ErrorPayload } from '@karm/domain/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, HTTP_STATUS_BY_CODE, toErrorPayload, validationError } from '../errors';

/** Fastify's own 4xx errors (bad JSON, too large, wrong content type…) keep their meaning. */
const CODE_BY_FRAMEWORK_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'NOT_AUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'VALIDATION',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const toPayload = (error: FastifyError | AppError): ErrorPayload => {
  if (error instanceof AppError) return error.toPayload();
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(
      Object.fromEntries(
        error.validation.map((issue) => [
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_',
          issue.message ?? 'Invalid',
        ]),
      ),
    ).toPayload();
  }
  const code = error.statusCode ? CODE_BY_FRAMEWORK_STATUS[error.statusCode] : undefined;
  if (code) return { code, message: error.message };
  return toErrorPayload(error);
};

/** Whether a request failed unexpectedly (a 500), not by a refusal of ours or the framework's. */
export const isInternalHttpError = (error: FastifyError | AppError) => toPayload(error).code === 'INTERNAL';

/** REST side of DESIGN rule 3: one payload shape, one status per code, never a leaked stack. */
export const handleHttpError = (
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const payload = toPayload(error);
  if (payload.code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
  return reply.code(HTTP_STATUS_BY_CODE[payload.code]).send(payload);
};
