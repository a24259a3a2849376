import {
  type CapacityDetailsQuery,
  type CapacityQuery,
  CUSTOMER_PUSHES,
  OFFER_PUSHES,
  PLAN_PUSHES,
  PROJECT_PUSHES,
  TASK_PUSHES,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/socket';
import { useRereadOnPushes } from '@/lib/use-reread-on-pushes';

/** The capacity screen's data (`capacity:get`) and its info dialog's (`capacity:details`). */

export const capacityKeys = {
  all: ['capacity'] as const,
  weeks: (query: CapacityQuery) => [...capacityKeys.all, 'weeks', query] as const,
  details: (query: CapacityDetailsQuery) => [...capacityKeys.all, 'details', query] as const,
};

export const getCapacity = (query: CapacityQuery) => request('capacity:get', query);
export const getCapacityDetails = (query: CapacityDetailsQuery) => request('capacity:details', query);

export const capacityQueryOptions = (query: CapacityQuery) =>
  queryOptions({
    queryKey: capacityKeys.weeks(query),
    queryFn: () => getCapacity(query),
    placeholderData: keepPreviousData,
  });

export const capacityDetailsQueryOptions = (query: CapacityDetailsQuery) =>
  queryOptions({ queryKey: capacityKeys.details(query), queryFn: () => getCapacityDetails(query) });

export const useCapacity = (query: CapacityQuery) => useQuery(capacityQueryOptions(query));
export const useCapacityDetails = (query: CapacityDetailsQuery | null) =>
  useQuery({
    ...capacityDetailsQueryOptions(query ?? { year: 2000, week: 1, workGroup: '-' }),
    enabled: query !== null,
  });

/**
 * Everything the forecast is made of changes elsewhere: bookings (the planner's pushes), tasks,
 * projects and their process dates, offers and their statuses' likelihoods, employees and their work
 * groups. Any of those pushes reads the capacity again (DESIGN rule 7: no polling).
 */
const CAPACITY_INPUTS = [
  PLAN_PUSHES.added,
  PLAN_PUSHES.updated,
  PLAN_PUSHES.refreshed,
  TASK_PUSHES.changed,
  PROJECT_PUSHES.projectChanged,
  PROJECT_PUSHES.projectRemoved,
  PROJECT_PUSHES.processChanged,
  PROJECT_PUSHES.processColumnsChanged,
  OFFER_PUSHES.offerChanged,
  OFFER_PUSHES.offerStatusesChanged,
  CUSTOMER_PUSHES.employeesChanged,
] as const;

export const useCapacityPushes = () => useRereadOnPushes(capacityKeys.all, CAPACITY_INPUTS);
