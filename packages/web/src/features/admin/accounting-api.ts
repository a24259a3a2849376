import {
  ACCOUNTING_PUSHES,
  type AccountingSettingsDto,
  type SocketEventInput,
  type SyncRunDto,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { onPush, request } from '@/lib/socket';

const ACCOUNTING_KEY = ['accounting'] as const;

// Settings -------------------------------------------------------------------------------------

export const getAccountingSettings = () => request('accounting:get-settings');

export const accountingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNTING_KEY, 'settings'],
    queryFn: getAccountingSettings,
  });

export const useAccountingSettings = () => useQuery(accountingSettingsQueryOptions());

export type AccountingSettingsInput = SocketEventInput<'accounting:update-settings'>;

export const updateAccountingSettings = (input: AccountingSettingsInput) =>
  request('accounting:update-settings', input);

/** Saves and puts the answer (new version, new token hints) straight into the settings query. */
export const useUpdateAccountingSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountingSettings,
    onSuccess: (settings: AccountingSettingsDto) =>
      queryClient.setQueryData(accountingSettingsQueryOptions().queryKey, settings),
  });
};

// Connection test ------------------------------------------------------------------------------

/** Asks the accounting system who the stored (saved) tokens act for. */
export const testAccountingConnection = () => request('accounting:test-connection');

export const useTestAccountingConnection = () => useMutation({ mutationFn: testAccountingConnection });

// Sync runs ------------------------------------------------------------------------------------

export type SyncMode = SyncRunDto['mode'];
export type SyncRunsQuery = SocketEventInput<'accounting:sync-runs'>;

/** Runs per page of the sync log; the progress block reads the same first page. */
export const SYNC_LOG_PAGE_SIZE = 10;

/** The prefix of every sync-log page, for invalidation. */
export const SYNC_RUNS_KEY = [...ACCOUNTING_KEY, 'sync-runs'] as const;

export const getSyncRuns = (query: SyncRunsQuery) => request('accounting:sync-runs', query);

export const syncRunsQueryOptions = (query: SyncRunsQuery) =>
  queryOptions({
    queryKey: [...SYNC_RUNS_KEY, query],
    queryFn: () => getSyncRuns(query),
    placeholderData: keepPreviousData,
    // Scheduled runs happen while nobody looks; a visit always shows the newest.
    staleTime: 0,
  });

export const useSyncRuns = (query: SyncRunsQuery) => useQuery(syncRunsQueryOptions(query));

export const startSync = (mode: SyncMode) => request('accounting:sync-now', { mode });

export const useStartSync = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSync,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SYNC_RUNS_KEY }),
  });
};

/**
 * The sync run to show live: the newest one pushed on `accounting:sync-progress`, else the newest
 * run of the log while it is still running (a sync started before the page was opened). When a run
 * starts or ends, the log and the settings (last sync time) are read again.
 */
export const useSyncProgress = (newestLoggedRun: SyncRunDto | undefined) => {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<SyncRunDto | null>(null);

  useEffect(
    () =>
      onPush<SyncRunDto>(ACCOUNTING_PUSHES.syncProgress, (pushed) => {
        setRun(pushed);
        if (pushed.status !== 'running' || pushed.progress.phase === 'starting') {
          void queryClient.invalidateQueries({ queryKey: SYNC_RUNS_KEY });
        }
        if (pushed.status !== 'running') {
          void queryClient.invalidateQueries({ queryKey: accountingSettingsQueryOptions().queryKey });
        }
      }),
    [queryClient],
  );

  /** Records a run the client learnt about otherwise (the answer of `accounting:sync-now`). */
  const record = useCallback((next: SyncRunDto) => setRun(next), []);

  const current = run ?? (newestLoggedRun?.status === 'running' ? newestLoggedRun : null);
  return { run: current, record };
};
