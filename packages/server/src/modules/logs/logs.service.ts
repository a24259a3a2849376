import {
  type clientLogInputSchema,
  LOG_PUSHES,
  type Page,
  type ServerLogDto,
  type serverLogHandleSchema,
  type serverLogQuerySchema,
} from '@karm/domain/contract';
import { addDays, osloStartOfDay } from '@karm/domain/rules';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { containsPattern } from '../../platform/db/search-terms';
import { AppError, conflict, notFound } from '../../platform/errors';
import { userNamesByIds } from '../auth/users.repository';
import { serverLogs } from './logs.tables';
import { redact, redactText } from './redact';

type LogRow = typeof serverLogs.$inferSelect;

/** Automatic reports one person's browsers may store per minute: a render loop must not fill the table. */
export const CLIENT_LOGS_PER_MINUTE = 30;

const toDto = (row: LogRow, names: ReadonlyMap<string, string>): ServerLogDto => ({
  id: row.id,
  source: row.source,
  level: row.level,
  action: row.action,
  message: row.message,
  data: row.data,
  error: row.error,
  userId: row.userId,
  userName: row.userId ? (names.get(row.userId) ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy: row.handledBy ? { id: row.handledBy, displayName: names.get(row.handledBy) ?? '' } : null,
  handledComment: row.handledComment,
  version: row.version,
});

const namesOf = (db: Executor, rows: LogRow[]) =>
  userNamesByIds(
    db,
    rows.flatMap((row) => [row.userId, row.handledBy].filter((id): id is string => id !== null)),
  );

/** Tells open log lists of the company to refetch; the push carries nothing an outsider could read. */
export const publishLogsChanged = (ctx: AppContext, companyId: string) =>
  ctx.realtime.toCompany(companyId, LOG_PUSHES.changed);

/** Refuses (RATE_LIMITED) when the user stored `limit` entries of this source within the window already. */
export const throttleBySource = async (
  db: Executor,
  actor: Actor,
  rule: { source: LogRow['source']; limit: number; windowMs: number; now: Date },
) => {
  const [row] = await db
    .select({ total: count() })
    .from(serverLogs)
    .where(
      and(
        eq(serverLogs.userId, actor.userId),
        eq(serverLogs.source, rule.source),
        gte(serverLogs.createdAt, new Date(rule.now.getTime() - rule.windowMs)),
      ),
    );
  if ((row?.total ?? 0) >= rule.limit)
    throw new AppError('RATE_LIMITED', 'Too many reports. Wait a little and try again.', {
      retryAfterSeconds: Math.ceil(rule.windowMs / 1000),
    });
};

/** Inserts one entry with its secrets redacted; returns the stored row. */
export const insertLogEntry = async (
  db: Executor,
  values: Pick<LogRow, 'companyId' | 'userId' | 'source' | 'level' | 'action' | 'message' | 'createdAt'> & {
    data?: unknown;
    error?: unknown;
  },
) => {
  const [row] = await db
    .insert(serverLogs)
    .values({
      ...values,
      action: redactText(values.action),
      message: redactText(values.message),
      data: values.data === undefined ? null : redact(values.data),
      error: values.error === undefined ? null : redact(values.error),
    })
    .returning();
  if (!row) throw new Error('log entry was not stored');
  return row;
};

/** SPEC §7 POST /log: a client's error report, stored with who sent it (throttled per person). */
export const storeClientLog = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof clientLogInputSchema>,
) => {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await throttleBySource(tx, actor, {
      source: 'client',
      limit: CLIENT_LOGS_PER_MINUTE,
      windowMs: 60_000,
      now,
    });
    return insertLogEntry(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      source: 'client',
      level: input.level,
      action: input.action,
      message: input.message,
      data: input.data,
      error: input.error,
      createdAt: now,
    });
  });
  publishLogsChanged(ctx, actor.companyId);
  return { id: row.id };
};

