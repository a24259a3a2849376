import type {
  Page,
  ProcedureDetailDto,
  ProcedureDto,
  ProcedureVersionDto,
  procedureCreateSchema,
  procedureListQuerySchema,
  procedurePatchSchema,
  procedureVersionCreateSchema,
} from '@karm/domain/contract';
import { isReviewDue, VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, asc, count, desc, eq, exists, ilike, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { assertReferencesInCompany, type Reference } from '../../platform/db/references';
import { containsPattern, numberMatch } from '../../platform/db/search-terms';
import { conflict, notFound, validationError } from '../../platform/errors';
import { richTextWords, sanitizeRichText } from '../../platform/rich-text/html';
import { ACTIVE_MEMBERS_REFERABLE, activeMemberNames, userNamesByIds } from '../auth/users.repository';
import { filesReferable } from '../files/files.service';
import { pushQualityChanged } from './deviations.service';
import { jsonbListHolds } from './jsonb-list';
import { procedureAcknowledgements, procedures, procedureVersions } from './quality.tables';

/**
 * Procedures (issue 16): the quality managers (`quality.manage`) write them and publish new versions
 * of the text, sanitised here; every member confirms they have read the current version, and a new
 * version asks everyone again (acknowledgements are kept per version).
 */

type ProcedureRow = typeof procedures.$inferSelect;
type VersionRow = typeof procedureVersions.$inferSelect;

/** The text as it is stored: sanitised, and not empty once sanitised. */
const cleanHtml = (html: string) => {
  const clean = sanitizeRichText(html);
  if (richTextWords(clean) === '') throw validationError({ html: MESSAGES.richTextEmpty });
  return clean;
};

const referencesOf = (values: {
  ownerId?: string | null;
  fileIds?: string[];
}): Record<string, Reference> => ({
  ownerId: [ACTIVE_MEMBERS_REFERABLE, values.ownerId],
  ...Object.fromEntries(
    (values.fileIds ?? []).map((id, index) => [`fileIds.${index}`, [filesReferable('document'), id]]),
  ),
});

const versionDto = (row: VersionRow, names: Map<string, string>): ProcedureVersionDto => ({
  versionNumber: row.versionNumber,
  effectiveDate: row.effectiveDate,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
});

const acknowledgedByActor = (actor: Actor) =>
  exists(
    sql`(select 1 from ${procedureAcknowledgements} where ${procedureAcknowledgements.procedureId} = ${procedures.id}
      and ${procedureAcknowledgements.versionNumber} = ${procedures.currentVersion}
      and ${procedureAcknowledgements.userId} = ${actor.userId})`,
  );

const procedureDtos = async (
  ctx: AppContext,
  actor: Actor,
  rows: ProcedureRow[],
): Promise<ProcedureDto[]> => {
  if (rows.length === 0) return [];
  const [versions, acknowledgements, members] = await Promise.all([
    Promise.all(
      rows.map(async (row) => {
        const [version] = await ctx.db
          .select()
          .from(procedureVersions)
          .where(
            and(
              eq(procedureVersions.procedureId, row.id),
              eq(procedureVersions.versionNumber, row.currentVersion),
            ),
          );
        return version!;
      }),
    ),
    Promise.all(
      rows.map((row) =>
        ctx.db
          .select({ userId: procedureAcknowledgements.userId })
          .from(procedureAcknowledgements)
          .where(
            and(
              eq(procedureAcknowledgements.procedureId, row.id),
              eq(procedureAcknowledgements.versionNumber, row.currentVersion),
            ),
          ),
      ),
    ),
    activeMemberNames(ctx.db, actor.companyId),
  ]);
  const memberIds = new Set(members.map((member) => member.id));
  const names = await userNamesByIds(ctx.db, [
    ...rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])),
    ...versions.flatMap((version) => (version.createdBy ? [version.createdBy] : [])),
  ]);
  const today = todayIn(ctx.clock);
  return rows.map((row, index) => {
    const readers = acknowledgements[index]!.map((ack) => ack.userId);
    return {
      id: row.id,
      number: row.number,
      title: row.title,
      category: row.category,
      ownerId: row.ownerId,
      ownerName: row.ownerId ? (names.get(row.ownerId) ?? null) : null,
      reviewDate: row.reviewDate,
      isReviewDue: isReviewDue(row.reviewDate, today),
      fileIds: row.fileIds,
      currentVersion: versionDto(versions[index]!, names),
      isAcknowledgedByMe: readers.includes(actor.userId),
      acknowledgedCount: readers.filter((id) => memberIds.has(id)).length,
      memberCount: members.length,
      version: row.version,
    };
  });
};

/** GET /quality/procedures/{id}: with the current text, every version and who has read it. */
export const getProcedure = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<ProcedureDetailDto> => {
  const [row] = await ctx.db
    .select()
    .from(procedures)
    .where(and(eq(procedures.companyId, actor.companyId), eq(procedures.id, id)));
  if (!row) throw notFound('Procedure');
  const [[dto], versions, readers, members] = await Promise.all([
    procedureDtos(ctx, actor, [row]),
    ctx.db
      .select()
      .from(procedureVersions)
      .where(eq(procedureVersions.procedureId, row.id))
      .orderBy(desc(procedureVersions.versionNumber)),
    ctx.db
      .select()
      .from(procedureAcknowledgements)
      .where(
        and(
          eq(procedureAcknowledgements.procedureId, row.id),
          eq(procedureAcknowledgements.versionNumber, row.currentVersion),
        ),
      ),
    activeMemberNames(ctx.db, actor.companyId),
  ]);
  const names = await userNamesByIds(
    ctx.db,
    versions.flatMap((version) => (version.createdBy ? [version.createdBy] : [])),
  );
  const readAt = new Map(readers.map((reader) => [reader.userId, reader.acknowledgedAt.toISOString()]));
  return {
    ...dto!,
    html: versions.find((version) => version.versionNumber === row.currentVersion)!.html,
    versions: versions.map((version) => versionDto(version, names)),
    acknowledgements: members.map((member) => ({
      userId: member.id,
      name: member.name,
      acknowledgedAt: readAt.get(member.id) ?? null,
    })),
  };
};

