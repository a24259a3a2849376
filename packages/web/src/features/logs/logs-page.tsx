import type { LOG_LEVELS, ServerLogDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Alert, Badge, Code, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components';
import { ApiError } from '@/lib/http';
import { useLogs } from './logs-api';

const PAGE_SIZE = 20;
const LEVEL_COLOURS: Record<string, string> = { error: 'red', warn: 'orange', info: 'blue' };

const formatTime = (iso: string) =>
  `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('nb-NO', { timeZone: 'Europe/Oslo' })}`;

/** SPEC §2 /logs: errors reported by browsers and the server, paged on the server. */
export const LogsPage = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState<(typeof LOG_LEVELS)[number] | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const logs = useLogs({
    page,
    pageSize: PAGE_SIZE,
    levels: level ? [level] : undefined,
    search: debouncedSearch || undefined,
  });

  const isForbidden = logs.error instanceof ApiError && logs.error.code === 'FORBIDDEN';

  return (
    <Stack>
      <PageHeader title={t('logs.title')} subtitle={t('logs.subtitle')} />
      {isForbidden ? (
        <Alert icon={<IconLock size={18} />} color="gray">
          {t('logs.adminOnly')}
        </Alert>
      ) : (
        <>
          <Group>
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('logs.search')}
              aria-label={t('logs.search')}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
            <Select
              aria-label={t('logs.level')}
              placeholder={t('logs.allLevels')}
              clearable
              value={level}
              data={['error', 'warn', 'info']}
              onChange={(next) => {
                setLevel(next as typeof level);
                setPage(1);
              }}
            />
          </Group>
          <DataTable<ServerLogDto>
            withTableBorder
            borderRadius="sm"
            minHeight={180}
            fetching={logs.isFetching}
            records={logs.data?.items ?? []}
            totalRecords={logs.data?.total ?? 0}
            recordsPerPage={PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            noRecordsText={t('logs.empty')}
            paginationText={({ from, to, totalRecords }) =>
              t('pagination.summary', { from, to, total: totalRecords })
            }
            rowExpansion={{
              content: ({ record }) => (
                <Code block>{JSON.stringify({ data: record.data, error: record.error }, null, 2)}</Code>
              ),
            }}
            columns={[
              {
                accessor: 'createdAt',
                title: t('logs.time'),
                render: (log) => formatTime(log.createdAt),
                width: 180,
              },
              {
                accessor: 'level',
                title: t('logs.level'),
                render: (log) => <Badge color={LEVEL_COLOURS[log.level] ?? 'gray'}>{log.level}</Badge>,
                width: 100,
              },
              { accessor: 'source', title: t('logs.source'), width: 100 },
              { accessor: 'action', title: t('logs.action'), width: 160 },
              { accessor: 'message', title: t('logs.message'), ellipsis: true },
            ]}
          />
        </>
      )}
    </Stack>
  );
};
