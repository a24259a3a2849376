import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';

/**
 * The hook for visits due as entries of their own: a subquery of dispatch keys — `kind` 'visit',
 * `id` the service item to visit and `date` the day it is due (as text) — paged together with
 * emergency items and open service tasks. Service agreements (module `service-agreements`) make each
 * next visit a service task for its service workers, so today a due visit reaches the dispatch list
 * as those tasks, and this answers none (an entry here too would list the visit twice). Listing
 * visits per item here, without their tasks, is the next step.
 */
export const dueServiceVisitKeys = (
  _db: Executor,
  _companyId: string,
  _options: { search?: string },
): SQL | null => null;
