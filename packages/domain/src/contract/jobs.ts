import { z } from 'zod';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

/**
 * What an administrator sees of a background job (issue 12: the queue is visible to admins).
 * `queued` covers jobs waiting for their first run and for a retry.
 */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export type JobDto = {
  id: string;
  name: string;
  state: JobState;
  /** False for installation-wide jobs (database statistics, the accounting timetable). */
  isCompanyJob: boolean;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** The next run of a queued job (later than now while it waits out a retry's back-off). */
  startAfter: string;
  /** Runs so far, including the one under way. */
  attempts: number;
  /** Runs allowed in all: the first and its retries. */
  maxAttempts: number;
  /** The last run's error message, if it failed. */
  error: string | null;
};

/** Job names are the job table's (`mail.send`, `accounting.sync`…): letters, digits, dots and dashes. */
const jobName = z
  .string()
  .max(100)
  .regex(/^[a-z0-9][a-z0-9.-]*$/i);

export const jobQuerySchema = pageQuerySchema.extend({
  state: z.enum(JOB_STATES).optional(),
  name: jobName.optional(),
});

export const jobEvents = {
  'jobs:list': socketEvent<Page<JobDto> & { names: string[] }>()(jobQuerySchema),
  'jobs:retry': socketEvent<JobDto>()(z.object({ id: z.uuid() })),
};

/** Pushed to the company's administrators when one of its jobs is queued, starts, ends or is retried. */
export const JOB_PUSHES = { changed: 'jobs:changed' } as const;
