import {
  type DueServiceVisitDto,
  type EmployeeDto,
  type Page,
  type PriceIndexInput,
  type PriceIndexResultDto,
  SERVICE_AGREEMENT_PUSHES,
  type ServiceAgreementCreateInput,
  type ServiceAgreementDto,
  type ServiceAgreementHistoryDto,
  type ServiceAgreementOfProjectDto,
  type ServiceAgreementPatchInput,
  type ServiceItemDto,
  type ServiceVisitDoneInput,
} from '@karm/domain/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';

/**
 * Service agreements over REST (`/api/service-agreements/…`); the `service-agreements:changed` push
 * re-reads every agreement, history and due list (another person's save, a price index).
 */

export const agreementKeys = {
  all: ['service-agreements'] as const,
  ofProject: (projectId: string) => [...agreementKeys.all, 'of-project', projectId] as const,
  history: (id: string) => [...agreementKeys.all, 'history', id] as const,
  due: (weeks: number, page: number) => [...agreementKeys.all, 'due', weeks, page] as const,
  workers: () => [...agreementKeys.all, 'workers'] as const,
  items: (projectId: string) => [...agreementKeys.all, 'items', projectId] as const,
};

export const DUE_PAGE_SIZE = 20;

export const useAgreementOfProject = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: agreementKeys.ofProject(projectId),
    queryFn: () =>
      http<ServiceAgreementOfProjectDto>('/service-agreements/of-project', { query: { projectId } }),
    enabled,
  });

export const useAgreementHistory = (id: string | null) =>
  useQuery({
    queryKey: agreementKeys.history(id ?? ''),
    queryFn: () => http<ServiceAgreementHistoryDto>(`/service-agreements/${id}/history`),
    enabled: id !== null,
  });

export const useDueService = (weeks: number, page: number) =>
  useQuery({
    queryKey: agreementKeys.due(weeks, page),
    queryFn: () =>
      http<Page<DueServiceVisitDto>>('/service-agreements/due', {
        query: { weeks, page, pageSize: DUE_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/** SPEC §7 GET employee/service: the service workers to choose from. */
export const useServiceWorkers = () =>
  useQuery({
    queryKey: agreementKeys.workers(),
    queryFn: () => http<EmployeeDto[]>('/employee/service'),
    staleTime: 60_000,
  });

/** The project's service items (service work's route), the ones an agreement may cover. */
export const useProjectItems = (projectId: string) =>
  useQuery({
    queryKey: agreementKeys.items(projectId),
    queryFn: () =>
      http<ServiceItemDto[]>('/service-project/service-items/populated', { query: { projectId } }),
  });

const useAgreementMutation = <Input, Output>(call: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
  });
};

export const useCreateAgreement = () =>
  useAgreementMutation((body: ServiceAgreementCreateInput) =>
    http<ServiceAgreementDto>('/service-agreements', { method: 'POST', body }),
  );

export const useUpdateAgreement = () =>
  useAgreementMutation(({ id, ...body }: { id: string } & ServiceAgreementPatchInput) =>
    http<ServiceAgreementDto>(`/service-agreements/${id}`, { method: 'PATCH', body }),
  );

export const useVisitDone = () =>
  useAgreementMutation(({ id, ...body }: { id: string } & ServiceVisitDoneInput) =>
    http<ServiceAgreementDto>(`/service-agreements/${id}/visits`, { method: 'POST', body }),
  );

export const usePriceIndex = () =>
  useAgreementMutation((body: PriceIndexInput) =>
    http<PriceIndexResultDto>('/service-agreements/price-index', { method: 'POST', body }),
  );

export const useAgreementPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(SERVICE_AGREEMENT_PUSHES.changed, () => {
        void queryClient.invalidateQueries({ queryKey: agreementKeys.all });
      }),
    [queryClient],
  );
};
