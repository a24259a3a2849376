import type { AdminCommandDto, AdminCommandRunDto, AdminCommandStatus } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorMessageOf,
  notifyError,
  notifySuccess,
  PageHeader,
  useConfirm,
  usePagingTexts,
} from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { downloadThroughLink } from '@/lib/download-links';
import { fieldErrorsOf } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { useAdminCommandRuns, useAdminCommands, useRunAdminCommand } from './admin-commands-api';

export const RUNS_PAGE_SIZE = 20;

const STATUS_COLOURS: Record<AdminCommandStatus, string> = {
  queued: 'blue',
  running: 'yellow',
  succeeded: 'green',
  failed: 'red',
};

const isActive = (run: AdminCommandRunDto | null) => run?.status === 'queued' || run?.status === 'running';

/** The run's result line in the user's language (or its error). */
export const resultLine = (t: TFunction, run: AdminCommandRunDto) => {
  if (run.status === 'failed') return t('adminCommands:failed', { error: run.error ?? '' });
  if (run.resultKey) return t(`adminCommands:${run.resultKey}`, run.resultParams);
  return t(`adminCommands:status.${run.status}`);
};

/** The server refuses with keys of this screen (already running, no accounting system). */
const runErrorText = (t: TFunction, error: unknown) => {
  if (error instanceof ApiError) {
    if (error.code === 'CONFLICT') return t('adminCommands:error.alreadyRunning');
    const field = fieldErrorsOf(error).command;
    if (field?.startsWith('adminCommands:')) return t(field);
  }
  return errorMessageOf(error);
};

const RunProgress = ({ run }: { run: AdminCommandRunDto }) => {
  const { t } = useTranslation('adminCommands');
  const total = run.progressTotal;
  const percent = total ? Math.min(100, Math.round((run.progressDone / total) * 100)) : 100;
  const text = run.progressKey
    ? t(run.progressKey, { done: run.progressDone, total: total ?? '?' })
    : total
      ? t('progressCount', { done: run.progressDone, total })
      : t(run.status === 'queued' ? 'queued' : 'running');
  return (
    <Stack gap={4} aria-live="polite">
      <Progress value={percent} animated striped={!total} aria-label={text} />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
};

const CommandCard = ({ item }: { item: AdminCommandDto }) => {
  const { t } = useTranslation('adminCommands');
  const confirm = useConfirm();
  const run = useRunAdminCommand();
  const [email, setEmail] = useState('');
  const last = item.lastRun;
  const isRunning = isActive(last);
  const key = `commands.${item.command}`;

  const start = async () => {
    const isConfirmed = await confirm({
      title: t(`${key}.label`),
      message: t(`${key}.confirm`),
      confirmLabel: t('run'),
      color: item.isDestructive ? 'red' : 'blue',
    });
    if (!isConfirmed) return;
    run.mutate(
      { command: item.command, ...(item.command === 'test-email' ? { email: email.trim() } : {}) },
      { onSuccess: () => notifySuccess(t('started')) },
    );
  };

  return (
    <Card withBorder padding="md" data-testid={`command-${item.command}`}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h5">
          {t(`${key}.label`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`${key}.description`)}
        </Text>
        {item.command === 'test-email' && (
          <TextInput
            label={t('emailLabel')}
            placeholder={t('emailPlaceholder')}
            type="email"
            value={email}
            maxLength={200}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        )}
        {run.isError && <Alert color="red">{runErrorText(t, run.error)}</Alert>}
        {last && isRunning && <RunProgress run={last} />}
        {last && !isRunning && (
          <Text
            size="sm"
            c={last.status === 'failed' ? 'red' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Text span fw={500}>
              {t('lastResult')}:
            </Text>{' '}
            {resultLine(t, last)}
            {last.finishedAt && (
              <Text span c="dimmed">
                {' '}
                ({formatDateTime(last.finishedAt)})
              </Text>
            )}
          </Text>
        )}
        {!last && (
          <Text size="sm" c="dimmed">
            {t('never')}
          </Text>
        )}
        <Group mt="auto">
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            color={item.isDestructive ? 'red' : undefined}
            variant={item.isDestructive ? 'light' : 'filled'}
            loading={run.isPending || isRunning}
            onClick={() => void start()}
          >
            {t('run')}
          </Button>
          {item.command === 'export-data' && last?.status === 'succeeded' && (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              // A signed link: the session token never goes into a URL.
              onClick={() =>
                void downloadThroughLink({ kind: 'admin-export', id: last.id }, 'karm-export.zip').catch(
                  notifyError,
                )
              }
            >
              {t('download')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
};

const RunHistory = () => {
  const { t } = useTranslation('adminCommands');
  const paging = usePagingTexts();
  const [page, setPage] = useState(1);
  const runs = useAdminCommandRuns({ page, pageSize: RUNS_PAGE_SIZE });
  if (runs.isError) return <Alert color="red">{errorMessageOf(runs.error)}</Alert>;
  return (
    <DataTable<AdminCommandRunDto>
      withTableBorder
      borderRadius="sm"
      minHeight={runs.data?.items.length ? undefined : 160}
      fetching={areRowsLoading(runs)}
      records={runs.data?.items ?? []}
      totalRecords={runs.data?.total ?? 0}
      recordsPerPage={RUNS_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      noRecordsText={t('historyEmpty')}
      {...paging}
      columns={[
        {
          accessor: 'command',
          title: t('columns.command'),
          render: (run) => t(`commands.${run.command}.label`),
        },
        {
          accessor: 'startedBy',
          title: t('columns.startedBy'),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (run) => run.startedBy?.name ?? '—',
        },
        {
          accessor: 'createdAt',
          title: t('columns.when'),
          width: 150,
          render: (run) => formatDateTime(run.createdAt),
        },
        {
          accessor: 'status',
          title: t('columns.status'),
          width: 120,
          render: (run) => (
            <Badge color={STATUS_COLOURS[run.status]} variant="light">
              {t(`status.${run.status}`)}
            </Badge>
          ),
        },
        {
          accessor: 'result',
          title: t('columns.result'),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (run) => (isActive(run) ? '' : resultLine(t, run)),
        },
      ]}
    />
  );
};

/** Issue 12: `/admincommands`, the administrators' maintenance actions and their log. */
export const AdminCommandsPage = () => {
  const { t } = useTranslation('adminCommands');
  const commands = useAdminCommands();
  return (
    <Container size="xl" px={0}>
      <PageHeader title={t('title')} subtitle={t('description')} />
      <Stack gap="lg">
        {commands.isError ? (
          <Alert color="red">{errorMessageOf(commands.error)}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {(commands.data ?? []).map((item) => (
              <CommandCard key={item.command} item={item} />
            ))}
          </SimpleGrid>
        )}
        <Title order={2} size="h4">
          {t('history')}
        </Title>
        <RunHistory />
      </Stack>
    </Container>
  );
};
