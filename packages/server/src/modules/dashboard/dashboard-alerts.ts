import {
  DASHBOARD_HIGH_DEVIATIONS,
  DASHBOARD_PROJECT_LISTS,
  type DashboardAlert,
  type DashboardAlertDto,
  type DashboardAlertsDto,
  deviationListQuerySchema,
  inquiryQuerySchema,
  invoiceListQuerySchema,
  offerListQuerySchema,
  type Permission,
  taskListQuerySchema,
} from '@karm/domain/contract';
import { todayIn } from '../../platform/clock';
import { type Actor, type AppContext, can } from '../../platform/context';
import { failedSyncsSinceSuccess } from '../accounting/sync-runs';
import { listInquiries } from '../inquiries/inquiry-list';
import { invoiceListTotal } from '../invoices/invoices.service';
import { listOffers } from '../offers/offer-list';
import { projectListTotal } from '../projects/project-dashboard';
import { listDeviations } from '../quality/deviation-list';
import { listTasks } from '../tasks/tasks.service';
import { listFilters } from './dashboard-projects';

/** One row is enough: the alert shows the list's total, not its rows. */
const FIRST_ROW = { page: 1, pageSize: 1 };

type AlertSource = {
  /** Any one of these lets the asker see the alert (the list's own access rule). */
  access: readonly Permission[];
  /** The list's total; null when the module behind it is not built yet. */
  count: (ctx: AppContext, actor: Actor) => Promise<number> | null;
};

/**
 * SPEC §1 alerts, each counted by the list it links to, with that list's own filter: offers and
 * inquiries past their deadline, deliveries past due (the past-due project group), invoices past due,
 * failed syncs (since the last good one), open high deviations and overdue tasks.
 */
export const ALERT_SOURCES: Record<DashboardAlert, AlertSource> = {
  offersPastDeadline: {
    access: ['offers.read'],
    count: async (ctx, actor) =>
      (await listOffers(ctx, actor, offerListQuerySchema.parse({ ...FIRST_ROW, overdue: 'true' }))).total,
  },
  inquiriesPastDeadline: {
    access: ['inquiries.read'],
    count: async (ctx, actor) =>
      (
        await listInquiries(
          ctx,
          actor,
          inquiryQuerySchema.parse({ ...FIRST_ROW, deadline: { kind: 'overdue' } }),
        )
      ).total,
  },
  deliveriesPastDue: {
    access: ['projects.read', 'projects.read-own'],
    count: (ctx, actor) =>
      projectListTotal(ctx, actor, listFilters(DASHBOARD_PROJECT_LISTS.group('pastDue'))),
  },
  invoicesPastDue: {
    access: ['invoices.read'],
    count: (ctx, actor) =>
      invoiceListTotal(ctx, actor, invoiceListQuerySchema.parse({ ...FIRST_ROW, filter: 'pastDue' })),
  },
  failedSyncs: {
    access: ['accounting.manage'],
    count: (ctx, actor) => failedSyncsSinceSuccess(ctx.db, actor.companyId),
  },
  highDeviations: {
    access: ['quality.read'],
    count: async (ctx, actor) =>
      (
        await listDeviations(
          ctx,
          actor,
          deviationListQuerySchema.parse({ ...FIRST_ROW, ...DASHBOARD_HIGH_DEVIATIONS }),
        )
      ).total,
  },
  overdueTasks: {
    access: ['tasks.read', 'tasks.own'],
    count: async (ctx, actor) =>
      (await listTasks(ctx, actor, taskListQuerySchema.parse({ ...FIRST_ROW, filter: 'overdue' }))).total,
  },
};

export const dashboardAlerts = async (ctx: AppContext, actor: Actor): Promise<DashboardAlertsDto> => {
  const visible = (Object.entries(ALERT_SOURCES) as [DashboardAlert, AlertSource][]).filter(([, source]) =>
    source.access.some((permission) => can(actor, permission)),
  );
  const items = await Promise.all(
    visible.map(async ([key, source]): Promise<DashboardAlertDto> => {
      const count = source.count(ctx, actor);
      return count === null
        ? { key, isAvailable: false, count: null }
        : { key, isAvailable: true, count: await count };
    }),
  );
  return { today: todayIn(ctx.clock), items };
};
