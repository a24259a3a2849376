import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../platform/db/client';
import { defineJob } from '../platform/jobs/job-table';
import { runOnce } from '../platform/jobs/run-once';

/**
 * A job for the queue's own tests: every run is counted (`job_test_runs`), its effect applied once
 * (`job_test_effects`, no unique key: a second application would show as a second row).
 */
export const createJobTestTables = async (database: DatabaseHandle) => {
  await database.runSql(`
    create table if not exists job_test_runs (key text not null, attempt int not null, at timestamptz not null default clock_timestamp());
    create table if not exists job_test_effects (key text not null);
  `);
};

export type TestJobData = {
  key: string;
  companyId?: string;
  /** Runs up to this attempt throw. */
  failUntilAttempt?: number;
  /** In the child process, the run never ends: the test kills the process under it. */
  stallInChild?: boolean;
};

export const testEffectJob = defineJob<TestJobData>({
  name: 'test.effect',
  retry: { limit: 3, delaySeconds: 1, backoff: true },
  expireInSeconds: 3,
  handler: async (ctx, data, run) => {
    await ctx.db.execute(sql`insert into job_test_runs (key, attempt) values (${data.key}, ${run.attempt})`);
    if (process.env.KARM_JOBS_CHILD === '1') process.stdout.write(`run ${data.key}\n`);
    if (data.stallInChild && process.env.KARM_JOBS_CHILD === '1') await new Promise(() => undefined);
    if (data.failUntilAttempt && run.attempt <= data.failUntilAttempt) {
      throw new Error(`planned failure ${run.attempt}`);
    }
    await runOnce(ctx, run, async (tx) => {
      await tx.execute(sql`insert into job_test_effects (key) values (${data.key})`);
    });
  },
});

/** Runs of `test.gated` held open until the test releases them, by key. */
export const heldRuns = new Map<string, () => void>();

/** A job with two workers: a held run must not keep the next one waiting. */
export const testGatedJob = defineJob<{ key: string; hold?: boolean; fail?: boolean }>({
  name: 'test.gated',
  workers: 2,
  handler: async (ctx, data) => {
    if (data.hold) await new Promise<void>((release) => heldRuns.set(data.key, release));
    await ctx.db.execute(sql`insert into job_test_runs (key, attempt) values (${data.key}, 1)`);
    if (data.fail) throw new Error(`Gated run ${data.key} failed as asked`);
  },
});

export const TEST_JOB_TABLE = [testEffectJob, testGatedJob];
