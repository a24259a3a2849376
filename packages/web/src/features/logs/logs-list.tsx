import { LOG_LEVELS, type LogLevel, type ServerLogDto } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Alert, Badge, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconLock, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, ExportMenu, ON_WIDE_SCREENS, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { ApiError } from '@/lib/http';
import { LogEditDialog } from './log-edit-dialog';
import { LEVEL_COLOURS } from './log-texts';
import { useLogPushes, useLogs, useLogUsers } from './logs-api';

const PAGE_SIZE = 20;
const HANDLED_FILTERS = ['open', 'handled'] as const;

/**
 * Server and client logs in one server-paged list with its filters; a row opens the log edit dialog.
 * The same list is the /logs screen and the admin tab "Server logs".
 */
export const LogsList = () => {
  const { t } = useTranslation();
  const pagingTexts = usePagingTexts();
  const [page, setPage] = useState(1);
  const [levels, setLevels] = useState<LogLevel[]>([]);
  const [userId, setUserId] = useState<string | null>(null);
  const [handled, setHandled] = useState<(typeof HANDLED_FILTERS)[number] | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [openId, setOpenId] = useState<string | null>(null);
  useLogPushes();
  const listFilters = {
    levels: levels.length > 0 ? levels : undefined,
    userId: userId ?? undefined,
    search: debouncedSearch || undefined,
    from: from ?? undefined,
    to: to ?? undefined,
    handled: handled === null ? undefined : handled === 'handled',
  };
  const logs = useLogs({ ...listFilters, page, pageSize: PAGE_SIZE });
  const users = useLogUsers();
  const isForbidden = logs.error instanceof ApiError && logs.error.code === 'FORBIDDEN';
  const open = logs.data?.items.find((entry) => entry.id === openId);

  /** Every filter change starts again at the first page. */
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  if (isForbidden)
    return (
      <Alert icon={<IconLock size={18} />} color="gray">
        {t('logs.adminOnly')}
      </Alert>
    );

  return (
    <Stack>
      <Group align="flex-end" gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('logs.search')}
          aria-label={t('logs.search')}
          value={search}
          onChange={(event) => filter(setSearch)(event.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <MultiSelect
          aria-label={t('logs.level')}
          placeholder={levels.length === 0 ? t('logs.allLevels') : undefined}
          clearable
          value={levels}
          data={LOG_LEVELS.map((level) => ({ value: level, label: t(`logs.levels.${level}`) }))}
          onChange={(next) => filter(setLevels)(next as LogLevel[])}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          aria-label={t('logs.user')}
          placeholder={t('logs.allUsers')}
          clearable
          searchable
          value={userId}
          data={(users.data?.items ?? []).map((user) => ({
            value: user.id,
            label: user.fullName || user.username,
          }))}
          onChange={filter(setUserId)}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          aria-label={t('logs.status')}
          placeholder={t('logs.allStatuses')}
          clearable
          value={handled}
          data={HANDLED_FILTERS.map((value) => ({ value, label: t(`logs.statuses.${value}`) }))}
          onChange={(next) => filter(setHandled)(next as typeof handled)}
          w={{ base: '100%', sm: 190 }}
        />
        <DateInput
          aria-label={t('logs.from')}
          placeholder={t('logs.from')}
          clearable
          value={from}
          onChange={filter(setFrom)}
          w={{ base: '47%', sm: 150 }}
        />
        <DateInput
          aria-label={t('logs.to')}
          placeholder={t('logs.to')}
          clearable
          value={to}
          onChange={filter(setTo)}
          w={{ base: '47%', sm: 150 }}
        />
        <ExportMenu list="logs" filters={listFilters} />
      </Group>
      <DataTable<ServerLogDto>
        withTableBorder
        borderRadius="sm"
        minHeight={180}
        highlightOnHover
        fetching={areRowsLoading(logs)}
        records={logs.data?.items ?? []}
        totalRecords={logs.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={t('logs.empty')}
        {...pagingTexts}
        onRowClick={({ record }) => setOpenId(record.id)}
        rowStyle={() => ({ cursor: 'pointer' })}
        columns={[
          {
            accessor: 'createdAt',
            title: t('logs.time'),
            render: (entry) => formatDateTime(entry.createdAt),
            width: 135,
          },
          {
            accessor: 'level',
            title: t('logs.level'),
            render: (entry) => (
              <Badge color={LEVEL_COLOURS[entry.level] ?? 'gray'}>{t(`logs.levels.${entry.level}`)}</Badge>
            ),
            width: 95,
          },
          {
            accessor: 'userName',
            title: t('logs.user'),
            render: (entry) => entry.userName ?? '–',
            width: 160,
            ...ON_WIDE_SCREENS,
          },
          {
            accessor: 'action',
            title: t('logs.action'),
            width: 180,
            ellipsis: true,
            ...ON_WIDE_SCREENS,
          },
          { accessor: 'message', title: t('logs.message'), ellipsis: true },
          {
            accessor: 'handledAt',
            title: t('logs.handled'),
            textAlign: 'center',
            width: 90,
            render: (entry) =>
              entry.handledAt ? (
                <IconCircleCheck
                  size={18}
                  color="var(--mantine-color-green-6)"
                  aria-label={t('logs.statuses.handled')}
                />
              ) : null,
          },
        ]}
      />
      {open && <LogEditDialog key={open.id} entry={open} onClose={() => setOpenId(null)} />}
    </Stack>
  );
};
