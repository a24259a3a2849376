import {
  ADMIN_COMMAND_PUSHES,
  ADMIN_COMMANDS,
  type AdminCommandDto,
  type AdminCommandRunDto,
  type adminCommandRunsQuerySchema,
  type Page,
  type SocketEventParsedInput,
} from '@karm/domain/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, type AppContext, administrativeActor } from '../../platform/context';
import { loadPage } from '../../platform/db/paging';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, conflict } from '../../platform/errors';
import { defineJob } from '../../platform/jobs/job-table';
import { userNamesByIds } from '../auth/users.repository';
import { adminCommandRuns } from './admin-commands.tables';
import type { CommandResult } from './command-table';
import { COMMAND_TABLE } from './commands';

type RunRow = typeof adminCommandRuns.$inferSelect;

/** Progress is stored and pushed at most this often (the end always is). */
const PROGRESS_EVERY_MS = 300;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const toRunDtos = async (ctx: AppContext, rows: RunRow[]): Promise<AdminCommandRunDto[]> => {
  const names = await userNamesByIds(
    ctx.db,
    rows.flatMap((row) => (row.startedBy ? [row.startedBy] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    command: row.command,
    status: row.status,
    startedBy: row.startedBy ? { id: row.startedBy, name: names.get(row.startedBy) ?? '' } : null,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    progressKey: row.progressKey,
    resultKey: row.resultKey,
    resultParams: row.resultParams,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  }));
};

const announce = async (ctx: AppContext, row: RunRow) => {
  const [dto] = await toRunDtos(ctx, [row]);
  ctx.realtime.toCompanyAdmins(row.companyId, ADMIN_COMMAND_PUSHES.progress, dto);
};

const updateRun = async (ctx: AppContext, id: string, values: Partial<RunRow>) => {
  const [row] = await ctx.db
    .update(adminCommandRuns)
    .set(values)
    .where(eq(adminCommandRuns.id, id))
    .returning();
  if (row) await announce(ctx, row);
  return row;
};

const errorText = (error: unknown) =>
  error instanceof AppError || error instanceof Error ? error.message : 'Unexpected error';

/** Runs one queued command to its end, storing and pushing its progress and result line. */
const performRun = async (ctx: AppContext, runId: string, companyId: string) => {
  const [row] = await ctx.db
    .select()
    .from(adminCommandRuns)
    .where(and(eq(adminCommandRuns.id, runId), eq(adminCommandRuns.companyId, companyId)));
  if (!row || row.status === 'succeeded' || row.status === 'failed') return;
  if (row.status === 'running') {
    // A second attempt: the first was cut off (the server stopped). Commands are not repeated blindly.
    await updateRun(ctx, runId, {
      status: 'failed',
      error: 'interrupted: the server stopped during the run',
      finishedAt: ctx.clock.now(),
    });
    return;
  }
  await updateRun(ctx, runId, { status: 'running', startedAt: ctx.clock.now() });
  const actor = administrativeActor(companyId, row.startedBy ?? '');
  let lastSaved = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const progress = (done: number, total: number | null, textKey?: string) => {
    const now = Date.now();
    const isEnd = total !== null && done >= total;
    if (!isEnd && now - lastSaved < PROGRESS_EVERY_MS) return;
    lastSaved = now;
    pending = pending.then(() =>
      updateRun(ctx, runId, { progressDone: done, progressTotal: total, progressKey: textKey ?? null }).catch(
        (error) => ctx.logger.warn({ err: error, runId }, 'admin command progress not stored'),
      ),
    );
  };
  let result: CommandResult;
  try {
    result = await COMMAND_TABLE[row.command].handler(ctx, actor, { id: runId, email: row.email, progress });
  } catch (error) {
    await pending;
    if (!(error instanceof AppError)) ctx.logger.error({ err: error, runId }, 'admin command failed');
    await updateRun(ctx, runId, { status: 'failed', error: errorText(error), finishedAt: ctx.clock.now() });
    return;
  }
  await pending;
  await updateRun(ctx, runId, {
    status: 'succeeded',
    resultKey: result.key,
    resultParams: result.params ?? {},
    progressKey: null,
    finishedAt: ctx.clock.now(),
  });
};

/**
 * Runs a command in the background: once across every instance (pg-boss), surviving the request.
 * One attempt only; a second one finds the run cut off and says so rather than repeat it.
 */
export const adminCommandJob = defineJob<{ companyId: string; runId: string }>({
  name: 'admin-commands.run',
  retry: { limit: 1, delaySeconds: 0 },
  // One company's long export must not hold up another's test e-mail (which waits for the mail job).
  workers: 3,
  expireInSeconds: 60 * 60,
  handler: (ctx, { companyId, runId }) => performRun(ctx, runId, companyId),
});

/** Queues a run of a command; a second run of the same command while one is queued or running is refused. */
export const runAdminCommand = async (
  ctx: AppContext,
  actor: Actor,
  input: SocketEventParsedInput<'admin-commands:run'>,
): Promise<AdminCommandRunDto> => {
  const definition = COMMAND_TABLE[input.command];
  await definition.precheck?.(ctx, actor);
  let row: RunRow | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(adminCommandRuns)
        .values({
          companyId: actor.companyId,
          command: input.command,
          startedBy: actor.userId,
          email: input.command === 'test-email' && input.email ? input.email : null,
          status: 'queued',
        })
        .returning();
      if (!inserted) throw new Error('Admin command run insert returned nothing');
      await ctx.jobs.send(adminCommandJob, { companyId: actor.companyId, runId: inserted.id }, { tx });
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('This command is running already; wait for it to finish', {
        messageKey: 'adminCommands:error.alreadyRunning',
      });
    }
    throw error;
  }
  await announce(ctx, row);
  return (await toRunDtos(ctx, [row]))[0] as AdminCommandRunDto;
};

/** The commands with their last run each. */
export const listAdminCommands = async (ctx: AppContext, actor: Actor): Promise<AdminCommandDto[]> => {
  const latest = await ctx.db
    .selectDistinctOn([adminCommandRuns.command])
    .from(adminCommandRuns)
    .where(
      and(
        eq(adminCommandRuns.companyId, actor.companyId),
        inArray(adminCommandRuns.command, [...ADMIN_COMMANDS]),
      ),
    )
    .orderBy(adminCommandRuns.command, desc(adminCommandRuns.createdAt), desc(adminCommandRuns.id));
  const dtos = new Map((await toRunDtos(ctx, latest)).map((dto) => [dto.command, dto]));
  return ADMIN_COMMANDS.map((command) => ({
    command,
    isDestructive: COMMAND_TABLE[command].isDestructive,
    lastRun: dtos.get(command) ?? null,
  }));
};

/** The run history (the log of result lines), newest first, paged on the server. */
export const listAdminCommandRuns = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof adminCommandRunsQuerySchema>,
): Promise<Page<AdminCommandRunDto>> => {
  const where = and(
    eq(adminCommandRuns.companyId, actor.companyId),
    query.command ? eq(adminCommandRuns.command, query.command) : undefined,
  );
  const page = await loadPage(
    query,
    {
      rows: (limit, offset) =>
        ctx.db
          .select()
          .from(adminCommandRuns)
          .where(where)
          .orderBy(desc(adminCommandRuns.createdAt), desc(adminCommandRuns.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(adminCommandRuns).where(where),
    },
    (row) => row,
  );
  return { ...page, items: await toRunDtos(ctx, page.items) };
};
