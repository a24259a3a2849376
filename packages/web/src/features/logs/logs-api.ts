import type { SocketEventInput } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/socket';

export type LogsQuery = SocketEventInput<'logs:get'>;

export const getLogs = (query: LogsQuery) => request('logs:get', query);

export const logsQueryOptions = (query: LogsQuery) =>
  queryOptions({
    queryKey: ['logs', query],
    queryFn: () => getLogs(query),
    placeholderData: keepPreviousData,
    // Logs change without pushes; a visit to the page always shows the newest.
    staleTime: 0,
  });

export const useLogs = (query: LogsQuery) => useQuery(logsQueryOptions(query));
