import type { SocketEventInput } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export const resendMail = (id: string) => request('admin:mail-resend', { id });

/** Queues a failed mail for the relay again (a `mail.send` job on the server). */
export const useResendMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'mail-outbox'] }),
  });
};
