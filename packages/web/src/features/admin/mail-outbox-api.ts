import type { SocketEventInput } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/socket';

export type MailOutboxQuery = SocketEventInput<'admin:mail-outbox'>;

export const getMailOutbox = (query: MailOutboxQuery) => request('admin:mail-outbox', query);

export const mailOutboxQueryOptions = (query: MailOutboxQuery) =>
  queryOptions({
    queryKey: ['admin', 'mail-outbox', query],
    queryFn: () => getMailOutbox(query),
    placeholderData: keepPreviousData,
    // Mails arrive without a push; opening the tab always shows the newest.
    staleTime: 0,
  });

export const useMailOutbox = (query: MailOutboxQuery) => useQuery(mailOutboxQueryOptions(query));
