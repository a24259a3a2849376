import {
  LOG_PUSHES,
  type ServerLogDto,
  type ServerLogHandleInput,
  type SocketEventInput,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

export type LogsQuery = SocketEventInput<'logs:get'>;

export const logKeys = {
  all: ['logs'] as const,
  list: (query: LogsQuery) => ['logs', 'list', query] as const,
};

export const getLogs = (query: LogsQuery) => request('logs:get', query);
export const handleLog = (input: ServerLogHandleInput) => request('logs:handle', input);
/** The company's people, for the user filter (administrators may list them). */
export const getLogUsers = () => request('users:list', { pageSize: 200, status: 'all' });

export const logsQueryOptions = (query: LogsQuery) =>
  queryOptions({
    queryKey: logKeys.list(query),
    queryFn: () => getLogs(query),
    placeholderData: keepPreviousData,
  });

export const useLogs = (query: LogsQuery) => useQuery(logsQueryOptions(query));

export const useLogUsers = () =>
  useQuery({ queryKey: ['logs', 'users'], queryFn: getLogUsers, staleTime: 60_000 });

export const useHandleLog = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleLog,
    onSuccess: (_entry: ServerLogDto) => queryClient.invalidateQueries({ queryKey: logKeys.all }),
  });
};

/** New and handled entries reach open lists at once (DESIGN rule 7); the push carries no detail. */
export const useLogPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () => onPush(LOG_PUSHES.changed, () => void queryClient.invalidateQueries({ queryKey: logKeys.all })),
    [queryClient],
  );
};
