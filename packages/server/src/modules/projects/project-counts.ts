import { ENDED_RANGE_ALL, type ProjectFilters } from '@karm/domain/rules';
import { type AnyColumn, and, eq, gte, inArray, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { projectCounts, projectDeliveryCounts } from './projects.tables';

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

/** Whether no filter is set but the broad ones (status, service, invoice) and a range of delivery dates. */
const hasOnlyBroadFilters = (filters: ProjectFilters) =>
  filters.who === 'alle' &&
  filters.projectManager === null &&
  filters.customer === null &&
  filters.departments.length === 0 &&
  filters.startDate === null &&
  filters.deliveryDate === null &&
  filters.group === null &&
  filters.endedRange === ENDED_RANGE_ALL &&
  filters.processFilter === null &&
  filters.selectedProcessFilter === null &&
  filters.searchQuery === '';

/** Whether the list is filtered by nothing but what project_counts counts by. */
const isCounted = (filters: ProjectFilters) =>
  hasOnlyBroadFilters(filters) && filters.fromDate === null && filters.toDate === null;

/** Whether the list is everybody's projects due in a range of delivery dates, as project_delivery_counts counts them. */
const isCountedByDelivery = (filters: ProjectFilters) =>
  hasOnlyBroadFilters(filters) &&
  filters.status === 'all' &&
  filters.isService === null &&
  filters.hasInvoice === null &&
  filters.toDate !== null;

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

/**
 * A trend bucket's number from a delivery date: 2026 for a year, 202611 for November 2026. Grouped by
 * a number rather than text: over 100 000 projects, to_char on every row cost a third of the query.
 */
export const deliveryBucket = (deliveryDate: AnyColumn, bucket: 'year' | 'month') =>
  bucket === 'year'
    ? sql<number>`extract(year from ${deliveryDate})::int`
    : sql<number>`(extract(year from ${deliveryDate}) * 100 + extract(month from ${deliveryDate}))::int`;

/**
 * The dashboard's completion trend (projects due per year or month of the delivery date, and the
 * completed ones) read from the kept delivery counts (migration 0053) — for the due list as the
 * dashboard opens it: everybody's projects due up to a day, for an actor who reads them all. Null
 * otherwise: the trend then groups the list's rows. Buckets whose projects all moved away are left out.
 */
export const countedCompletionTrend = (
  db: Executor,
  companyId: string,
  filters: ProjectFilters,
  readsEveryProject: boolean,
  bucket: 'year' | 'month',
) => {
  if (!readsEveryProject || !isCountedByDelivery(filters)) return null;
  const number = deliveryBucket(projectDeliveryCounts.deliveryDate, bucket);
  return db
    .select({
      number: number.mapWith(Number),
      due: sql<number>`sum(${projectDeliveryCounts.projectCount})`.mapWith(Number),
      completed:
        sql<number>`coalesce(sum(${projectDeliveryCounts.projectCount}) filter (where ${projectDeliveryCounts.state} = 'completed'), 0)`.mapWith(
          Number,
        ),
    })
    .from(projectDeliveryCounts)
    .where(
      and(
        eq(projectDeliveryCounts.companyId, companyId),
        filters.fromDate ? gte(projectDeliveryCounts.deliveryDate, filters.fromDate) : undefined,
        filters.toDate ? lte(projectDeliveryCounts.deliveryDate, filters.toDate) : undefined,
      ),
    )
    .groupBy(number)
    .having(sql`sum(${projectDeliveryCounts.projectCount}) > 0`)
    .orderBy(number);
};
