import { formatDateTime } from '@karm/domain/rules';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDatabaseImport, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, TOAST_DURATION_MS, useConfirm } from '@/components';
import { ApiError } from '@/lib/http';
import {
  SYNC_LOG_PAGE_SIZE,
  type SyncMode,
  useStartSync,
  useSyncProgress,
  useSyncRuns,
} from './accounting-api';
import { SyncLog } from './sync-log';
import { SyncProgress } from './sync-progress';

export type AccountingSyncProps = {
  /** A provider other than "none" is saved. */
  isConfigured: boolean;
  lastSyncAt: string | null;
};

/** "Sync now" and "Full import", the live progress of a running sync, and the sync log. */
export const AccountingSync = ({ isConfigured, lastSyncAt }: AccountingSyncProps) => {
  const { t } = useTranslation('admin');
  const confirm = useConfirm();
  const start = useStartSync();
  // The log's first page (the same query the log shows) tells whether a sync was already running.
  const firstPage = useSyncRuns({ page: 1, pageSize: SYNC_LOG_PAGE_SIZE });
  const newest = firstPage.data?.page === 1 ? firstPage.data.items[0] : undefined;
  const { run, record } = useSyncProgress(newest);
  const isRunning = start.isPending || run?.status === 'running';

  const sync = async (mode: SyncMode) => {
    if (
      mode === 'full' &&
      !(await confirm({
        title: t('accounting.sync.fullConfirmTitle'),
        message: t('accounting.sync.fullConfirmText'),
        confirmLabel: t('accounting.sync.fullConfirm'),
        color: 'orange',
      }))
    ) {
      return;
    }
    try {
      record(await start.mutateAsync(mode));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        notifyError(t('accounting.sync.alreadyRunning'));
      } else if (error instanceof ApiError && error.code === 'UPSTREAM') {
        // The answer comes when the whole sync is done, which can outlast the request timeout;
        // the sync goes on on the server and its pushes keep the progress block current.
        notifications.show({
          color: 'blue',
          message: t('accounting.sync.stillRunning'),
          autoClose: TOAST_DURATION_MS,
        });
      } else {
        notifyError(error);
      }
    }
  };

  return (
    <Stack>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {lastSyncAt
            ? t('accounting.sync.lastSync', { time: formatDateTime(lastSyncAt) })
            : t('accounting.sync.neverSynced')}
        </Text>
        <Text size="sm" c="dimmed">
          {isConfigured ? t('accounting.sync.description') : t('accounting.sync.notConfigured')}
        </Text>
      </Stack>
      <Group>
        <Button
          leftSection={<IconRefresh size={16} />}
          disabled={!isConfigured || isRunning}
          loading={start.isPending && start.variables === 'incremental'}
          onClick={() => void sync('incremental')}
        >
          {t('accounting.sync.now')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDatabaseImport size={16} />}
          disabled={!isConfigured || isRunning}
          loading={start.isPending && start.variables === 'full'}
          onClick={() => void sync('full')}
        >
          {t('accounting.sync.full')}
        </Button>
      </Group>
      {run && <SyncProgress run={run} />}
      <SyncLog />
    </Stack>
  );
};
