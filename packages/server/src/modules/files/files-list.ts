import {
  FILE_CONTENT_TYPES,
  type FileListItemDto,
  type FileOwnerDto,
  type FileType,
  type fileListQuerySchema,
  isAllowed,
  type LookupDto,
  type Page,
} from '@karm/domain/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { startOfDayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/search-terms';
import { userNamesByIds } from '../auth/users.repository';
import { type DocumentOwner, documentOwners } from './document-owners';
import { fixedTypesReadableBy } from './files.service';
import { files } from './files.tables';

type FileListQuery = z.output<typeof fileListQuerySchema>;
type FileRow = typeof files.$inferSelect;

const isDocument = eq(files.type, 'document');

/** Documents attached to no record: any member's. */
const looseDocuments = and(isDocument, isNull(files.entityId));

/** Documents whose record no owner knows any more (deleted): administrators' only, like a download. */
const orphanedDocuments = (db: Executor, companyId: string) =>
  and(
    isDocument,
    isNotNull(files.entityId),
    ...documentOwners().map((owner) => notInArray(files.entityId, owner.recordIds(db, companyId))),
  );

const ofOwner = (db: Executor, companyId: string, owner: DocumentOwner, actor?: Actor) =>
  and(isDocument, isNotNull(files.entityId), inArray(files.entityId, owner.recordIds(db, companyId, actor)));

/**
 * The files the actor may read, as one condition — the same rule a single download follows: logos,
 * footers and pictures by their type's permission; a document by its owner's permission and scope,
 * a loose document by any member.
 */
const readableBy = (db: Executor, actor: Actor): SQL | undefined => {
  const fixedTypes = fixedTypesReadableBy(actor);
  return or(
    fixedTypes.length > 0 ? inArray(files.type, fixedTypes) : undefined,
    looseDocuments,
    actor.permissions.has('system.manage') ? orphanedDocuments(db, actor.companyId) : undefined,
    ...documentOwners()
      .filter((owner) => isAllowed(owner.access.read, actor.permissions))
      .map((owner) => ofOwner(db, actor.companyId, owner, actor)),
  );
};

const ownerKindCondition = (db: Executor, companyId: string, kind: FileListQuery['ownerKind']) => {
  if (kind === null) return undefined;
  if (kind === 'company') return inArray(files.type, ['logo', 'footer']);
  if (kind === 'person') return eq(files.type, 'avatar');
  if (kind === 'none')
    return or(
      inArray(files.type, ['picture', 'service-file', 'service-picture']),
      looseDocuments,
      orphanedDocuments(db, companyId),
    );
  const owner = documentOwners().find((candidate) => candidate.kind === kind);
  // A kind no owner serves yet (offers, until they take documents) lists nothing.
  return owner ? ofOwner(db, companyId, owner) : sql`false`;
};

const SORT_KEYS = {
  uploadedAt: files.createdAt,
  name: sql`lower(${files.originalName})`,
  size: files.sizeBytes,
} as const;

/** Who or what each listed file belongs to: documents ask their owners, the rest follow their type. */
const ownersOf = async (ctx: AppContext, actor: Actor, rows: FileRow[], names: Map<string, string>) => {
  const entityIds = [
    ...new Set(rows.filter((row) => row.type === 'document' && row.entityId).map((row) => row.entityId)),
  ] as string[];
  const found = new Map<string, FileOwnerDto>();
  for (const owner of documentOwners()) {
    const missing = entityIds.filter((id) => !found.has(id));
    if (missing.length === 0) break;
    for (const [id, label] of await owner.labels(ctx.db, actor.companyId, missing)) {
      found.set(id, { kind: owner.kind, id, ...label });
    }
  }
  return (row: FileRow): FileOwnerDto | null => {
    if (row.type === 'logo' || row.type === 'footer') {
      return { kind: 'company', id: actor.companyId, number: null, name: '' };
    }
    if (row.type === 'avatar' && row.uploadedBy) {
      return { kind: 'person', id: row.uploadedBy, number: null, name: names.get(row.uploadedBy) ?? '' };
    }
    return row.entityId ? (found.get(row.entityId) ?? null) : null;
  };
};

/** The Files screen: one page of the company's files the actor may read, under the filters. */
export const listFiles = async (
  ctx: AppContext,
  actor: Actor,
  query: FileListQuery,
): Promise<Page<FileListItemDto>> => {
  const where = and(
    eq(files.companyId, actor.companyId),
    readableBy(ctx.db, actor),
    query.search ? ilike(files.originalName, containsPattern(query.search)) : undefined,
    ownerKindCondition(ctx.db, actor.companyId, query.ownerKind),
    query.contentKind ? inArray(files.mimeType, [...FILE_CONTENT_TYPES[query.contentKind]]) : undefined,
    query.uploadedBy ? eq(files.uploadedBy, query.uploadedBy) : undefined,
    query.from ? gte(files.createdAt, startOfDayIn(query.from)) : undefined,
    query.to ? lt(files.createdAt, startOfDayIn(query.to, 1)) : undefined,
  );
  const key = SORT_KEYS[query.sort];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(files)
      .where(where)
      .orderBy(query.direction === 'desc' ? desc(key) : asc(key), desc(files.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(files).where(where),
  ]);
  const names = await userNamesByIds(
    ctx.db,
    rows.flatMap((row) => (row.uploadedBy ? [row.uploadedBy] : [])),
  );
  const ownerOf = await ownersOf(ctx, actor, rows, names);
  return {
    items: rows.map((row) => ({
      id: row.id,
      type: row.type as FileType,
      name: row.originalName,
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
      uploadedAt: row.createdAt.toISOString(),
      uploadedBy: row.uploadedBy
        ? { id: row.uploadedBy, displayName: names.get(row.uploadedBy) ?? '' }
        : null,
      owner: ownerOf(row),
    })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** The people who uploaded the company's files, by name: the "uploaded by" filter's choices. */
export const listUploaders = async (ctx: AppContext, actor: Actor): Promise<LookupDto[]> => {
  const rows = await ctx.db
    .selectDistinct({ id: files.uploadedBy })
    .from(files)
    .where(and(eq(files.companyId, actor.companyId), isNotNull(files.uploadedBy)));
  const names = await userNamesByIds(
    ctx.db,
    rows.flatMap((row) => (row.id ? [row.id] : [])),
  );
  return [...names]
    .map(([id, displayName]) => ({ id, displayName }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'nb'));
};
