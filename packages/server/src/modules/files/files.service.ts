import { buffer } from 'node:stream/consumers';
import {
  type Access,
  FILES_PUSHES,
  type FileDto,
  type FilesChangedPush,
  type FileType,
  type fileDownloadQuerySchema,
  isAllowed,
  SIGNED_IN,
} from '@karm/domain/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { AppError, conflict, forbidden, notFound, refusedAction } from '../../platform/errors';
import { scaledPicture } from '../../platform/images/scaled-picture';
import { squareThumbnail } from '../../platform/images/square-thumbnail';
import { defineJob } from '../../platform/jobs/job-table';
import { type DocumentOwner, documentOwnerOf, requireDocumentOwner } from './document-owners';
import { ALLOWED_MIME_TYPES, sniffMimeType } from './file-types';
import { isFileInUse } from './file-users';
import { files } from './files.tables';

type FileRow = typeof files.$inferSelect;

/** Files of one type (a company's logo must be a file uploaded as `logo`) or of a few, for the reference checker. */
export const filesReferable = (type: FileType | readonly FileType[]): Referable => ({
  table: files,
  id: files.id,
  companyId: files.companyId,
  isUsable: typeof type === 'string' ? eq(files.type, type) : inArray(files.type, [...type]),
});

/** The avatar pictures one person uploaded: the only files their profile may name as its picture. */
export const avatarsOf = (userId: string): Referable => ({
  ...filesReferable('avatar'),
  isUsable: and(eq(files.type, 'avatar'), eq(files.uploadedBy, userId)),
});

/** Side of the square thumbnail an avatar becomes: sharp on a high-density screen at header size and more. */
export const AVATAR_SIZE_PX = 256;

/** Open Files screens fetch their page again after a committed change. */
const announceFileChange = (ctx: AppContext, companyId: string, id: string) =>
  ctx.realtime.toCompany(companyId, FILES_PUSHES.changed, { id } satisfies FilesChangedPush);

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

/**
 * Who may store and delete (`write`) and open (`read`) each type of file, beyond belonging to the
 * company. A document follows the record it is attached to (its owner says, e.g. an inquiry's).
 */
const FILE_ACCESS: Record<Exclude<FileType, 'document'>, { write: Access; read: Access }> = {
  // Every PDF and screen shows the logo and footer; only the company's managers change them.
  logo: { write: 'company.manage', read: SIGNED_IN },
  footer: { write: 'company.manage', read: SIGNED_IN },
  // Each person uploads their own picture (deleting someone else's needs users.manage, below).
  avatar: { write: SIGNED_IN, read: SIGNED_IN },
  picture: {
    write: ['service.work', 'deviations.report', 'checklists.run'],
    read: ['service.read', 'quality.read'],
  },
  // A checklist row's attachment (a wiring diagram): whoever reads the templates opens it.
  'service-file': { write: 'service-templates.write', read: 'service-templates.read' },
  // A checklist answer's photo or signature; a deviation it raises shows it to the quality readers.
  'service-picture': { write: 'service.work', read: ['service.read', 'quality.read'] },
};

/** A document attached to no record (or one since deleted) is any member's, like an e-mail attachment. */
const LOOSE_DOCUMENT_ACCESS = { write: SIGNED_IN, read: SIGNED_IN } as const;
/**
 * A document whose record is gone (deleted): it was as private as that record, which can no longer
 * say who may read it, so only administrators may read or remove it.
 */
const ORPHANED_DOCUMENT_ACCESS = { write: 'system.manage', read: 'system.manage' } as const;

/** The file types other than documents the actor may read (documents follow their owner). */
export const fixedTypesReadableBy = (actor: Actor) =>
  (Object.keys(FILE_ACCESS) as (keyof typeof FILE_ACCESS)[]).filter((type) =>
    isAllowed(FILE_ACCESS[type].read, actor.permissions),
  );

const accessOf = (type: FileType, owner: DocumentOwner | null, entityId: string | null) => {
  if (type !== 'document') return FILE_ACCESS[type];
  return owner?.access ?? (entityId ? ORPHANED_DOCUMENT_ACCESS : LOOSE_DOCUMENT_ACCESS);
};

const assertMay = (
  actor: Actor,
  type: FileType,
  owner: DocumentOwner | null,
  kind: 'write' | 'read',
  entityId: string | null = null,
) => {
  const access = accessOf(type, owner, entityId)[kind];
  if (!isAllowed(access, actor.permissions)) throw refusedAction(`file:${kind}:${type}`, access);
};

export const assertOwnCompany = (actor: Actor, companyId: string | undefined) => {
  if (companyId && companyId !== actor.companyId) throw forbidden('Files belong to your own company only');
};

const withExtension = (name: string, extension: string) => `${name.replace(/\.[^.]*$/, '')}.${extension}`;

