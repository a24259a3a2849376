import type { SocketEventInput, SubscriptionsDto } from '@karm/domain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/socket';

/** The signed-in person's subscriptions (`/convert/subscriptions`); every change answers the whole set. */
export const subscriptionKeys = { mine: ['subscriptions'] as const };

export const getSubscriptions = () => request('subscriptions:get');
export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.mine, queryFn: getSubscriptions });
export const useSubscriptions = () => useQuery(subscriptionsQueryOptions());

/** A change whose answer is the new set: the cache takes it as it is, no second request. */
const useSubscriptionsMutation = <Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  settingsOf: (result: Result) => SubscriptionsDto,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => queryClient.setQueryData(subscriptionKeys.mine, settingsOf(result)),
  });
};

const itself = (settings: SubscriptionsDto) => settings;

export const useCreateFeed = () =>
  useSubscriptionsMutation(
    (input: SocketEventInput<'subscriptions:feed-create'>) => request('subscriptions:feed-create', input),
    (created) => created.subscriptions,
  );
export const useSetFeedLayers = () =>
  useSubscriptionsMutation(
    (input: SocketEventInput<'subscriptions:feed-layers'>) => request('subscriptions:feed-layers', input),
    itself,
  );
export const useRevokeFeed = () =>
  useSubscriptionsMutation(() => request('subscriptions:feed-revoke'), itself);
export const useSaveNotifications = () =>
  useSubscriptionsMutation(
    (input: SocketEventInput<'subscriptions:notifications-save'>) =>
      request('subscriptions:notifications-save', input),
    itself,
  );
export const useSubscribePush = () =>
  useSubscriptionsMutation(
    (input: SocketEventInput<'subscriptions:push-subscribe'>) =>
      request('subscriptions:push-subscribe', input),
    itself,
  );
export const useRemovePushDevice = () =>
  useSubscriptionsMutation(
    (input: SocketEventInput<'subscriptions:push-remove'>) => request('subscriptions:push-remove', input),
    itself,
  );
