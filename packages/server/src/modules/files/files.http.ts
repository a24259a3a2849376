import {
  fileDownloadQuerySchema,
  fileDtoSchema,
  fileUploadFieldsSchema,
  fileUploadQuerySchema,
  idDtoSchema,
  SIGNED_IN,
} from '@karm/domain/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { fromZodError } from '../../platform/errors';
import { fileAnswer, httpModule, type RouteInput, route } from '../../platform/http/routes';
import { downloadLinkRoute } from './download-links.http';
import { assertOwnCompany, deleteFile, openFileForDownload, storeUpload } from './files.service';
import { readMultipartFile } from './multipart-upload';

/** Reads an upload to the files routes: its fields as the contract says, and its one file. */
const readUpload = async (request: FastifyRequest, maxBytes: number) => {
  const { fields, file } = await readMultipartFile(request, maxBytes);
  const parsed = fileUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw fromZodError(parsed.error);
  return { ...parsed.data, file };
};

/**
 * An upload: any member may send one; the files module then checks that the actor may store that
 * type of file (a logo needs company.manage, an inquiry's document inquiries.write).
 */
const upload = async (
  ctx: AppContext,
  actor: Actor,
  { query, request }: RouteInput<{ querystring: typeof fileUploadQuerySchema }>,
) => {
  assertOwnCompany(actor, query.companyId);
  const received = await readUpload(request, ctx.config.uploadMaxBytes);
  return storeUpload(ctx, actor, {
    type: received.type,
    entityId: received.entityId,
    originalName: received.file.name,
    bytes: received.file.bytes,
  });
};

const uploadSchemas = {
  querystring: fileUploadQuerySchema,
  consumes: ['multipart/form-data'],
  response: fileDtoSchema,
};

export const filesRoutes = httpModule('files', [
  route({
    method: 'POST',
    url: '/file',
    access: SIGNED_IN,
    schemas: uploadSchemas,
    status: 201,
    useCase: upload,
  }),
  // SPEC §7 says "upload to {host}": the same upload at the API's root.
  route({
    method: 'POST',
    url: '/',
    access: SIGNED_IN,
    schemas: uploadSchemas,
    status: 201,
    useCase: upload,
  }),
  downloadLinkRoute,
  // SPEC §7: GET {host}/file?type&id&entityId&companyId — a signed link, or the token header.
  route({
    method: 'GET',
    url: '/file',
    access: SIGNED_IN,
    signedLink: { kind: 'file', resourceId: (request) => String((request.query as { id?: unknown }).id) },
    // The stored file, with the content type it was uploaded with (an image, a PDF, a document…).
    schemas: { querystring: fileDownloadQuerySchema, response: fileAnswer('*/*') },
    useCase: async (ctx, actor, { query, reply }) => {
      const { file, stream, sizeBytes } = await openFileForDownload(ctx, actor, query);
      if (sizeBytes !== null) reply.header('content-length', sizeBytes);
      const disposition =
        file.mimeType === 'application/pdf' || file.mimeType.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mimeType)
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    },
  }),
  route({
    method: 'DELETE',
    url: '/file/:id',
    access: SIGNED_IN,
    schemas: { params: z.object({ id: z.uuid() }), response: idDtoSchema },
    useCase: (ctx, actor, { params }) => deleteFile(ctx, actor, params.id),
  }),
]);
