import type {
  PlanAddInput,
  PlanOverbookingDetails,
  PlanPushOffInput,
  PlanRemoveInput,
  PlanStaleDetails,
  PlanSuggestionAcceptInput,
  PlanSuggestionDismissInput,
  PlanSuggestionMoveInput,
} from '@karm/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { storePlanChange, storeSuggestions } from './use-planner';

/** SPEC §7 plan:add and the planner's other writes; each answer goes into the cache at once. */
export const addPlan = (input: PlanAddInput) => request('plan:add', input);
export const removePlan = (input: PlanRemoveInput) => request('plan:remove', input);
export const pushOffPlan = (input: PlanPushOffInput) => request('plan:push-off', input);

/** Why a write was refused as CONFLICT: a cell changed meanwhile, or a day would be overbooked. */
export const planRefusalOf = (error: unknown): PlanStaleDetails | PlanOverbookingDetails | null => {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const details = error.details as { reason?: unknown } | undefined;
  return details?.reason === 'stale' || details?.reason === 'overbooked'
    ? (details as PlanStaleDetails | PlanOverbookingDetails)
    : null;
};

/**
 * A planner write: its answer goes into every loaded fortnight; a refusal because a cell changed
 * meanwhile brings the fresh cells in, so the person sees what another leader booked.
 */
const usePlanWrite = <Input>(write: (input: Input) => ReturnType<typeof addPlan>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (change) => storePlanChange(queryClient, change),
    onError: (error) => {
      const refusal = planRefusalOf(error);
      if (refusal?.reason === 'stale') storePlanChange(queryClient, { cells: refusal.cells });
    },
  });
};

export const useAddPlan = () => usePlanWrite(addPlan);
export const useRemovePlan = () => usePlanWrite(removePlan);
export const usePushOffPlan = () => usePlanWrite(pushOffPlan);

/** Suggested plans: accepting books the visit (its answer goes into the cache like plan:add's). */
export const useAcceptSuggestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanSuggestionAcceptInput) => request('plan:suggestion-accept', input),
    onSuccess: (change, input) => {
      storePlanChange(queryClient, change);
      storeSuggestions(queryClient, { suggestions: [], removedIds: [input.id] });
    },
  });
};

export const useMoveSuggestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanSuggestionMoveInput) => request('plan:suggestion-move', input),
    onSuccess: (moved) => storeSuggestions(queryClient, { suggestions: [moved], removedIds: [] }),
  });
};

export const useDismissSuggestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanSuggestionDismissInput) => request('plan:suggestion-dismiss', input),
    onSuccess: ({ id }) => storeSuggestions(queryClient, { suggestions: [], removedIds: [id] }),
  });
};
