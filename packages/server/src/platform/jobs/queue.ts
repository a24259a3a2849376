import { JOB_PUSHES } from '@karm/domain/contract';
import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { DatabaseHandle, Executor } from '../db/client';
import type { Logger } from '../logging';
import type { Realtime } from '../realtime/realtime';
import type { JobData, JobDefinition, JobTable } from './job-table';

/** pg-boss keeps its tables in this schema of Karm's own database. */
export const JOBS_SCHEMA = 'pgboss';

export type JobQueueSettings = {
  /** How often an idle worker asks for work sent by another instance (its own sends wake it at once). */
  pollingIntervalSeconds: number;
  /** How often expired runs (a crashed instance's) are failed into retry, and old jobs archived. */
  maintenanceIntervalSeconds: number;
  /**
   * How long a stop waits for running jobs to end (and pg-boss to record how they ended) before it
   * gives up on them: within main.ts's 10 s shutdown limit. Tests, which close the database right
   * after, wait longer so a run slowed by a busy machine never writes to a closed connection.
   */
  stopTimeoutMs: number;
};

const DEFAULT_SETTINGS: JobQueueSettings = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
  stopTimeoutMs: 5_000,
};
const DEFAULT_RETRY = { limit: 3, delaySeconds: 30, backoff: true };
const DEFAULT_EXPIRE_IN_SECONDS = 15 * 60;
/** Finished jobs stay listed for the admins this long, then move to pg-boss's archive. */
const LISTED_FOR_SECONDS = 7 * 24 * 60 * 60;
const TIME_ZONE = 'Europe/Oslo';

export type SendOptions = {
  /** Queue the job in the caller's transaction: it exists exactly when the change does. */
  tx?: Executor;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
};

export type JobQueue = {
  /** Queues a job; answers its id, or null when a singleton job of the same key is already queued. */
  send: <D extends JobData>(job: JobDefinition<D>, data: D, options?: SendOptions) => Promise<string | null>;
  /** Gives a failed job one more run. */
  retry: (name: string, id: string) => Promise<void>;
  /** The names of the job table, for the admins' filter. */
  names: () => string[];
  /** Installs the queue's tables, creates the queues and schedules and starts the workers. */
  start: (ctx: AppContext, table: JobTable) => Promise<void>;
  /** Lets running jobs finish (up to a limit), then stops every worker and timer. */
  stop: () => Promise<void>;
  /** Tells the company's admins that its jobs changed (system jobs: nobody is told). */
  announce: (companyId: string | undefined) => void;
};

/**
 * The statement pg-boss wrote with `$n` parameters, as a Drizzle query: so it can run inside a use
 * case's transaction (on PGlite the only connection is held by that transaction).
 */
const asDrizzleQuery = (text: string, values: unknown[] = []): SQL => {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    // pg-boss leaves options it was not given undefined; Drizzle would drop an undefined parameter.
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
    sql.raw(''),
  );
};

const inTransaction = (tx: Executor) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const result = await tx.execute(asDrizzleQuery(text, values));
    return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
  },
});

/** pg-boss's completion, failure and cancel statements end by counting the jobs they changed. */
const COUNTING_STATEMENT = /select\s+count\(\*\)\s+from\s+results\s*$/i;