/**
 * What is kept of an upload: a person's picture only as a small upright square, a service picture
 * upright, at most 2 000 px, as JPEG with a thumbnail (no huge photo, no EXIF location); the rest as sent.
 */
const storedForm = async (
  upload: { type: FileType; originalName: string; bytes: Buffer },
  mimeType: string,
): Promise<{ bytes: Buffer; mimeType: string; originalName: string; thumbnail?: Buffer }> => {
  if (upload.type === 'avatar') {
    return {
      bytes: await squareThumbnail(upload.bytes, mimeType, AVATAR_SIZE_PX),
      mimeType: 'image/webp',
      originalName: withExtension(upload.originalName, 'webp'),
    };
  }
  if (upload.type === 'service-picture') {
    const { picture, thumbnail } = await scaledPicture(upload.bytes, mimeType);
    return {
      bytes: picture,
      mimeType: 'image/jpeg',
      originalName: withExtension(upload.originalName, 'jpg'),
      thumbnail,
    };
  }
  return { bytes: upload.bytes, mimeType, originalName: upload.originalName };
};

export const storeUpload = async (
  ctx: AppContext,
  actor: Actor,
  upload: { type: FileType; entityId?: string; originalName: string; bytes: Buffer },
  /**
   * `isMadeByServer`: a document the server made for a use case whose own permission was checked
   * (a signed checklist's PDF kept on the project), stored even when the actor may not attach files.
   */
  options: { isMadeByServer?: boolean } = {},
): Promise<FileDto> => {
  const mimeType = await sniffMimeType(upload.bytes);
  if (!mimeType || !ALLOWED_MIME_TYPES[upload.type].includes(mimeType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `This kind of file cannot be uploaded as ${upload.type}`, {
      allowed: ALLOWED_MIME_TYPES[upload.type],
    });
  }
  // A document may attach only to a record of the uploader's own company, which they may change.
  const owner =
    upload.type === 'document' && upload.entityId
      ? await requireDocumentOwner(ctx.db, actor.companyId, upload.entityId)
      : null;
  if (!options.isMadeByServer) assertMay(actor, upload.type, owner, 'write');
  const stored = await storedForm(upload, mimeType);
  const storageKey = await ctx.files.save(stored.bytes);
  const thumbnailKey = stored.thumbnail ? await ctx.files.save(stored.thumbnail) : null;
  let saved: FileDto;
  try {
    saved = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({
          companyId: actor.companyId,
          type: upload.type,
          entityId: upload.entityId ?? null,
          originalName: cleanFileName(stored.originalName),
          mimeType: stored.mimeType,
          sizeBytes: stored.bytes.length,
          storageKey,
          thumbnailKey,
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
    if (thumbnailKey) await ctx.files.remove(thumbnailKey);
    throw error;
  }
  if (owner && upload.entityId) await owner.announce(ctx, actor, upload.entityId);
  announceFileChange(ctx, actor.companyId, saved.id);
  return saved;
};

/** Whether the file's record is one of those of its owner the actor may read (the Files list's rule too). */
const isOwnerReadable = async (db: Executor, actor: Actor, owner: DocumentOwner, fileId: string) => {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), inArray(files.entityId, owner.recordIds(db, actor.companyId, actor))));
  return row !== undefined;
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

type FileQuery = Pick<
  z.output<typeof fileDownloadQuerySchema>,
  'id' | 'type' | 'entityId' | 'companyId' | 'variant'
>;

/** A file the actor may read, as the download query names it: its type and record must match too. */
const findReadableFile = async (ctx: AppContext, actor: Actor, query: FileQuery) => {
  assertOwnCompany(actor, query.companyId);
  const row = await findOwnFile(ctx, actor, query.id);
  if ((query.type && query.type !== row.type) || (query.entityId && query.entityId !== row.entityId)) {
    throw notFound('File');
  }
  const type = row.type as FileType;
  const owner = type === 'document' ? await documentOwnerOf(ctx.db, actor.companyId, row.entityId) : null;
  assertMay(actor, type, owner, 'read', row.entityId);
  // Beyond the permission, the owner may narrow which records the actor reads (a technician's projects).
  if (owner && !(await isOwnerReadable(ctx.db, actor, owner, row.id))) throw notFound('File');
  return row;
};

/** Throws unless the actor may read the file (before a download link is made for it). */
export const assertFileReadable = async (ctx: AppContext, actor: Actor, query: FileQuery) => {
  await findReadableFile(ctx, actor, query);
};