/** GET /quality/procedures: by number, paged; review-due and unread filters. */
export const listProcedures = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof procedureListQuerySchema>,
): Promise<Page<ProcedureDto>> => {
  const search = (term: string): SQL | undefined =>
    or(ilike(procedures.title, containsPattern(term)), numberMatch(procedures.number, term.trim()));
  const where = and(
    eq(procedures.companyId, actor.companyId),
    query.category ? eq(procedures.category, query.category) : undefined,
    query.reviewDue === 'true' ? lt(procedures.reviewDate, todayIn(ctx.clock)) : undefined,
    query.unread === 'true' ? not(acknowledgedByActor(actor)) : undefined,
    query.search ? search(query.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(procedures)
      .where(where)
      .orderBy(asc(procedures.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ count: count() }).from(procedures).where(where),
  ]);
  return {
    items: await procedureDtos(ctx, actor, rows),
    total: total?.count ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** POST /quality/procedures: the procedure with its first version. */
export const createProcedure = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof procedureCreateSchema>,
) => {
  const html = cleanHtml(input.html);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, referencesOf(input));
    const number = await takeNextNumber(tx, actor.companyId, 'procedure', 1);
    const [created] = await tx
      .insert(procedures)
      .values({
        companyId: actor.companyId,
        number,
        title: input.title,
        category: input.category,
        ownerId: input.ownerId,
        reviewDate: input.reviewDate,
        fileIds: input.fileIds,
        currentVersion: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(procedureVersions).values({
      procedureId: created!.id,
      versionNumber: 1,
      html,
      effectiveDate: input.effectiveDate,
      reason: input.reason,
      createdBy: actor.userId,
      createdAt: now,
    });
    return created!;
  });
  pushQualityChanged(ctx, actor.companyId, { kind: 'procedure', id: row.id });
  return getProcedure(ctx, actor, row.id);
};

const lockProcedure = async (tx: Executor, actor: Actor, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(procedures)
    .where(and(eq(procedures.companyId, actor.companyId), eq(procedures.id, id)))
    .for('update');
  if (!row) throw notFound('Procedure');
  if (row.version !== version) throw conflict(MESSAGES.procedureChanged, { currentVersion: row.version });
  return row;
};

/** PATCH /quality/procedures/{id}: title, category, owner, review date and files. */
export const updateProcedure = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof procedurePatchSchema>,
) => {
  await ctx.db.transaction(async (tx) => {
    const current = await lockProcedure(tx, actor, id, input.version);
    await assertReferencesInCompany(tx, actor.companyId, referencesOf(input.changes));
    await tx
      .update(procedures)
      .set({ ...input.changes, updatedAt: ctx.clock.now(), version: current.version + 1 })
      .where(eq(procedures.id, current.id));
  });
  pushQualityChanged(ctx, actor.companyId, { kind: 'procedure', id });
  return getProcedure(ctx, actor, id);
};

/** POST /quality/procedures/{id}/versions: a new text becomes current; nobody has read it yet. */
export const publishProcedureVersion = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof procedureVersionCreateSchema>,
) => {
  const html = cleanHtml(input.html);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const current = await lockProcedure(tx, actor, id, input.version);
    const versionNumber = current.currentVersion + 1;
    await tx.insert(procedureVersions).values({
      procedureId: current.id,
      versionNumber,
      html,
      effectiveDate: input.effectiveDate,
      reason: input.reason,
      createdBy: actor.userId,
      createdAt: now,
    });
    await tx
      .update(procedures)
      .set({ currentVersion: versionNumber, updatedAt: now, version: current.version + 1 })
      .where(eq(procedures.id, current.id));
  });
  pushQualityChanged(ctx, actor.companyId, { kind: 'procedure', id });
  return getProcedure(ctx, actor, id);
};

/** POST /quality/procedures/{id}/acknowledge: the asker has read the current version (twice is once). */
export const acknowledgeProcedure = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  versionNumber: number,
) => {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(procedures)
      .where(and(eq(procedures.companyId, actor.companyId), eq(procedures.id, id)));
    if (!row) throw notFound('Procedure');
    // Reading an older text does not confirm the current one.
    if (row.currentVersion !== versionNumber) {
      throw conflict(MESSAGES.procedureVersionStale, { currentVersion: row.currentVersion });
    }
    await tx
      .insert(procedureAcknowledgements)
      .values({ procedureId: row.id, versionNumber, userId: actor.userId, acknowledgedAt: ctx.clock.now() })
      .onConflictDoNothing();
  });
  pushQualityChanged(ctx, actor.companyId, { kind: 'procedure', id });
  return getProcedure(ctx, actor, id);
};

/** Whether one of the company's procedures has the file attached. */
export const procedureUsesFile = async (db: Executor, companyId: string, fileId: string) => {
  const [row] = await db
    .select({ id: procedures.id })
    .from(procedures)
    .where(and(eq(procedures.companyId, companyId), jsonbListHolds(procedures.fileIds, fileId)))
    .limit(1);
  return row !== undefined;
};
