/**
 * A Karm instance that only works on the test job table, for the queue's crash test: it sends
 * KARM_JOBS_SEND jobs (one of them stalls forever), works on them, and is killed with SIGKILL.
 */
import { loadConfig } from '../config';
import { createContext } from '../platform/create-context';
import { openDatabase } from '../platform/db/client';
import { createLogger } from '../platform/logging';
import { createJobTestTables, TEST_JOB_TABLE, testEffectJob } from './jobs-fixture';

const main = async () => {
  const url = process.env.KARM_JOBS_DATABASE_URL;
  const dataDir = process.env.KARM_JOBS_DATA_DIR ?? '';
  const database = await openDatabase(url ? { url } : { dataDir });
  const config = loadConfig({ DATA_DIR: dataDir || '/tmp', LOG_LEVEL: 'silent', ACCOUNTING_SYNC: 'false' });
  const ctx = await createContext(config, {
    database,
    logger: createLogger('silent'),
    jobs: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
  });
  await createJobTestTables(database);
  await ctx.jobs.start(ctx, TEST_JOB_TABLE);
  const count = Number(process.env.KARM_JOBS_SEND ?? 0);
  const stallAt = Math.floor(count / 2);
  for (let n = 0; n < count; n++) {
    await ctx.jobs.send(testEffectJob, { key: `job-${n}`, stallInChild: n === stallAt });
  }
  process.stdout.write('sent\n');
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
