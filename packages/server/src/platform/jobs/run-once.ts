import type { AppContext } from '../context';
import type { Transaction } from '../db/client';
import type { JobRun } from './job-table';
import { jobEffects } from './jobs.tables';

/**
 * Applies a job's database effect exactly once: the effect and the record that it happened commit
 * together, so a run repeated after a crash (pg-boss runs a job at least once) finds it done and
 * skips it. Answers whether this run applied it. Effects outside the database (a mail, a call to
 * another system) cannot be made exactly-once this way; their handlers check their own records.
 */
export const runOnce = async (
  ctx: Pick<AppContext, 'db'>,
  run: Pick<JobRun, 'id'>,
  effect: (tx: Transaction) => Promise<void>,
) =>
  ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(jobEffects)
      .values({ jobId: run.id })
      .onConflictDoNothing()
      .returning({ jobId: jobEffects.jobId });
    if (!claimed) return false;
    await effect(tx);
    return true;
  });
