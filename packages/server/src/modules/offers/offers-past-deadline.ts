import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { offerStatuses, offers } from './offers.tables';

/**
 * Open offers (not archived, not won or lost) with an owner whose own deadline has passed: whom the
 * subscriptions' daily check tells (issue 18). Across companies: the check is one system job.
 */
export const offersPastDeadline = (db: Executor, today: string) =>
  db
    .select({
      id: offers.id,
      companyId: offers.companyId,
      number: offers.number,
      name: offers.projectName,
      deadline: offers.offerDeadline,
      ownerId: offers.ownerId,
    })
    .from(offers)
    .leftJoin(offerStatuses, eq(offerStatuses.id, offers.statusId))
    .where(
      and(
        eq(offers.archived, false),
        isNotNull(offers.ownerId),
        isNotNull(offers.offerDeadline),
        lt(offers.offerDeadline, today),
        or(isNull(offerStatuses.id), and(eq(offerStatuses.isWon, false), eq(offerStatuses.isLost, false))),
      ),
    )
    .orderBy(asc(offers.offerDeadline), asc(offers.number));
