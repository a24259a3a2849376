import type { JobDto, JobState } from '@karm/domain/contract';
import { JOB_STATES } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Alert, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifySuccess, SectionHeader, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useJobs, useRetryJob } from './jobs-api';

export const JOBS_PAGE_SIZE = 20;

const STATE_COLOURS: Record<JobState, string> = {
  queued: 'blue',
  running: 'yellow',
  completed: 'green',
  failed: 'red',
};

const when = (instant: string | null) => (instant ? formatDateTime(instant) : '—');

const JobDetails = ({ job }: { job: JobDto }) => {
  const { t } = useTranslation('jobs');
  const retry = useRetryJob();
  const isWaitingForRetry = job.state === 'queued' && job.attempts > 0;
  return (
    <Stack gap="xs" p="sm">
      {job.error && (
        <Alert color="red" variant="light" title={t('error')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {job.error}
          </Text>
        </Alert>
      )}
      {isWaitingForRetry && <Text size="sm">{t('nextRun', { time: formatDateTime(job.startAfter) })}</Text>}
      {retry.isError && <Alert color="red">{errorMessageOf(retry.error)}</Alert>}
      {job.state === 'failed' && (
        <Group>
          <Button
            size="xs"
            leftSection={<IconRefresh size={16} />}
            loading={retry.isPending}
            onClick={() => retry.mutate(job.id, { onSuccess: () => notifySuccess(t('retried')) })}
          >
            {t('retry')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};

/** Issue 12: the job queue for administrators — queued, running, completed and failed, with errors. */
export const JobsTab = () => {
  const { t } = useTranslation('jobs');
  const paging = usePagingTexts();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<JobState | null>(null);
  const [name, setName] = useState<string | null>(null);
  const jobs = useJobs({
    page,
    pageSize: JOBS_PAGE_SIZE,
    state: state ?? undefined,
    name: name ?? undefined,
  });
  const nameLabel = (jobName: string) => t(`names.${jobName}`, { defaultValue: jobName });

  return (
    <Stack gap="xs">
      <SectionHeader order={3} title={t('title')} description={t('description')} />
      <Group gap="sm" wrap="wrap">
        <Select
          label={t('filters.state')}
          placeholder={t('filters.all')}
          clearable
          w={180}
          data={JOB_STATES.map((value) => ({ value, label: t(`state.${value}`) }))}
          value={state}
          onChange={(value) => {
            setState(value as JobState | null);
            setPage(1);
          }}
        />
        <Select
          label={t('filters.name')}
          placeholder={t('filters.all')}
          clearable
          w={260}
          data={(jobs.data?.names ?? []).map((value) => ({ value, label: nameLabel(value) }))}
          value={name}
          onChange={(value) => {
            setName(value);
            setPage(1);
          }}
        />
      </Group>
      {jobs.isError ? (
        <Alert color="red">{errorMessageOf(jobs.error)}</Alert>
      ) : (
        <DataTable<JobDto>
          withTableBorder
          borderRadius="sm"
          minHeight={jobs.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(jobs)}
          records={jobs.data?.items ?? []}
          totalRecords={jobs.data?.total ?? 0}
          recordsPerPage={JOBS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('empty')}
          {...paging}
          rowExpansion={{ content: ({ record }) => <JobDetails job={record} /> }}
          columns={[
            {
              accessor: 'name',
              title: t('columns.name'),
              render: (job) => (
                <Stack gap={0}>
                  <Text size="sm">{nameLabel(job.name)}</Text>
                  {!job.isCompanyJob && (
                    <Text size="xs" c="dimmed">
                      {t('system')}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'state',
              title: t('columns.state'),
              width: 120,
              render: (job) => (
                <Badge color={STATE_COLOURS[job.state]} variant="light">
                  {t(`state.${job.state}`)}
                </Badge>
              ),
            },
            {
              accessor: 'createdAt',
              title: t('columns.created'),
              width: 150,
              render: (job) => when(job.createdAt),
            },
            {
              accessor: 'startedAt',
              title: t('columns.started'),
              width: 150,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (job) => when(job.startedAt),
            },
            {
              accessor: 'completedAt',
              title: t('columns.completed'),
              width: 150,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (job) => when(job.completedAt),
            },
            {
              accessor: 'attempts',
              title: t('columns.attempts'),
              width: 90,
              render: (job) => t('attempts', { attempts: job.attempts, max: job.maxAttempts }),
            },
          ]}
        />
      )}
    </Stack>
  );
};
