import type { PlanChangeDto, PlannerDto, PlanSuggestionsPush } from '@karm/domain/contract';
import type { IsoWeek } from '@karm/domain/rules';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/socket';
import { mergeChange, mergeSuggestions } from './planner-model';

/**
 * SPEC §7 planner:get: the two weeks from `week` with everything the screen draws. Pushes and
 * answers of writes are merged into the cache (`storePlanChange`); a refresh push refetches.
 */

/** `performance.mark` names around the planner's render (the render bench reads them). */
export const PLANNER_MARKS = {
  dataArrived: 'karm:planner-data',
  /** From the data's arrival to the grid in the DOM. */
  render: 'karm:planner-render',
  /** From the data's arrival to the frame after the grid was drawn. */
  painted: 'karm:planner-painted',
} as const;

export const plannerKeys = {
  all: ['planner'] as const,
  week: ({ year, week }: IsoWeek) => [...plannerKeys.all, year, week] as const,
};

export const getPlanner = async (week: IsoWeek) => {
  const planner = await request('planner:get', week);
  performance.mark(PLANNER_MARKS.dataArrived);
  return planner;
};

/** plan:refresh: the same answer, asked for when the person wants it re-read now. */
export const refreshPlanner = (week: IsoWeek) => request('plan:refresh', week);

export const plannerQueryOptions = (week: IsoWeek) =>
  queryOptions({
    queryKey: plannerKeys.week(week),
    queryFn: () => getPlanner(week),
    // The fortnight left stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

export const usePlanner = (week: IsoWeek, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...plannerQueryOptions(week), enabled });

/** Puts changed cells, tasks and projects into every loaded fortnight that shows them. */
export const storePlanChange = (queryClient: QueryClient, change: Partial<PlanChangeDto>) =>
  queryClient.setQueriesData<PlannerDto>({ queryKey: plannerKeys.all }, (planner) =>
    planner ? mergeChange(planner, { cells: change.cells ?? [], ...change }) : planner,
  );

/** Puts new, moved and gone suggested plans into every loaded fortnight. */
export const storeSuggestions = (queryClient: QueryClient, push: PlanSuggestionsPush) =>
  queryClient.setQueriesData<PlannerDto>({ queryKey: plannerKeys.all }, (planner) =>
    planner ? mergeSuggestions(planner, push) : planner,
  );

export const refetchPlanners = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: plannerKeys.all });
