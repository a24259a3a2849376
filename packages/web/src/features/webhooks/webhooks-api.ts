import { type SocketEventInput, WEBHOOK_PUSHES, type WebhookDeliveryQuery } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

/**
 * The webhooks admin's data: subscriptions, the company's webhook settings and the delivery log
 * (paged on the server). Pushes keep them fresh while the tab is open (DESIGN rule 7).
 */

export type WebhookCreateInput = SocketEventInput<'webhooks:create'>;
export type WebhookUpdateInput = SocketEventInput<'webhooks:update'>;
type WebhookTarget = { id: string; version: number };

export const webhookKeys = {
  all: ['webhooks'] as const,
  subscriptions: ['webhooks', 'subscriptions'] as const,
  settings: ['webhooks', 'settings'] as const,
  deliveries: ['webhooks', 'deliveries'] as const,
  deliveryList: (query: WebhookDeliveryQuery) => [...webhookKeys.deliveries, 'list', query] as const,
  delivery: (id: string) => [...webhookKeys.deliveries, 'detail', id] as const,
};

export const getWebhooks = () => request('webhooks:list');
export const getWebhookSettings = () => request('webhooks:settings');
export const getWebhookDeliveries = (query: WebhookDeliveryQuery) => request('webhooks:deliveries', query);
export const getWebhookDelivery = (id: string) => request('webhooks:delivery', { id });

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhookKeys.subscriptions, queryFn: getWebhooks });
export const webhookSettingsQueryOptions = () =>
  queryOptions({ queryKey: webhookKeys.settings, queryFn: getWebhookSettings });
export const webhookDeliveriesQueryOptions = (query: WebhookDeliveryQuery) =>
  queryOptions({
    queryKey: webhookKeys.deliveryList(query),
    queryFn: () => getWebhookDeliveries(query),
    placeholderData: keepPreviousData,
  });
export const webhookDeliveryQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookKeys.delivery(id), queryFn: () => getWebhookDelivery(id), staleTime: 0 });

export const useWebhooks = () => useQuery(webhooksQueryOptions());
export const useWebhookSettings = () => useQuery(webhookSettingsQueryOptions());
export const useWebhookDeliveries = (query: WebhookDeliveryQuery) =>
  useQuery(webhookDeliveriesQueryOptions(query));
export const useWebhookDelivery = (id: string | null) =>
  useQuery({ ...webhookDeliveryQueryOptions(id ?? ''), enabled: Boolean(id) });

/** Any webhook change: the lists are read again (the server orders and filters). */
const useWebhookMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookCreateInput) => request('webhooks:create', input));
export const useUpdateWebhook = () =>
  useWebhookMutation((input: WebhookUpdateInput) => request('webhooks:update', input));
export const useDeleteWebhook = () =>
  useWebhookMutation((target: WebhookTarget) => request('webhooks:delete', target));
export const useRotateWebhookSecret = () =>
  useWebhookMutation((target: WebhookTarget) => request('webhooks:rotateSecret', target));
export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => request('webhooks:sendTest', { id }));
export const useResendDelivery = () => useWebhookMutation((id: string) => request('webhooks:resend', { id }));
export const useSaveWebhookSettings = () =>
  useWebhookMutation((input: SocketEventInput<'webhooks:saveSettings'>) =>
    request('webhooks:saveSettings', input),
  );

/** Keeps subscriptions and the delivery log in step with other tabs and with the dispatcher. */
export const useWebhookPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onPush(WEBHOOK_PUSHES.subscriptionsChanged, () => {
        void queryClient.invalidateQueries({ queryKey: webhookKeys.subscriptions });
        void queryClient.invalidateQueries({ queryKey: webhookKeys.settings });
      }),
      onPush(
        WEBHOOK_PUSHES.deliveryChanged,
        () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries }),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
