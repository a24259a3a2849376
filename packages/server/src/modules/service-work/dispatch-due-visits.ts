import { DISPATCH_VISIT_DAYS_AHEAD } from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { serviceProjectIdsMatching } from '../projects/service-projects';
import { dueVisitKeys, visitTaskIdsSubquery } from '../service-agreements/dispatch-visits';

/**
 * Visits due as dispatch entries of their own: a subquery of dispatch keys — `kind` 'visit', `id`
 * the agreement and `date` the day the visit is due (as text) — for the visits due within
 * `DISPATCH_VISIT_DAYS_AHEAD` days (overdue ones included), paged together with emergency items and
 * open service tasks. The visits' own tasks are left out of the open tasks (`visitTaskIds`), so a
 * visit is never listed twice.
 */
export const dueServiceVisitKeys = (
  db: Executor,
  companyId: string,
  options: { search?: string; today: string },
): SQL =>
  dueVisitKeys(db, companyId, {
    until: addDays(options.today, DISPATCH_VISIT_DAYS_AHEAD),
    projectIds: options.search
      ? serviceProjectIdsMatching(db, companyId, options.search).getSQL()
      : undefined,
  }).getSQL();

/** The task ids of the agreements' visits, which the dispatch list shows as visit entries. */
export const visitTaskIds = (db: Executor, companyId: string): SQL => visitTaskIdsSubquery(db, companyId);