/**
 * SPEC §8: the server's own unexpected failure (an INTERNAL error of a use case) goes into the
 * table of the company whose member met it. With nobody signed in there is no company to show it
 * to, and the process log (pino) has it anyway. Never throws: logging must not fail twice.
 */
export const recordServerError = async (
  ctx: AppContext,
  actor: Pick<Actor, 'companyId' | 'userId'> | null | undefined,
  action: string,
  error: unknown,
) => {
  if (!actor) return;
  const shape =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { name: 'Error', message: String(error) };
  try {
    await insertLogEntry(ctx.db, {
      companyId: actor.companyId,
      userId: actor.userId,
      source: 'server',
      level: 'error',
      action: action.slice(0, 200),
      message: shape.message.slice(0, 5_000),
      error: shape,
      createdAt: ctx.clock.now(),
    });
    publishLogsChanged(ctx, actor.companyId);
  } catch (failure) {
    ctx.logger.error({ err: failure }, 'could not store a server error in the log table');
  }
};

/** The company's log for admins, newest first, filtered and paged on the server. */
export const listServerLogs = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof serverLogQuerySchema>,
): Promise<Page<ServerLogDto>> => {
  const search = query.search?.toLowerCase();
  const where = and(
    eq(serverLogs.companyId, actor.companyId),
    query.levels && query.levels.length > 0 ? inArray(serverLogs.level, query.levels) : undefined,
    query.userId ? eq(serverLogs.userId, query.userId) : undefined,
    search ? sql`${serverLogs.searchText} like ${containsPattern(search)}` : undefined,
    query.from ? gte(serverLogs.createdAt, osloStartOfDay(query.from)) : undefined,
    query.to ? lt(serverLogs.createdAt, osloStartOfDay(addDays(query.to, 1))) : undefined,
    query.handled === undefined
      ? undefined
      : query.handled
        ? isNotNull(serverLogs.handledAt)
        : isNull(serverLogs.handledAt),
  );
  const page = await loadPage(
    query,
    {
      rows: (limit, offset) =>
        ctx.db
          .select()
          .from(serverLogs)
          .where(where)
          .orderBy(desc(serverLogs.createdAt), desc(serverLogs.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(serverLogs).where(where),
    },
    (row) => row,
  );
  const names = await namesOf(ctx.db, page.items);
  return { ...page, items: page.items.map((row) => toDto(row, names)) };
};

/** The log edit dialog: marks an entry handled with a comment (or open again), at the version read. */
export const handleServerLog = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof serverLogHandleSchema>,
): Promise<ServerLogDto> => {
  const ofCompany = and(eq(serverLogs.id, input.id), eq(serverLogs.companyId, actor.companyId));
  const handled = input.handled
    ? {
        handledAt: ctx.clock.now(),
        handledBy: actor.userId,
        handledComment: input.comment === '' ? null : input.comment,
      }
    : { handledAt: null, handledBy: null, handledComment: null };
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(serverLogs)
      .set({ ...handled, version: sql`${serverLogs.version} + 1` })
      .where(and(ofCompany, eq(serverLogs.version, input.version)))
      .returning();
    if (updated) return updated;
    const [exists] = await tx.select({ id: serverLogs.id }).from(serverLogs).where(ofCompany);
    if (!exists) throw notFound('Log entry');
    throw conflict('The log entry was changed by someone else');
  });
  publishLogsChanged(ctx, actor.companyId);
  return toDto(row, await namesOf(ctx.db, [row]));
};

/**
 * Deletes entries older than LOG_RETENTION_DAYS, of every company. Meant to run as a daily job;
 * returns how many went.
 */
export const pruneOldLogs = async (ctx: AppContext, companyId?: string): Promise<{ deleted: number }> => {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.logRetentionDays * 86_400_000);
  // With a company (an admin's "prune logs now"), only its entries go.
  const deleted = await ctx.db
    .delete(serverLogs)
    .where(and(lt(serverLogs.createdAt, cutoff), companyId ? eq(serverLogs.companyId, companyId) : undefined))
    .returning({ id: serverLogs.id });
  return { deleted: deleted.length };
};
