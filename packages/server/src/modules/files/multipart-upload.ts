import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

/**
 * Reads a multipart upload whatever the order of its parts: its text fields and exactly one file.
 * Shared by the files routes and routes that take a document for their own record (an invoice's
 * signed order).
 */
export const readMultipartFile = async (request: FastifyRequest, maxBytes: number) => {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        file = { name: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Limits and content types keep their own status; a body the parser cannot read is bad input.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('VALIDATION', 'The upload is not a readable multipart form', {
      fields: { file: VALIDATION_MESSAGE_KEYS.uploadMalformed },
    });
  }
  if (!file)
    throw new AppError('VALIDATION', 'No file in the upload', { fields: { file: 'validation.required' } });
  return { fields, file };
};
