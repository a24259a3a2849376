import {
  type Page,
  SERVICE_REPORT_PUSHES,
  type ServiceLogbookDto,
  type ServiceReportCreatedDto,
  type ServiceReportCreateInput,
  type ServiceReportDto,
  type ServiceReportsChangedPush,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';

/** Service reports of a project and an item's logbook (issue 19); `service-reports:changed` re-reads them. */

export const REPORTS_PAGE_SIZE = 10;

export const serviceReportKeys = {
  all: ['service-reports'] as const,
  ofProject: (projectId: string) => [...serviceReportKeys.all, 'project', projectId] as const,
  page: (projectId: string, page: number) => [...serviceReportKeys.ofProject(projectId), page] as const,
  logbooks: () => [...serviceReportKeys.all, 'logbook'] as const,
  logbook: (serviceItemId: string) => [...serviceReportKeys.logbooks(), serviceItemId] as const,
};

export const getServiceReports = (projectId: string, page: number) =>
  http<Page<ServiceReportDto>>('/service-project/service-report', {
    query: { projectId, page, pageSize: REPORTS_PAGE_SIZE },
  });
export const createServiceReport = (body: ServiceReportCreateInput) =>
  http<ServiceReportCreatedDto>('/service-project/service-report', { method: 'POST', body });
export const getServiceLogbook = (serviceItemId: string) =>
  http<ServiceLogbookDto>(`/service-project/service-item/${encodeURIComponent(serviceItemId)}/logbook`);

export const serviceReportsQuery = (projectId: string, page: number) =>
  queryOptions({
    queryKey: serviceReportKeys.page(projectId, page),
    queryFn: () => getServiceReports(projectId, page),
    placeholderData: keepPreviousData,
  });
export const useServiceReports = (projectId: string, page: number) =>
  useQuery(serviceReportsQuery(projectId, page));

export const serviceLogbookQuery = (serviceItemId: string) =>
  queryOptions({
    queryKey: serviceReportKeys.logbook(serviceItemId),
    queryFn: () => getServiceLogbook(serviceItemId),
  });
export const useServiceLogbook = (serviceItemId: string | null) =>
  useQuery({ ...serviceLogbookQuery(serviceItemId ?? ''), enabled: serviceItemId !== null });

export const useCreateServiceReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceReport,
    onSuccess: (_created, input) => {
      void queryClient.invalidateQueries({ queryKey: serviceReportKeys.ofProject(input.projectId) });
      void queryClient.invalidateQueries({ queryKey: serviceReportKeys.logbooks() });
    },
  });
};

/** Someone else's report: the project's list and the open logbooks are read again. */
export const useServiceReportPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(SERVICE_REPORT_PUSHES.changed, (payload: ServiceReportsChangedPush) => {
        void queryClient.invalidateQueries({ queryKey: serviceReportKeys.ofProject(payload.projectId) });
        void queryClient.invalidateQueries({ queryKey: serviceReportKeys.logbooks() });
      }),
    [queryClient],
  );
};
