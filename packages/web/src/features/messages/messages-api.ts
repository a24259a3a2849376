import {
  MESSAGE_PUSHES,
  type MessageDeletedPush,
  type MessageDto,
  type MessageListQuery,
  type MessageNewPush,
  type MessagePageDto,
  type MessageSendInput,
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
import { onPush, request } from '@/lib/socket';

/**
 * Internal messages over the socket (SPEC §7 message:send, message:delete and the lists around them);
 * the pushes of new, read and deleted messages keep every list — the screen, the header, the admin
 * tab, the dashboard — fresh without polling.
 */

export const messageKeys = {
  all: ['messages'] as const,
  list: (query: MessageListQuery) => [...messageKeys.all, 'list', query] as const,
  recipients: () => [...messageKeys.all, 'recipients'] as const,
  admin: (page: number) => [...messageKeys.all, 'admin', page] as const,
};

/** The compact list: the newest unread ones (SPEC §9 shows at most 10). */
export const UNREAD_QUERY = { folder: 'unread', page: 1, pageSize: 10 } as const satisfies MessageListQuery;

export const messagesQueryOptions = (query: MessageListQuery) =>
  queryOptions({
    queryKey: messageKeys.list(query),
    queryFn: () => request('messages:get', query),
    placeholderData: keepPreviousData,
  });

export const useMessages = (query: MessageListQuery) => useQuery(messagesQueryOptions(query));

export const useUnreadMessages = () => useMessages(UNREAD_QUERY);

export const useMessageRecipients = (isEnabled = true) =>
  useQuery({
    queryKey: messageKeys.recipients(),
    queryFn: () => request('message:recipients'),
    enabled: isEnabled,
  });

export const useCompanyMessages = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...messageKeys.admin(page), pageSize],
    queryFn: () => request('messages:admin-get', { page, pageSize }),
    placeholderData: keepPreviousData,
  });

/** Takes a message out of every cached list at once, before the lists are read again. */
const dropFromLists = (queryClient: QueryClient, id: string) => {
  queryClient.setQueriesData<MessagePageDto>({ queryKey: [...messageKeys.all, 'list'] }, (page) =>
    page?.items.some((message) => message.id === id)
      ? { ...page, items: page.items.filter((message) => message.id !== id), total: page.total - 1 }
      : page,
  );
};

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: messageKeys.all });

export const useSendMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessageSendInput) => request('message:send', input),
    onSuccess: () => refresh(queryClient),
  });
};

export const useReadMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('message:read', { id }),
    onSuccess: () => refresh(queryClient),
  });
};

export const useDeleteMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; scope: 'everyone' | 'mine' }) => request('message:delete', input),
    onSuccess: ({ id }) => {
      dropFromLists(queryClient, id);
      return refresh(queryClient);
    },
  });
};

/**
 * Listens to the message pushes once for the whole signed-in app (the header mounts it): a new
 * message, one read in another tab, or one deleted anywhere refreshes every message list, and a
 * deleted one leaves them at once. `onArrived` hears of each message that reached this user.
 */
export const useMessagePushes = (onArrived?: (message: MessageDto) => void) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onPush<MessageNewPush>(MESSAGE_PUSHES.new, (message) => {
        void refresh(queryClient);
        if (!message.isMine) onArrived?.(message);
      }),
      onPush(MESSAGE_PUSHES.read, () => void refresh(queryClient)),
      onPush<MessageDeletedPush>(MESSAGE_PUSHES.deleted, ({ id }) => {
        dropFromLists(queryClient, id);
        void refresh(queryClient);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, onArrived]);
};
