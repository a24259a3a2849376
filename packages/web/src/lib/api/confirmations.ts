import {
  CONFIRMATION_PUSHES,
  type ConfirmationCreateInput,
  type ConfirmationDto,
  type ConfirmationEntityType,
  type ConfirmationPatchInput,
  type PaymentRuleTemplateDto,
} from '@karm/domain/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';

/**
 * Order confirmations over REST (SPEC §7 /confirmations, issue 13). The `confirmation:changed` push
 * refetches every confirmation list (`useConfirmationPushes`, DESIGN rule 7); the offer's own list
 * (`/confirmations/offer/{id}`) keeps showing them after the offer became a project.
 */

export const confirmationKeys = {
  all: ['confirmations'] as const,
  lists: () => [...confirmationKeys.all, 'list'] as const,
  list: (entityType: ConfirmationEntityType, entityId: string) =>
    [...confirmationKeys.lists(), entityType, entityId] as const,
  templates: () => [...confirmationKeys.all, 'templates'] as const,
};

// --- fetchers -------------------------------------------------------------------------------

/** An offer's confirmations, also those that moved to its project; a project's by its id. */
export const getConfirmations = (entityType: ConfirmationEntityType, entityId: string) =>
  http<ConfirmationDto[]>(
    entityType === 'offer' ? `/confirmations/offer/${entityId}` : `/confirmations/entity-id/${entityId}`,
  );
export const getPaymentRuleTemplates = () => http<PaymentRuleTemplateDto[]>('/confirmations/payment_rules');
export const createConfirmation = (input: ConfirmationCreateInput) =>
  http<ConfirmationDto>('/confirmations', { method: 'POST', body: input });
export const updateConfirmation = ({ id, ...body }: ConfirmationPatchInput & { id: string }) =>
  http<ConfirmationDto>(`/confirmations/${id}`, { method: 'PATCH', body });
export const deleteConfirmation = (id: string) =>
  http<{ id: string }>(`/confirmations/${id}`, { method: 'DELETE' });

// --- queries --------------------------------------------------------------------------------

export const useConfirmations = (entityType: ConfirmationEntityType, entityId: string | null) =>
  useQuery({
    queryKey: confirmationKeys.list(entityType, entityId ?? ''),
    queryFn: () => getConfirmations(entityType, entityId ?? ''),
    enabled: Boolean(entityId),
  });

export const usePaymentRuleTemplates = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: confirmationKeys.templates(), queryFn: getPaymentRuleTemplates, enabled });

// --- cache updates --------------------------------------------------------------------------

/** Every confirmation list refetches (the offer dialog counts its tab from the list). */
export const refreshConfirmations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: confirmationKeys.lists() });

// --- mutations ------------------------------------------------------------------------------

const useConfirmationMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void refreshConfirmations(queryClient) });
};
export const useCreateConfirmation = () => useConfirmationMutation(createConfirmation);
export const useUpdateConfirmation = () => useConfirmationMutation(updateConfirmation);
export const useDeleteConfirmation = () => useConfirmationMutation(deleteConfirmation);

// --- pushes ---------------------------------------------------------------------------------

/** Keeps confirmation lists in step with changes made in other browsers (DESIGN rule 7). */
export const useConfirmationPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () => onPush(CONFIRMATION_PUSHES.confirmationChanged, () => void refreshConfirmations(queryClient)),
    [queryClient],
  );
};
