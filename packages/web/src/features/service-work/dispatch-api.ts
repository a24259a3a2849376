import {
  type DispatchAssignInput,
  type DispatchEntryDto,
  type DispatchEntryKind,
  type Page,
  PLAN_PUSHES,
  type PlanChangeDto,
  SERVICE_AGREEMENT_PUSHES,
  SERVICE_WORK_PUSHES,
  TASK_PUSHES,
} from '@karm/domain/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';

/** The service assignment's dispatch list and booking (REST /service-project/dispatch*). */

export const DISPATCH_PAGE_SIZE = 20;

const dispatchKeys = {
  all: ['service-work', 'dispatch'] as const,
  page: (page: number, kind: DispatchEntryKind | null, search: string) =>
    [...dispatchKeys.all, page, kind, search] as const,
};

export const useDispatch = (page: number, kind: DispatchEntryKind | null, search: string) =>
  useQuery({
    queryKey: dispatchKeys.page(page, kind, search),
    queryFn: () =>
      http<Page<DispatchEntryDto>>('/service-project/dispatch', {
        query: {
          page,
          pageSize: DISPATCH_PAGE_SIZE,
          ...(kind ? { kind } : {}),
          ...(search ? { search } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useAssignDispatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DispatchAssignInput) =>
      http<PlanChangeDto>('/service-project/dispatch/assign', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
};

/** Bookings, tasks, service items and agreements changed anywhere: the list is read again. */
export const useDispatchPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    const stops = [
      PLAN_PUSHES.added,
      PLAN_PUSHES.updated,
      PLAN_PUSHES.refreshed,
      TASK_PUSHES.changed,
      SERVICE_WORK_PUSHES.itemsChanged,
      // An agreement's visit moved or was made: the due visits change.
      SERVICE_AGREEMENT_PUSHES.changed,
    ].map((event) => onPush(event, refresh));
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
