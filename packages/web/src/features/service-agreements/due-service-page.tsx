import type { DueServiceVisitDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPercentage } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ABOVE_PHONES, LoadFailedAlert, PageHeader, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import { PriceIndexDialog } from './price-index-dialog';
import { ServiceAgreementDialog } from './service-agreement-dialog';
import { DUE_PAGE_SIZE, useAgreementPushes, useDueService } from './service-agreements-api';

const WEEK_CHOICES = [1, 2, 4, 8, 13, 26, 52] as const;

const workersOf = (visit: DueServiceVisitDto) =>
  visit.serviceWorkers.map((worker) => worker.displayName).join(', ');

/**
 * "Service due" (issue 19): the visits of service agreements due within the chosen weeks, overdue
 * ones first, paged on the server. A row opens the project's service agreement dialog (to record the
 * visit); the project's name opens its service project details. Administrators apply the yearly
 * price index from here.
 */
export const DueServicePage = ({ detailsHref }: { detailsHref: (projectId: string) => string }) => {
  const { t } = useTranslation('serviceAgreements');
  const paging = usePagingTexts();
  const mayIndex = useCan('service-agreements.index');
  const [weeks, setWeeks] = useState(4);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<DueServiceVisitDto | null>(null);
  const [isIndexOpen, setIndexOpen] = useState(false);
  const due = useDueService(weeks, page);
  useAgreementPushes();
  return (
    <Stack gap="sm">
      <PageHeader
        title={t('due.title')}
        subtitle={t('due.subtitle')}
        actions={
          mayIndex ? (
            <Button
              variant="light"
              leftSection={<IconPercentage size={16} />}
              onClick={() => setIndexOpen(true)}
            >
              {t('index.button')}
            </Button>
          ) : undefined
        }
      />
      <Group>
        <Select
          label={t('due.within')}
          data={WEEK_CHOICES.map((count) => ({ value: String(count), label: t('due.weeks', { count }) }))}
          value={String(weeks)}
          onChange={(value) => {
            if (!value) return;
            setWeeks(Number(value));
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
          data-testid="due-weeks"
        />
      </Group>
      {due.isError ? (
        <LoadFailedAlert
          title={t('due.loadFailed')}
          retryLabel={t('due.retry')}
          error={due.error}
          onRetry={() => void due.refetch()}
        />
      ) : (
        <DataTable<DueServiceVisitDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          idAccessor="agreementId"
          minHeight={due.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(due)}
          records={due.data?.items ?? []}
          totalRecords={due.data?.total ?? 0}
          recordsPerPage={DUE_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('due.empty')}
          {...paging}
          onRowClick={({ record }) => setOpened(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-due-project': record.projectName,
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter') setOpened(record);
            },
          })}
          columns={[
            {
              accessor: 'projectName',
              title: t('due.project'),
              render: (visit) => (
                <Stack gap={2}>
                  <Anchor
                    component={Link}
                    to={detailsHref(visit.projectId)}
                    size="sm"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {visit.projectNumber} {visit.projectName}
                  </Anchor>
                  {/* A phone has no room for the workers' column: they stand under the project. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {workersOf(visit) || t('due.noWorkers')}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'nextVisitDate',
              title: t('due.date'),
              render: (visit) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{formatDate(visit.nextVisitDate)}</Text>
                  {visit.isOverdue && (
                    <Badge size="xs" color="red">
                      {t('due.overdue')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'serviceWorkers',
              title: t('due.workers'),
              render: (visit) =>
                visit.serviceWorkers.length > 0 ? (
                  workersOf(visit)
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('due.noWorkers')}
                  </Text>
                ),
              ...ABOVE_PHONES,
            },
            {
              accessor: 'interval',
              title: t('due.interval'),
              render: (visit) => t(`intervals.${visit.interval}`),
              ...ABOVE_PHONES,
            },
            {
              accessor: 'lastVisitDate',
              title: t('due.lastVisit'),
              render: (visit) => (visit.lastVisitDate ? formatDate(visit.lastVisitDate) : '—'),
              ...ABOVE_PHONES,
            },
            { accessor: 'itemCount', title: t('due.items'), textAlign: 'right', ...ABOVE_PHONES },
          ]}
        />
      )}
      {opened && (
        <ServiceAgreementDialog
          projectId={opened.projectId}
          projectName={`${opened.projectNumber} ${opened.projectName}`}
          onClose={() => setOpened(null)}
        />
      )}
      {isIndexOpen && <PriceIndexDialog onClose={() => setIndexOpen(false)} />}
    </Stack>
  );
};
