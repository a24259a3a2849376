import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';

/**
 * The hook for service agreements (issue 19 "service visits due (from agreements)"): the visits
 * that are due, as a subquery of dispatch keys — `kind` 'visit', `id` the service item to visit and
 * `date` the day it is due (as text) — for the dispatch list to page together with emergency items
 * and open service tasks. No agreements exist yet, so there are none: the agreements module answers
 * its subquery here when it lands, and the list, map and booking take visits as they are.
 */
export const dueServiceVisitKeys = (
  _db: Executor,
  _companyId: string,
  _options: { search?: string },
): SQL | null => null;
