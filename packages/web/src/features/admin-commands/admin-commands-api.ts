import { ADMIN_COMMAND_PUSHES, type SocketEventInput } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

export type AdminCommandRunsQuery = SocketEventInput<'admin-commands:list-runs'>;
export type RunAdminCommandInput = SocketEventInput<'admin-commands:run'>;

export const adminCommandKeys = {
  all: ['admin-commands'] as const,
  commands: () => ['admin-commands', 'commands'] as const,
  runs: (query: AdminCommandRunsQuery) => ['admin-commands', 'runs', query] as const,
};

export const listAdminCommands = () => request('admin-commands:list', {});
export const listAdminCommandRuns = (query: AdminCommandRunsQuery) =>
  request('admin-commands:list-runs', query);
export const runAdminCommand = (input: RunAdminCommandInput) => request('admin-commands:run', input);

export const adminCommandsQueryOptions = () =>
  queryOptions({ queryKey: adminCommandKeys.commands(), queryFn: listAdminCommands });

export const adminCommandRunsQueryOptions = (query: AdminCommandRunsQuery) =>
  queryOptions({
    queryKey: adminCommandKeys.runs(query),
    queryFn: () => listAdminCommandRuns(query),
    placeholderData: keepPreviousData,
  });

/** Refreshes the commands and the log on every progress push (throttled by the server). */
const useProgressPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(ADMIN_COMMAND_PUSHES.progress, () => {
        void queryClient.invalidateQueries({ queryKey: adminCommandKeys.all });
      }),
    [queryClient],
  );
};

export const useAdminCommands = () => {
  useProgressPushes();
  return useQuery({ ...adminCommandsQueryOptions(), refetchOnMount: 'always' });
};

export const useAdminCommandRuns = (query: AdminCommandRunsQuery) =>
  useQuery({ ...adminCommandRunsQueryOptions(query), refetchOnMount: 'always' });

export const useRunAdminCommand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminCommand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCommandKeys.all }),
  });
};