export const createJobQueue = (deps: {
  database: DatabaseHandle;
  logger: Logger;
  realtime: Realtime;
  settings?: Partial<JobQueueSettings>;
}): JobQueue => {
  const settings = { ...DEFAULT_SETTINGS, ...deps.settings };
  /** Jobs running here whose end (pg-boss marks it after the handler returns) is announced. */
  const running = new Map<string, string | undefined>();
  /** Each job's workers here; a send wakes one idle worker of its job. */
  const workerIds = new Map<string, string[]>();
  let table: JobTable = [];
  let isStarted = false;

  const announce = (companyId: string | undefined) => {
    if (companyId) deps.realtime.toCompanyAdmins(companyId, JOB_PUSHES.changed);
  };

  // pg-boss runs over Karm's own connection (PGlite or the pg pool), never a pool of its own.
  // Completing and failing a job name its ids as the second parameter: the moment to announce it.
  let isStopped = false;
  const db = {
    executeSql: async (text: string, values?: unknown[]) => {
      // A run that outlived the stop's grace period still reports its end; the database may be
      // closed by then. Nothing is written: the run stays active and is retried at the next start
      // (PGlite) or when it expires (PostgreSQL), as a run cut off by the stop is. pg-boss reads the
      // count a completion or failure statement answers (`SELECT COUNT(*) FROM results`): it gets 0,
      // or it fails on an empty answer with an unhandled rejection (seen once on PostgreSQL).
      if (isStopped) return { rows: COUNTING_STATEMENT.test(text) ? [{ count: 0 }] : [] };
      const result = await deps.database.runSql(text, values);
      const ids = values?.[1];
      if (Array.isArray(ids)) {
        for (const id of ids) {
          if (typeof id !== 'string' || !running.has(id)) continue;
          const companyId = running.get(id);
          running.delete(id);
          announce(companyId);
        }
      }
      return result;
    },
  };

  const boss = new PgBoss({
    db,
    schema: JOBS_SCHEMA,
    supervise: true,
    schedule: true,
    migrate: true,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    archiveCompletedAfterSeconds: LISTED_FOR_SECONDS,
    archiveFailedAfterSeconds: LISTED_FOR_SECONDS,
  });
  boss.on('error', (error) => deps.logger.warn({ err: error }, 'job queue error'));

  const wake = (name: string) => {
    for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
  };

  const queueOptions = (job: JobTable[number]): PgBoss.Queue => {
    const retry = job.retry ?? DEFAULT_RETRY;
    return {
      name: job.name,
      policy: job.singletonKey ? 'stately' : 'standard',
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff ?? false,
      expireInSeconds: job.expireInSeconds ?? DEFAULT_EXPIRE_IN_SECONDS,
    };
  };

  /**
   * An embedded database belongs to one process: a job still marked running at start was cut off
   * by the last one's end (a crash, kill -9). It is failed into its next retry at once. On
   * PostgreSQL another instance may be running it, so there its expiry decides (`expireInSeconds`).
   */
  const recoverInterruptedRuns = async () => {
    const { rows } = await deps.database.runSql(
      `select name, id from ${JOBS_SCHEMA}.job where state = 'active' and name not like '\\_\\_pgboss%'`,
    );
    for (const row of rows) {
      await boss.fail(String(row.name), String(row.id), {
        message: 'interrupted: the server stopped during the run',
      });
    }
  };

  const startWorker = async (ctx: AppContext, job: JobDefinition<JobData>) => {
    const workerId = await boss.work<JobData>(
      job.name,
      { includeMetadata: true, pollingIntervalSeconds: settings.pollingIntervalSeconds },
      async ([run]) => {
        if (!run) return;
        const companyId = run.data.companyId;
        running.set(run.id, companyId);
        announce(companyId);
        try {
          await job.handler(ctx, run.data, {
            id: run.id,
            attempt: run.retryCount + 1,
            isLastAttempt: run.retryCount >= run.retryLimit,
          });
        } catch (error) {
          ctx.logger.warn({ err: error, job: job.name, jobId: run.id }, 'job failed');
          throw error;
        } finally {
          // Ask for the next job now rather than after the polling interval.
          wake(job.name);
        }
      },
    );
    workerIds.set(job.name, [...(workerIds.get(job.name) ?? []), workerId]);
  };

  return {
    send: async (job, data, options = {}) => {
      if (!isStarted) throw new Error(`The job queue is not started; cannot send ${job.name}`);
      const id = await boss.send(job.name, data, {
        ...(job.singletonKey ? { singletonKey: job.singletonKey(data) } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.tx ? { db: inTransaction(options.tx) } : {}),
      });
      // A job sent in a transaction is not there until the caller commits; the worker finds it then.
      if (id && !options.tx) {
        announce(data.companyId);
        wake(job.name);
      }
      return id;
    },
    retry: async (name, id) => {
      await boss.retry(name, id);
      wake(name);
    },
    names: () => table.map((job) => job.name),
    start: async (ctx, jobs) => {
      const names = new Set<string>();
      for (const job of jobs) {
        if (names.has(job.name)) throw new Error(`Job ${job.name} is declared twice`);
        names.add(job.name);
      }
      table = jobs;
      isStopped = false;
      await boss.start();
      for (const job of jobs) {
        if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queueOptions(job));
        else await boss.createQueue(job.name, queueOptions(job));
      }
      if (deps.database.kind === 'pglite') await recoverInterruptedRuns();
      isStarted = true;
      for (const job of jobs) {
        if (job.isEnabled && !job.isEnabled(ctx)) continue;
        if (job.schedule)
          await boss.schedule(job.name, job.schedule.cron, job.schedule.data ?? {}, { tz: TIME_ZONE });
        for (let worker = 0; worker < (job.workers ?? 1); worker++) await startWorker(ctx, job);
      }
    },
    stop: async () => {
      if (!isStarted) return;
      isStarted = false;
      // A run cut off here is retried (failed on stop, or as an orphan).
      await boss.stop({ graceful: true, timeout: settings.stopTimeoutMs, wait: true });
      isStopped = true;
      running.clear();
      workerIds.clear();
    },
    announce,
  };
};
