import type { SyncRunDto } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { SYNC_LOG_PAGE_SIZE, useSyncRuns } from './accounting-api';
import { SyncStatusBadge, useSyncTexts } from './sync-texts';

/** Every sync run, newest first, paged on the server; a row with errors opens to list them. */
export const SyncLog = () => {
  const { t } = useTranslation('admin');
  const texts = useSyncTexts();
  const paging = usePagingTexts();
  const [page, setPage] = useState(1);
  const runs = useSyncRuns({ page, pageSize: SYNC_LOG_PAGE_SIZE });

  return (
    <Stack gap="xs">
      <Title order={4}>{t('accounting.log.title')}</Title>
      {runs.isError ? (
        <Alert color="red">{errorMessageOf(runs.error)}</Alert>
      ) : (
        <DataTable<SyncRunDto>
          withTableBorder
          borderRadius="sm"
          minHeight={runs.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(runs)}
          records={runs.data?.items ?? []}
          totalRecords={runs.data?.total ?? 0}
          recordsPerPage={SYNC_LOG_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('accounting.log.empty')}
          {...paging}
          rowExpansion={{
            expandable: ({ record }) => record.errors.length > 0,
            content: ({ record }) => (
              <List size="sm" p="sm" pl="xl" aria-label={t('accounting.log.errorList')}>
                {record.errors.map((error, index) => (
                  // Errors are plain texts and may repeat; their place in the list is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <List.Item key={index}>{error}</List.Item>
                ))}
              </List>
            ),
          }}
          columns={[
            {
              accessor: 'startedAt',
              title: t('accounting.log.started'),
              width: 150,
              render: (run) => formatDateTime(run.startedAt),
            },
            {
              accessor: 'finishedAt',
              title: t('accounting.log.finished'),
              width: 150,
              render: (run) => formatDateTime(run.finishedAt),
            },
            {
              accessor: 'trigger',
              title: t('accounting.log.trigger'),
              render: (run) => texts.trigger(run.trigger),
            },
            { accessor: 'mode', title: t('accounting.log.mode'), render: (run) => texts.mode(run.mode) },
            {
              accessor: 'status',
              title: t('accounting.log.status'),
              width: 120,
              render: (run) => <SyncStatusBadge status={run.status} />,
            },
            {
              accessor: 'counts',
              title: t('accounting.log.counts'),
              titleStyle: { whiteSpace: 'nowrap' },
              render: (run) => (
                <Text size="sm" title={t('accounting.log.countsLegend')}>
                  {texts.countsSummary(run.counts)}
                </Text>
              ),
            },
            {
              accessor: 'errors',
              title: t('accounting.log.errors'),
              textAlign: 'right',
              render: (run) => (
                <Text size="sm" c={run.errors.length > 0 ? 'red' : undefined}>
                  {run.errors.length}
                </Text>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
};
