import { JOB_PUSHES, type SocketEventInput } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

export type JobsQuery = SocketEventInput<'jobs:list'>;

export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: JobsQuery) => ['jobs', 'list', query] as const,
};

export const listJobs = (query: JobsQuery) => request('jobs:list', query);
export const retryJob = (id: string) => request('jobs:retry', { id });

export const jobsQueryOptions = (query: JobsQuery) =>
  queryOptions({
    queryKey: jobKeys.list(query),
    queryFn: () => listJobs(query),
    placeholderData: keepPreviousData,
  });

/** The admins' job list; a push for the company's jobs (queued, started, ended, retried) refreshes it. */
export const useJobs = (query: JobsQuery) => {
  const queryClient = useQueryClient();
  useEffect(
    () => onPush(JOB_PUSHES.changed, () => void queryClient.invalidateQueries({ queryKey: jobKeys.all })),
    [queryClient],
  );
  return useQuery({ ...jobsQueryOptions(query), refetchOnMount: 'always' });
};

export const useRetryJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
};
