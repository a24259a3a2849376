import type { FileDto, FileType, fileDownloadQuerySchema } from '@karm/domain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { documentOwnerOf, requireDocumentOwner } from './document-owners';
import { ALLOWED_MIME_TYPES, sniffMimeType } from './file-types';
import { files } from './files.tables';

type FileRow = typeof files.$inferSelect;

/** Files of one type (a company's logo must be a file uploaded as `logo`), for the reference checker. */
export const filesReferable = (type: FileType): Referable => ({
  table: files,
  id: files.id,
  companyId: files.companyId,
  isUsable: eq(files.type, type),
});

const toFileDto = (row: FileRow): FileDto => ({
  id: row.id,
  type: row.type as FileType,
  entityId: row.entityId,
  originalName: row.originalName,
  mimeType: row.mimeType,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
});

const isControlCharacter = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
};

/** Keeps the visible name readable but harmless: no path parts, no control characters. */
const cleanFileName = (name: string) =>
  [...name.replace(/^.*[\\/]/, '')]
    .filter((character) => !isControlCharacter(character))
    .join('')
    .slice(0, 200) || 'file';

export const assertOwnCompany = (actor: Actor, companyId: string | undefined) => {
  if (companyId && companyId !== actor.companyId) throw forbidden('Files belong to your own company only');
};

export const storeUpload = async (
  ctx: AppContext,
  actor: Actor,
  upload: { type: FileType; entityId?: string; originalName: string; bytes: Buffer },
): Promise<FileDto> => {
  const mimeType = await sniffMimeType(upload.bytes);
  if (!mimeType || !ALLOWED_MIME_TYPES[upload.type].includes(mimeType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `This kind of file cannot be uploaded as ${upload.type}`, {
      allowed: ALLOWED_MIME_TYPES[upload.type],
    });
  }
  // A document may attach only to a record of the uploader's own company.
  const owner =
    upload.type === 'document' && upload.entityId
      ? await requireDocumentOwner(ctx.db, actor.companyId, upload.entityId)
      : null;
  const storageKey = await ctx.files.save(upload.bytes);
  let stored: FileDto;
  try {
    stored = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({
          companyId: actor.companyId,
          type: upload.type,
          entityId: upload.entityId ?? null,
          originalName: cleanFileName(upload.originalName),
          mimeType,
          sizeBytes: upload.bytes.length,
          storageKey,
          uploadedBy: actor.userId,
          createdAt: ctx.clock.now(),
        })
        .returning();
      if (!row) throw new Error('File insert returned nothing');
      const file = toFileDto(row);
      if (owner && upload.entityId) {
        await owner.record(tx, actor, upload.entityId, { action: 'documentAdded', file });
      }
      return file;
    });
  } catch (error) {
    await ctx.files.remove(storageKey);
    throw error;
  }
  if (owner && upload.entityId) await owner.announce(ctx, actor, upload.entityId);
  return stored;
};

/** A file of the actor's company; another company's file is "not found", never "forbidden". */
const findOwnFile = async (ctx: AppContext, actor: Actor, fileId: string) => {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, actor.companyId)));
  if (!row) throw notFound('File');
  return row;
};

type FileQuery = Pick<z.output<typeof fileDownloadQuerySchema>, 'id' | 'type' | 'entityId' | 'companyId'>;

/** A file the actor may read, as the download query names it: its type and record must match too. */
const findReadableFile = async (ctx: AppContext, actor: Actor, query: FileQuery) => {
  assertOwnCompany(actor, query.companyId);
  const row = await findOwnFile(ctx, actor, query.id);
  if ((query.type && query.type !== row.type) || (query.entityId && query.entityId !== row.entityId)) {
    throw notFound('File');
  }
  return row;
};

/** Throws unless the actor may read the file (before a download link is made for it). */
export const assertFileReadable = async (ctx: AppContext, actor: Actor, query: FileQuery) => {
  await findReadableFile(ctx, actor, query);
};

export const openFileForDownload = async (ctx: AppContext, actor: Actor, query: FileQuery) => {
  const row = await findReadableFile(ctx, actor, query);
  return { file: toFileDto(row), stream: ctx.files.open(row.storageKey) };
};

export const deleteFile = async (ctx: AppContext, actor: Actor, fileId: string) => {
  const row = await findOwnFile(ctx, actor, fileId);
  const owner = row.type === 'document' ? await documentOwnerOf(ctx.db, actor.companyId, row.entityId) : null;
  await ctx.db.transaction(async (tx) => {
    await tx.delete(files).where(eq(files.id, row.id));
    if (owner && row.entityId) {
      await owner.record(tx, actor, row.entityId, { action: 'documentDeleted', file: toFileDto(row) });
    }
  });
  await ctx.files.remove(row.storageKey);
  if (owner && row.entityId) await owner.announce(ctx, actor, row.entityId);
  return { id: row.id };
};

/** The files of one record of the company, oldest first (e.g. an inquiry's documents). */
export const filesOfEntity = async (db: Executor, companyId: string, type: FileType, entityId: string) =>
  (
    await db
      .select()
      .from(files)
      .where(and(eq(files.companyId, companyId), eq(files.type, type), eq(files.entityId, entityId)))
      .orderBy(asc(files.createdAt), asc(files.id))
  ).map(toFileDto);
