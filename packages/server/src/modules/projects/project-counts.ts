import { ENDED_RANGE_ALL, type ProjectFilters } from '@karm/domain/rules';
import { and, eq, inArray, type SQL, sum } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { projectCounts } from './projects.tables';

/** The status filter as a condition on the counted combinations (each one a column of project_counts). */
const countedStatus = (status: ProjectFilters['status']): SQL | undefined => {
  switch (status) {
    case 'all':
      return undefined;
    case 'active':
    case 'completed':
    case 'archived':
      return eq(projectCounts.state, status);
    case 'notActive':
      return inArray(projectCounts.state, ['completed', 'archived']);
    case 'none':
      return eq(projectCounts.hasUninvoicedPart, true);
    case 'pending':
      return eq(projectCounts.hasUnsentInvoice, true);
    case 'paid':
      return eq(projectCounts.hasPaidInvoice, true);
    // Pending payment or past due: a sent, unpaid invoice, whatever its due date (the list compares
    // the first and last due date with today; one of them holds exactly when there is such an invoice).
    case 'sent':
      return eq(projectCounts.hasUnpaidSentInvoice, true);
  }
};

/** Whether the list is filtered by nothing but what project_counts counts by. */
const isCounted = (filters: ProjectFilters) =>
  filters.who === 'alle' &&
  filters.projectManager === null &&
  filters.customer === null &&
  filters.departments.length === 0 &&
  filters.startDate === null &&
  filters.deliveryDate === null &&
  filters.group === null &&
  filters.fromDate === null &&
  filters.toDate === null &&
  filters.endedRange === ENDED_RANGE_ALL &&
  filters.processFilter === null &&
  filters.selectedProcessFilter === null &&
  filters.searchQuery === '';

/**
 * The project list's total read from the kept counts (migration 0031) — everybody's projects, for an
 * actor who reads them all, filtered by state, service and invoice status only: the list opened as
 * most leaders open it. Null when any other filter is in play: the list then counts its rows.
 */
export const countedProjectTotal = (
  db: Executor,
  companyId: string,
  filters: ProjectFilters,
  readsEveryProject: boolean,
) => {
  if (!readsEveryProject || !isCounted(filters)) return null;
  return db
    .select({ total: sum(projectCounts.projectCount).mapWith(Number) })
    .from(projectCounts)
    .where(
      and(
        eq(projectCounts.companyId, companyId),
        countedStatus(filters.status),
        filters.isService === null ? undefined : eq(projectCounts.isService, filters.isService),
        filters.hasInvoice === null ? undefined : eq(projectCounts.hasInvoice, filters.hasInvoice),
      ),
    );
};
