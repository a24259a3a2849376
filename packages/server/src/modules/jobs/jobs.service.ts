import type { JobDto, JobState, jobQuerySchema, Page } from '@karm/domain/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { JOBS_SCHEMA } from '../../platform/jobs/queue';

/** pg-boss's states behind each state the admins see (`cancelled` is not used by Karm: shown as failed). */
const PG_BOSS_STATES: Record<JobState, string[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  completed: ['completed'],
  failed: ['failed', 'cancelled'],
};

type JobRow = {
  id: string;
  name: string;
  state: string;
  company_id: string | null;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  start_after: Date | string;
  retry_count: number;
  retry_limit: number;
  error: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

const toState = (pgBossState: string): JobState =>
  (Object.keys(PG_BOSS_STATES) as JobState[]).find((state) => PG_BOSS_STATES[state].includes(pgBossState)) ??
  'queued';

const toJobDto = (row: JobRow): JobDto => ({
  id: row.id,
  name: row.name,
  state: toState(row.state),
  isCompanyJob: row.company_id !== null,
  createdAt: iso(row.created_on),
  startedAt: row.started_on ? iso(row.started_on) : null,
  completedAt: row.completed_on ? iso(row.completed_on) : null,
  startAfter: iso(row.start_after),
  attempts: Number(row.retry_count) + (row.started_on ? 1 : 0),
  maxAttempts: Number(row.retry_limit) + 1,
  error: row.error,
});

const job = sql.raw(`${JOBS_SCHEMA}.job`);
const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Jobs an administrator may see: their company's (the payload's `companyId`) and the installation's
 * own (no company: mail relay, statistics, the accounting timetable), of the job table's queues
 * only. Payloads are never shown; a failed run's error message is.
 */
const visibleTo = (ctx: AppContext, actor: Actor): SQL =>
  sql`name in (${list(ctx.jobs.names())}) and (data->>'companyId' = ${actor.companyId} or data->>'companyId' is null)`;

// A failed run stores pg-boss's serialised error ({ message, stack }); an expiry or shutdown stores
// { value: { message } } or { value: text }. Only the message is shown, never the stack.
const COLUMNS = sql`id, name, state, data->>'companyId' as company_id, created_on, started_on, completed_on,
  start_after, retry_count, retry_limit,
  case when state in ('retry', 'failed', 'cancelled') then
    coalesce(output->>'message', output->'value'->>'message', output->>'value') end as error`;

const rowsOf = async <T>(ctx: AppContext, query: SQL) =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The job list of the admin's "Jobs" tab, newest first, paged on the server. */
export const listJobs = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof jobQuerySchema>,
): Promise<Page<JobDto> & { names: string[] }> => {
  const filters = [visibleTo(ctx, actor)];
  if (query.state) filters.push(sql`state in (${list(PG_BOSS_STATES[query.state])})`);
  if (query.name) filters.push(sql`name = ${query.name}`);
  const where = sql.join(filters, sql` and `);
  const offset = (query.page - 1) * query.pageSize;
  const [rows, counted] = await Promise.all([
    rowsOf<JobRow>(
      ctx,
      sql`select ${COLUMNS} from ${job} where ${where} order by created_on desc, id desc limit ${query.pageSize} offset ${offset}`,
    ),
    rowsOf<{ total: number | string }>(ctx, sql`select count(*) as total from ${job} where ${where}`),
  ]);
  return {
    items: rows.map(toJobDto),
    total: Number(counted[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    names: [...ctx.jobs.names()].sort(),
  };
};

const findVisibleJob = async (ctx: AppContext, actor: Actor, id: string) => {
  const [row] = await rowsOf<JobRow>(
    ctx,
    sql`select ${COLUMNS} from ${job} where id = ${id} and ${visibleTo(ctx, actor)}`,
  );
  if (!row) throw notFound('Job');
  return row;
};

/** Gives a failed job one more run (pg-boss adds one to its retry limit). */
export const retryJob = async (ctx: AppContext, actor: Actor, input: { id: string }): Promise<JobDto> => {
  const row = await findVisibleJob(ctx, actor, input.id);
  if (toState(row.state) !== 'failed' || row.state === 'cancelled') {
    throw conflict('Only a failed job can be run again');
  }
  await ctx.jobs.retry(row.name, row.id);
  ctx.jobs.announce(row.company_id ?? undefined);
  return toJobDto(await findVisibleJob(ctx, actor, input.id));
};
