import {
  DASHBOARD_ROUTES,
  type DashboardAlertsDto,
  type DashboardAnniversariesDto,
  type DashboardChangesDto,
  type DashboardCompletionDto,
  type DashboardProjectsDto,
  type DashboardWidget,
  type DashboardWorkStatusDto,
  INQUIRY_PUSHES,
  INVOICE_PUSHES,
  OFFER_PUSHES,
  PLAN_PUSHES,
  PROJECT_PUSHES,
  TASK_PUSHES,
} from '@karm/domain/contract';
import type { DashboardPeriod } from '@karm/domain/rules';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';

/**
 * The dashboard's widgets over REST (issue 17): one query per widget, all started at once, each with
 * its own loading state. Pushes that change what a widget counts make that widget read again
 * (DESIGN rule 7: no polling).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  widget: (widget: DashboardWidget) => [...dashboardKeys.all, widget] as const,
  completion: (period: DashboardPeriod) => [...dashboardKeys.widget('completion'), period] as const,
};

export const getDashboardProjects = () => http<DashboardProjectsDto>(DASHBOARD_ROUTES.projects);
export const getDashboardCompletion = (period: DashboardPeriod) =>
  http<DashboardCompletionDto>(DASHBOARD_ROUTES.completion, { query: { period } });
export const getDashboardWorkStatus = () => http<DashboardWorkStatusDto>(DASHBOARD_ROUTES.workStatus);
export const getDashboardAnniversaries = () =>
  http<DashboardAnniversariesDto>(DASHBOARD_ROUTES.anniversaries);
export const getDashboardAlerts = () => http<DashboardAlertsDto>(DASHBOARD_ROUTES.alerts);
export const getDashboardChanges = () => http<DashboardChangesDto>(DASHBOARD_ROUTES.changes);

export const dashboardProjectsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.widget('projects'), queryFn: getDashboardProjects });
export const dashboardCompletionQuery = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardKeys.completion(period),
    queryFn: () => getDashboardCompletion(period),
    placeholderData: keepPreviousData,
  });
export const dashboardWorkStatusQuery = () =>
  queryOptions({ queryKey: dashboardKeys.widget('workStatus'), queryFn: getDashboardWorkStatus });
export const dashboardAnniversariesQuery = () =>
  queryOptions({ queryKey: dashboardKeys.widget('anniversaries'), queryFn: getDashboardAnniversaries });
export const dashboardAlertsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.widget('alerts'), queryFn: getDashboardAlerts });
export const dashboardChangesQuery = () =>
  queryOptions({ queryKey: dashboardKeys.widget('changes'), queryFn: getDashboardChanges });

type Enabled = { enabled: boolean };
export const useDashboardProjects = ({ enabled }: Enabled) =>
  useQuery({ ...dashboardProjectsQuery(), enabled });
export const useDashboardCompletion = (period: DashboardPeriod, { enabled }: Enabled) =>
  useQuery({ ...dashboardCompletionQuery(period), enabled });
export const useDashboardWorkStatus = ({ enabled }: Enabled) =>
  useQuery({ ...dashboardWorkStatusQuery(), enabled });
export const useDashboardAnniversaries = ({ enabled }: Enabled) =>
  useQuery({ ...dashboardAnniversariesQuery(), enabled });
export const useDashboardAlerts = ({ enabled }: Enabled) => useQuery({ ...dashboardAlertsQuery(), enabled });
export const useDashboardChanges = ({ enabled }: Enabled) =>
  useQuery({ ...dashboardChangesQuery(), enabled });

/** Which widgets each push makes stale. */
export const DASHBOARD_PUSH_TARGETS: Record<string, readonly DashboardWidget[]> = {
  [PROJECT_PUSHES.projectChanged]: ['projects', 'completion', 'changes', 'alerts'],
  [PROJECT_PUSHES.projectRemoved]: ['projects', 'completion', 'changes', 'alerts', 'workStatus'],
  [PLAN_PUSHES.added]: ['workStatus'],
  [PLAN_PUSHES.updated]: ['workStatus'],
  [PLAN_PUSHES.refreshed]: ['workStatus'],
  [TASK_PUSHES.changed]: ['alerts', 'workStatus'],
  [OFFER_PUSHES.offerChanged]: ['alerts'],
  [INQUIRY_PUSHES.inquiryChanged]: ['alerts'],
  [INVOICE_PUSHES.changed]: ['alerts'],
};

/** Keeps the widgets fresh while the dashboard is open. */
export const useDashboardPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = Object.entries(DASHBOARD_PUSH_TARGETS).map(([event, widgets]) =>
      onPush(event, () => {
        for (const widget of widgets) {
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.widget(widget) });
        }
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
