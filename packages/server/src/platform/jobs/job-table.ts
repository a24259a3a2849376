import type { AppContext } from '../context';

/** A job's payload: small (ids, not records); company-scoped jobs carry their `companyId`. */
export type JobData = { companyId?: string } & Record<string, unknown>;

/** The run under way, as its handler sees it. */
export type JobRun = {
  id: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** No retry follows if this run fails. */
  isLastAttempt: boolean;
};

/**
 * One kind of background work, declared once by the module that owns it and composed in app.ts
 * (`JOB_TABLE`), as socket events are. Handlers must be idempotent: a run cut off by a crash is
 * run again (see `runOnce` for database effects that must happen exactly once).
 */
export type JobDefinition<D extends JobData = JobData> = {
  /** `<module>.<verb>`, e.g. `mail.send`; the queue's name. */
  name: string;
  handler: (ctx: AppContext, data: D, run: JobRun) => Promise<void>;
  /** Retries after a failed run: `limit` more runs, `delaySeconds` apart, doubling when `backoff`. */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** A run longer than this fails (and is retried); also how long a crashed instance's run stays claimed. */
  expireInSeconds?: number;
  /**
   * At most one job queued and one running per key (e.g. per company: a sync is never queued twice).
   * Sending while one is queued is a no-op answering null.
   */
  singletonKey?: (data: D) => string;
  /** Sent by the queue itself on a cron timetable (Europe/Oslo), once across all instances. */
  schedule?: { cron: string; data?: D };
  /**
   * Runs of this job one instance works on at once (default 1). More than one where a long run must
   * not hold up short ones behind it, e.g. one company's export and another's test e-mail.
   */
  workers?: number;
  /** Whether this instance works on the job (default: yes); others still may. */
  isEnabled?: (ctx: AppContext) => boolean;
};

// The table holds definitions of different payloads; each is typed where it is declared and sent.
// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous table of typed definitions
export type JobTable = readonly JobDefinition<any>[];

export const defineJob = <D extends JobData>(definition: JobDefinition<D>) => definition;
