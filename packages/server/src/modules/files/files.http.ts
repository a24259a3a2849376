import {
  fileDownloadQuerySchema,
  fileUploadFieldsSchema,
  fileUploadQuerySchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, fromZodError } from '../../platform/errors';
import { actorOf } from '../../platform/http/actor';
import { downloadAccess } from '../../platform/http/download-links';
import type { HttpApp, HttpDeps, HttpRoutes } from '../../platform/http/types';
import { downloadLinkRoutes } from './download-links.http';
import { assertOwnCompany, deleteFile, openFileForDownload, storeUpload } from './files.service';

/** Reads a multipart upload whatever the order of its parts: the fields and exactly one file. */
const readUpload = async (request: FastifyRequest, maxBytes: number) => {
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
  const parsed = fileUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw fromZodError(parsed.error);
  return { ...parsed.data, file };
};

const registerUpload = (app: HttpApp, path: string, { ctx }: HttpDeps) => {
  app.post(
    path,
    {
      schema: { querystring: fileUploadQuerySchema, tags: ['files'], consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      assertOwnCompany(actor, request.query.companyId);
      const upload = await readUpload(request, ctx.config.uploadMaxBytes);
      const stored = await storeUpload(ctx, actor, {
        type: upload.type,
        entityId: upload.entityId,
        originalName: upload.file.name,
        bytes: upload.file.bytes,
      });
      return reply.code(201).send(stored);
    },
  );
};

export const filesRoutes: HttpRoutes = (app, deps) => {
  const { ctx } = deps;
  // SPEC §7 says "upload to {host}"; /file is the same route under a name that says what it is.
  registerUpload(app, '/file', deps);
  registerUpload(app, '/', deps);
  downloadLinkRoutes(app, deps);

  app.get(
    '/file',
    {
      preHandler: downloadAccess(deps, 'file', (request) => (request.query as { id: string }).id),
      schema: { querystring: fileDownloadQuerySchema, tags: ['files'] },
    },
    async (request, reply) => {
      const { file, stream } = await openFileForDownload(ctx, actorOf(request), request.query);
      const disposition =
        file.mimeType === 'application/pdf' || file.mimeType.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.sizeBytes)
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    },
  );

  app.delete(
    '/file/:id',
    { schema: { params: z.object({ id: z.uuid() }), tags: ['files'] } },
    async (request) => deleteFile(ctx, actorOf(request), request.params.id),
  );
};