/** The file, or its thumbnail when asked for one and it has one (its length is then not known up front). */
export const openFileForDownload = async (ctx: AppContext, actor: Actor, query: FileQuery) => {
  const row = await findReadableFile(ctx, actor, query);
  if (query.variant === 'thumbnail' && row.thumbnailKey) {
    return {
      file: { ...toFileDto(row), mimeType: 'image/webp' },
      sizeBytes: null,
      stream: ctx.files.open(row.thumbnailKey),
    };
  }
  return { file: toFileDto(row), sizeBytes: row.sizeBytes, stream: ctx.files.open(row.storageKey) };
};

export const deleteFile = async (ctx: AppContext, actor: Actor, fileId: string) => {
  const row = await findOwnFile(ctx, actor, fileId);
  const owner = row.type === 'document' ? await documentOwnerOf(ctx.db, actor.companyId, row.entityId) : null;
  assertMay(actor, row.type as FileType, owner, 'write', row.entityId);
  if (row.type === 'avatar' && row.uploadedBy !== actor.userId && !actor.permissions.has('users.manage')) {
    throw forbidden("Only the person or an administrator may remove a person's picture");
  }
  await ctx.db.transaction(async (tx) => {
    // The company's logo goes away by saving the settings without it, never from under them.
    if (await isFileInUse(tx, actor.companyId, row.id)) throw conflict('The file is in use');
    await tx.delete(files).where(eq(files.id, row.id));
    if (owner && row.entityId) {
      await owner.record(tx, actor, row.entityId, { action: 'documentDeleted', file: toFileDto(row) });
    }
  });
  await ctx.files.remove(row.storageKey);
  if (row.thumbnailKey) await ctx.files.remove(row.thumbnailKey);
  if (owner && row.entityId) await owner.announce(ctx, actor, row.entityId);
  announceFileChange(ctx, actor.companyId, row.id);
  return { id: row.id };
};

/**
 * Deletes files a save has just stopped using (a replaced or removed logo), rows and stored bytes,
 * after that save committed — unless something still uses one. Best effort: the save stands, and a
 * file that cannot be removed now is logged and left behind.
 */
export const deleteFilesNoLongerUsed = async (ctx: AppContext, companyId: string, fileIds: string[]) => {
  for (const fileId of new Set(fileIds)) {
    try {
      const removed = await ctx.db.transaction(async (tx) => {
        if (await isFileInUse(tx, companyId, fileId)) return null;
        const [row] = await tx
          .delete(files)
          .where(and(eq(files.id, fileId), eq(files.companyId, companyId)))
          .returning({ storageKey: files.storageKey, thumbnailKey: files.thumbnailKey });
        return row ?? null;
      });
      if (removed) {
        announceFileChange(ctx, companyId, fileId);
        await ctx.files.remove(removed.storageKey);
        if (removed.thumbnailKey) await ctx.files.remove(removed.thumbnailKey);
      }
    } catch (error) {
      ctx.logger.warn({ err: error, fileId }, 'Failed to delete a file no longer used');
    }
  }
};

/**
 * Removes, later, files a change let go of that open screens may still show — a company's replaced
 * logo or footer: every open tab has the old image's address until the change's push makes it ask
 * again, and a tab drawing its header in that moment would get a 404. The files are removed only if
 * still unused then (`deleteFilesNoLongerUsed`).
 */
export const removeUnusedFilesJob = defineJob<{ companyId: string; fileIds: string[] }>({
  name: 'files.remove-unused',
  handler: (ctx, data) => deleteFilesNoLongerUsed(ctx, data.companyId, data.fileIds),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
});

/** How long a replaced company image stays downloadable: open tabs refresh well within it. */
export const REPLACED_FILE_GRACE_SECONDS = 10 * 60;

/** Queues the removal of files no longer used, after the grace period (see `removeUnusedFilesJob`). */
export const removeUnusedFilesLater = async (ctx: AppContext, companyId: string, fileIds: string[]) => {
  if (fileIds.length === 0) return;
  await ctx.jobs.send(
    removeUnusedFilesJob,
    { companyId, fileIds: [...new Set(fileIds)] },
    { startAfterSeconds: REPLACED_FILE_GRACE_SECONDS },
  );
};

/**
 * A stored file's name, type and bytes, for the company's own background work (the accounting push
 * sends an invoice's signed order on); null when the company has no such file (any more). No actor:
 * the caller decides who may cause this, as the push does when an administrator links the file.
 */
export const readStoredFile = async (ctx: AppContext, companyId: string, fileId: string) => {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, companyId)));
  if (!row) return null;
  return {
    name: row.originalName,
    mimeType: row.mimeType,
    bytes: await buffer(ctx.files.open(row.storageKey)),
  };
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

/** The names files were uploaded under, by id (the company's files only), e.g. for a history row. */
export const fileNamesOf = async (db: Executor, companyId: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: files.id, originalName: files.originalName })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, unique)));
  return new Map(rows.map((row) => [row.id, row.originalName]));
};
