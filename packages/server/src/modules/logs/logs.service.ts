import type { clientLogInputSchema, Page, ServerLogDto, serverLogQuerySchema } from '@karm/domain/contract';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { loadPage } from '../../platform/db/paging';
import { serverLogs } from './logs.tables';

/** SPEC §7 POST /log: a client's error report, stored with who sent it. */
export const storeClientLog = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof clientLogInputSchema>,
) => {
  const [row] = await ctx.db
    .insert(serverLogs)
    .values({
      companyId: actor.companyId,
      userId: actor.userId,
      source: 'client',
      level: input.level,
      action: input.action,
      message: input.message,
      data: input.data ?? null,
      error: input.error ?? null,
      createdAt: ctx.clock.now(),
    })
    .returning({ id: serverLogs.id });
  return { id: row?.id ?? null };
};

/** The company's log for admins, newest first, paged on the server. */
export const listServerLogs = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof serverLogQuerySchema>,
): Promise<Page<ServerLogDto>> => {
  const search = query.search?.trim();
  const where = and(
    eq(serverLogs.companyId, actor.companyId),
    query.level ? eq(serverLogs.level, query.level) : undefined,
    search
      ? or(ilike(serverLogs.message, `%${search}%`), ilike(serverLogs.action, `%${search}%`))
      : undefined,
  );
  return loadPage(
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
    (row) => ({
      id: row.id,
      source: row.source,
      level: row.level,
      action: row.action,
      message: row.message,
      data: row.data,
      error: row.error,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
    }),
  );
};
