import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { listJobs, retryJob } from '../../modules/jobs/jobs.service';
import {
  createJobTestTables,
  heldRuns,
  TEST_JOB_TABLE,
  testEffectJob,
  testGatedJob,
} from '../../test/jobs-fixture';
import { openTestDatabase } from '../../test/test-database';
import { type AppContext, administrativeActor } from '../context';
import { createContext } from '../create-context';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { newId } from '../ids';
import { createLogger } from '../logging';
import { runOnce } from './run-once';

/**
 * The job queue (pg-boss over Karm's own connection) on the database the tests run on: PGlite here,
 * PostgreSQL with KARM_TEST_DB=postgres. Waiting is for a state, never for a time.
 */
const FAST = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopTimeoutMs: 30_000 };
const isPostgres = process.env.KARM_TEST_DB === 'postgres';

const started: { ctx: AppContext; database: DatabaseHandle }[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

const startInstance = async (database: DatabaseHandle, isPerTest = false, jobs = FAST) => {
  const config = loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'silent', ACCOUNTING_SYNC: 'false' });
  const ctx = await createContext(config, { database, logger: createLogger('silent'), jobs });
  await createJobTestTables(database);
  await ctx.jobs.start(ctx, TEST_JOB_TABLE);
  if (isPerTest) started.push({ ctx, database });
  return ctx;
};

