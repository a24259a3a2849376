import {
  COLLECTION_PUSHES,
  type CollectionChangedPush,
  CUSTOMER_PUSHES,
  PLAN_PUSHES,
  type PlanChangedPush,
  type PlannerDto,
  type PlanSuggestionsPush,
  PROJECT_PUSHES,
  TASK_PUSHES,
} from '@karm/domain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush } from '@/lib/socket';
import { plannerKeys, refetchPlanners, storePlanChange, storeSuggestions } from './use-planner';

/**
 * Keeps every open planner in step with the company (DESIGN rule 7, no polling): booked and changed
 * cells are merged in as they come; a refresh, a task change, a regrouping or a change of a shown
 * project re-reads the fortnight.
 */
export const usePlannerPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const showsProject = (id: string) =>
      queryClient
        .getQueriesData<PlannerDto>({ queryKey: plannerKeys.all })
        .some(([, planner]) => planner?.projects.some((project) => project.id === id));
    const refetch = () => void refetchPlanners(queryClient);
    const stops = [
      onPush<PlanChangedPush>(PLAN_PUSHES.added, (change) => storePlanChange(queryClient, change)),
      onPush<PlanChangedPush>(PLAN_PUSHES.updated, (change) => storePlanChange(queryClient, change)),
      onPush(PLAN_PUSHES.refreshed, refetch),
      onPush<PlanSuggestionsPush>(PLAN_PUSHES.suggestions, (push) => storeSuggestions(queryClient, push)),
      onPush(TASK_PUSHES.changed, refetch),
      onPush(CUSTOMER_PUSHES.employeesChanged, refetch),
      onPush<CollectionChangedPush>(COLLECTION_PUSHES.changed, ({ collection }) => {
        if (collection === 'workGroup') refetch();
      }),
      onPush<{ id: string }>(PROJECT_PUSHES.projectChanged, ({ id }) => {
        if (showsProject(id)) refetch();
      }),
      onPush<{ id: string }>(PROJECT_PUSHES.projectRemoved, ({ id }) => {
        if (showsProject(id)) refetch();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
