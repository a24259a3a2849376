import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** The jobs whose database effect is done (see runOnce): a job id here is never applied again. */
export const jobEffects = pgTable('job_effects', {
  jobId: uuid('job_id').primaryKey(),
  createdAt: createdAt(),
});
