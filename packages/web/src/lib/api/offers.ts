import {
  OFFER_PUSHES,
  type OfferConfigDto,
  type OfferConversionDto,
  type OfferCreateInput,
  type OfferDetailDto,
  type OfferDto,
  type OfferListQuery,
  type OfferStatusDto,
  type OfferUpdateInput,
  type OwnerTypeDto,
  type offerStatusInputSchema,
  type offerStatusPatchSchema,
  type Page,
} from '@karm/domain/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';
import { replaceInPages, useStoringMutation } from './cache';
import { refreshConfirmations } from './confirmations';

/**
 * Offers over REST (SPEC §7 /offers, /offer-statuses, offer-config; confirmations in ./confirmations); the
 * server's socket pushes keep the caches fresh (`useOfferPushes`, DESIGN rule 7). In lib because the
 * project dialog shows the offer a project came from.
 */

export const offerKeys = {
  all: ['offers'] as const,
  lists: () => [...offerKeys.all, 'list'] as const,
  list: (query: OfferListQuery) => [...offerKeys.lists(), query] as const,
  details: () => [...offerKeys.all, 'detail'] as const,
  detail: (id: string) => [...offerKeys.details(), id] as const,
  statuses: (includeDeleted: boolean) => [...offerKeys.all, 'statuses', includeDeleted] as const,
  statusesAll: () => [...offerKeys.all, 'statuses'] as const,
  config: () => [...offerKeys.all, 'config'] as const,
  ownerTypes: () => [...offerKeys.all, 'owner-types'] as const,
};

const queryOf = (query: OfferListQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number | boolean>;

// --- fetchers -------------------------------------------------------------------------------

export const getPopulatedOffers = (query: OfferListQuery) =>
  http<Page<OfferDto>>('/offers/populated', { query: queryOf(query) });
export const getOffer = (id: string) => http<OfferDetailDto>(`/offers/${id}`);
export const createOffer = (input: OfferCreateInput) =>
  http<OfferDto>('/offers', { method: 'POST', body: input });
export const updateOffer = ({ id, ...body }: OfferUpdateInput) =>
  http<OfferDto>(`/offers/${id}`, { method: 'PATCH', body });
export const archiveOffer = ({ id, ...body }: { id: string; version: number; reason: string }) =>
  http<OfferDto>(`/offers/${id}/archive`, { method: 'PATCH', body });
export const unarchiveOffer = ({ id, ...body }: { id: string; version: number }) =>
  http<OfferDto>(`/offers/${id}/unarchive`, { method: 'PATCH', body });
export const convertOffer = ({ id, ...body }: { id: string; createCustomerInAccounting: boolean }) =>
  http<OfferConversionDto>(`/offers/${id}/convert-to-project`, { method: 'POST', body });
export const getOfferStatuses = (includeDeleted: boolean) =>
  http<OfferStatusDto[]>('/offer-statuses', { query: { includeDeleted } });
export const getOwnerTypes = () => http<OwnerTypeDto[]>('/offer-statuses/owner-types');
export const createOfferStatus = (body: z.input<typeof offerStatusInputSchema>) =>
  http<OfferStatusDto>('/offer-statuses', { method: 'POST', body });
/** A rename, new deadline days, a new outcome (won, lost) or making it the default. */
export const updateOfferStatus = ({ id, ...body }: { id: string } & z.input<typeof offerStatusPatchSchema>) =>
  http<OfferStatusDto>(`/offer-statuses/${id}`, { method: 'PATCH', body });
export const deleteOfferStatus = (id: string) =>
  http<OfferStatusDto>(`/offer-statuses/${id}`, { method: 'DELETE' });
export const offerStatusUsage = (id: string) => http<{ count: number }>(`/offer-statuses/${id}/usage`);
export const reactivateOfferStatus = (id: string) =>
  http<OfferStatusDto>(`/offer-statuses/${id}/reactivate`, { method: 'PATCH' });
export const reorderOfferStatuses = (ids: string[]) =>
  http<OfferStatusDto[]>('/offer-statuses/reorder', { method: 'POST', body: { ids } });
export const getOfferConfig = () => http<OfferConfigDto>('/offer-config');
export const updateOfferConfig = (body: Partial<Omit<OfferConfigDto, 'version'>> & { version: number }) =>
  http<OfferConfigDto>('/offer-config', { method: 'PATCH', body });

// --- queries --------------------------------------------------------------------------------

export const offersQueryOptions = (query: OfferListQuery) =>
  queryOptions({
    queryKey: offerKeys.list(query),
    queryFn: () => getPopulatedOffers(query),
    placeholderData: keepPreviousData,
  });
export const offerQueryOptions = (id: string) =>
  queryOptions({ queryKey: offerKeys.detail(id), queryFn: () => getOffer(id), staleTime: 0 });
export const offerStatusesQueryOptions = (includeDeleted = false) =>
  queryOptions({
    queryKey: offerKeys.statuses(includeDeleted),
    queryFn: () => getOfferStatuses(includeDeleted),
  });

export const useOffers = (query: OfferListQuery) => useQuery(offersQueryOptions(query));
export const useOffer = (id: string | null | undefined) =>
  useQuery({ ...offerQueryOptions(id ?? ''), enabled: Boolean(id) });
export const useOfferStatuses = (includeDeleted = false) =>
  useQuery(offerStatusesQueryOptions(includeDeleted));
export const useOwnerTypes = () =>
  useQuery({ queryKey: offerKeys.ownerTypes(), queryFn: getOwnerTypes, staleTime: Infinity });
export const useOfferConfig = () => useQuery({ queryKey: offerKeys.config(), queryFn: getOfferConfig });

// --- cache updates --------------------------------------------------------------------------

/** Puts a changed offer into visible list rows and refetches lists and its detail (filters and order are the server's). */
export const storeOffer = (queryClient: QueryClient, offer: OfferDto) => {
  replaceInPages(queryClient, offerKeys.lists(), offer);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: offerKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: offerKeys.detail(offer.id) }),
  ]);
};

const refreshStatuses = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: offerKeys.statusesAll() }),
    queryClient.invalidateQueries({ queryKey: offerKeys.config() }),
    // Status names and deadlines show in the lists.
    queryClient.invalidateQueries({ queryKey: offerKeys.lists() }),
  ]);

// --- mutations ------------------------------------------------------------------------------

const useOfferMutation = <Input>(mutationFn: (input: Input) => Promise<OfferDto>) =>
  useStoringMutation(mutationFn, storeOffer);
export const useCreateOffer = () => useOfferMutation(createOffer);
export const useUpdateOffer = () => useOfferMutation(updateOffer);
export const useArchiveOffer = () => useOfferMutation(archiveOffer);
export const useUnarchiveOffer = () => useOfferMutation(unarchiveOffer);
export const useConvertOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertOffer,
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.detail(input.id) });
      // The offer's confirmations move to the new project.
      void refreshConfirmations(queryClient);
    },
  });
};

/** Any status or config change: the server answers, then every status list and the config refetch. */
export const useOfferStatusMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void refreshStatuses(queryClient) });
};

// --- pushes ---------------------------------------------------------------------------------

/** Keeps offer caches in step with changes made in other browsers (DESIGN rule 7). */
export const useOfferPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onPush<OfferDto>(OFFER_PUSHES.offerChanged, (offer) => void storeOffer(queryClient, offer)),
      onPush(OFFER_PUSHES.offerStatusesChanged, () => void refreshStatuses(queryClient)),
      onPush(OFFER_PUSHES.offerConfigChanged, () => void refreshStatuses(queryClient)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