afterEach(async () => {
  for (const { ctx } of started.splice(0)) await ctx.jobs.stop();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const query = async <T>(database: DatabaseHandle, text: string, values?: unknown[]) =>
  (await database.runSql(text, values)).rows as T[];

const runsOf = (database: DatabaseHandle, key: string) =>
  query<{ attempt: number; at: Date }>(
    database,
    'select attempt, at from job_test_runs where key = $1 order by at',
    [key],
  );
const effectsOf = async (database: DatabaseHandle, keyPrefix: string) =>
  (
    await query<{ key: string }>(
      database,
      'select key from job_test_effects where key like $1 order by key',
      [`${keyPrefix}%`],
    )
  ).map((row) => row.key);
const stateOf = async (database: DatabaseHandle, id: string) =>
  (await query<{ state: string }>(database, 'select state from pgboss.job where id = $1', [id]))[0]?.state;

const waitUntil = (check: () => Promise<void>, timeout = 30_000) =>
  vi.waitFor(check, { timeout, interval: 100 });

describe('job queue', () => {
  let database: DatabaseHandle;
  let ctx: AppContext;
  beforeAll(async () => {
    database = await openTestDatabase();
    ctx = await startInstance(database);
  });
  afterAll(async () => {
    await ctx?.jobs.stop();
    await database?.close();
  });

  it('runs a job once and marks it completed', async () => {
    const key = `once-${newId()}`;
    const id = await ctx.jobs.send(testEffectJob, { key });
    await waitUntil(async () => expect(await stateOf(database, String(id))).toBe('completed'));
    expect(await runsOf(database, key)).toHaveLength(1);
    expect(await effectsOf(database, key)).toEqual([key]);
  });

  it('retries a failing job with back-off until it succeeds', async () => {
    const key = `retry-${newId()}`;
    const id = await ctx.jobs.send(testEffectJob, { key, failUntilAttempt: 2 });
    await waitUntil(async () => expect(await stateOf(database, String(id))).toBe('completed'));
    const runs = await runsOf(database, key);
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    // retryDelay 1 s with back-off: pg-boss waits at least 1 s, then at least 2 s.
    const gaps = runs.slice(1).map((run, index) => run.at.getTime() - (runs[index]?.at.getTime() ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_900);
    expect(await effectsOf(database, key)).toEqual([key]);
  }, 60_000);

  it('runs a job with two workers past a long run of the same job', async () => {
    const held = `held-${newId()}`;
    const quick = `quick-${newId()}`;
    const heldId = String(await ctx.jobs.send(testGatedJob, { key: held, hold: true }));
    await waitUntil(async () => expect(heldRuns.has(held)).toBe(true));
    const quickId = String(await ctx.jobs.send(testGatedJob, { key: quick }));
    await waitUntil(async () => expect(await stateOf(database, quickId)).toBe('completed'));
    expect(await stateOf(database, heldId)).toBe('active');
    heldRuns.get(held)?.();
    await waitUntil(async () => expect(await stateOf(database, heldId)).toBe('completed'));
  });

  it('lets runs that outlive the stop end, done or failed, without writing to the stopped queue', async () => {
    const own = await openTestDatabase();
    cleanups.push(() => own.close());
    // A stop that waits 200 ms: both runs are still held when it gives up.
    const instance = await startInstance(own, false, { ...FAST, stopTimeoutMs: 200 });
    const done = `late-done-${newId()}`;
    const failed = `late-failed-${newId()}`;
    const doneId = String(await instance.jobs.send(testGatedJob, { key: done, hold: true }));
    const failedId = String(await instance.jobs.send(testGatedJob, { key: failed, hold: true, fail: true }));
    await waitUntil(async () => expect(heldRuns.has(done) && heldRuns.has(failed)).toBe(true));
    await instance.jobs.stop();
    heldRuns.get(done)?.();
    heldRuns.get(failed)?.();
    await waitUntil(async () => {
      expect(await runsOf(own, done)).toHaveLength(1);
      expect(await runsOf(own, failed)).toHaveLength(1);
    });
    // The stop gave both up for a retry; their late ends, reported to a queue that is stopped, write
    // nothing over that — and do not reject unhandled (pg-boss read a count from an empty answer),
    // which would fail this file.
    expect(await stateOf(own, doneId)).toBe('retry');
    expect(await stateOf(own, failedId)).toBe('retry');
  });

  it('shows a job that failed every run with its error, and an admin can run it again', async () => {
    const key = `failed-${newId()}`;
    const id = String(await ctx.jobs.send(testEffectJob, { key, failUntilAttempt: 4 }));
    await waitUntil(async () => expect(await stateOf(database, id)).toBe('failed'));
    const admin = administrativeActor(newId(), newId());
    const page = await listJobs(ctx, admin, { page: 1, pageSize: 20, state: 'failed' });
    expect(page.items).toEqual([
      expect.objectContaining({ id, name: 'test.effect', state: 'failed', attempts: 4, maxAttempts: 4 }),
    ]);
    expect(page.items[0]?.error).toBe('planned failure 4');
    expect(page.names).toEqual(['test.effect', 'test.gated']);
    expect(await effectsOf(database, key)).toEqual([]);

    await retryJob(ctx, admin, { id });
    await waitUntil(async () => expect(await stateOf(database, id)).toBe('completed'));
    expect(await runsOf(database, key)).toHaveLength(5);
    expect(await effectsOf(database, key)).toEqual([key]);
    await expect(retryJob(ctx, admin, { id })).rejects.toMatchObject({ code: 'CONFLICT' });
  }, 60_000);

  it("lists a company's jobs to its admins only, with the installation's own", async () => {
    const [ours, theirs] = [newId(), newId()];
    const key = `scope-${newId()}`;
    const ourJob = await ctx.jobs.send(testEffectJob, { key: `${key}-ours`, companyId: ours });
    const theirJob = await ctx.jobs.send(testEffectJob, { key: `${key}-theirs`, companyId: theirs });
    const systemJob = await ctx.jobs.send(testEffectJob, { key: `${key}-system` });
    const page = await listJobs(ctx, administrativeActor(ours, newId()), { page: 1, pageSize: 200 });
    const ids = page.items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([ourJob, systemJob]));
    expect(ids).not.toContain(theirJob);
    await expect(
      retryJob(ctx, administrativeActor(ours, newId()), { id: String(theirJob) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('applies an effect once when the same run is repeated', async () => {
    const run = { id: newId() };
    const key = `twice-${newId()}`;
    const apply = () =>
      runOnce(ctx, run, async (tx) => {
        await tx.execute(sql`insert into job_test_effects (key) values (${key})`);
      });
    expect(await apply()).toBe(true);
    expect(await apply()).toBe(false);
    expect(await effectsOf(database, key)).toEqual([key]);
  });
});

/** Starts the child instance; answers once it printed `line`. */
const startChild = (env: Record<string, string>, line: string) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../../test/jobs-child.ts')],
    {
      env: { ...process.env, ...env, KARM_JOBS_CHILD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const reached = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.split('\n').includes(line)) resolve();
    });
    child.once('exit', () => reject(new Error(`The child ended before "${line}": ${errors}`)));
  });
  return { child, exited, reached };
};

describe('job queue across a crash', () => {
  const JOBS = 8;

  it('completes every job exactly once after the instance is killed with SIGKILL mid-run', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'karm-jobs-'));
    afterAll(() => rm(dataDir, { recursive: true, force: true }));
    const testDatabase = isPostgres ? await openTestDatabase() : undefined;
    if (testDatabase) cleanups.push(() => testDatabase.close());
    const target: Record<string, string> = testDatabase?.url
      ? { KARM_JOBS_DATABASE_URL: testDatabase.url }
      : { KARM_JOBS_DATA_DIR: path.join(dataDir, 'db') };

    const stalled = `job-${Math.floor(JOBS / 2)}`;
    const { child, exited, reached } = startChild(
      { ...target, KARM_JOBS_SEND: String(JOBS) },
      `run ${stalled}`,
    );
    await reached;
    child.kill('SIGKILL');
    await exited;

    // A new instance on the same database: the stalled run is failed into a retry (at once on
    // PGlite, after its 3 s expiry on PostgreSQL) and every job ends completed.
    const database = testDatabase ?? (await openDatabase({ dataDir: path.join(dataDir, 'db') }));
    if (!testDatabase) cleanups.push(() => database.close());
    await startInstance(database, true);
    await waitUntil(async () => {
      const states = await query<{ state: string }>(
        database,
        "select state from pgboss.job where name = 'test.effect'",
      );
      expect(states).toHaveLength(JOBS);
      expect(states.every((row) => row.state === 'completed')).toBe(true);
    }, 60_000);
    const expected = Array.from({ length: JOBS }, (_, n) => `job-${n}`).sort();
    expect(await effectsOf(database, 'job-')).toEqual(expected);
    expect((await runsOf(database, stalled)).length).toBe(2);
  }, 120_000);

  it.runIf(isPostgres)(
    'two instances on one PostgreSQL database do each job exactly once',
    async () => {
      const first = await openTestDatabase();
      cleanups.push(() => first.close());
      const second = await openDatabase({ url: String(first.url) });
      cleanups.push(() => second.close());
      const [one, two] = [await startInstance(first, true), await startInstance(second, true)];
      const count = 40;
      const prefix = `pair-${newId()}-`;
      for (let n = 0; n < count; n++) {
        await (n % 2 === 0 ? one : two).jobs.send(testEffectJob, {
          key: `${prefix}${String(n).padStart(2, '0')}`,
        });
      }
      await waitUntil(async () => expect(await effectsOf(first, prefix)).toHaveLength(count), 60_000);
      const runs = await query<{ key: string; runs: number }>(
        first,
        'select key, count(*)::int as runs from job_test_runs where key like $1 group by key',
        [`${prefix}%`],
      );
      expect(runs).toHaveLength(count);
      expect(runs.every((row) => row.runs === 1)).toBe(true);
    },
    120_000,
  );
});
