import {
  DEVIATION_CATEGORIES,
  DEVIATION_SEVERITIES,
  DEVIATION_STATUSES,
  type DeviationDto,
  type DeviationListQuery,
} from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ABOVE_PHONES,
  DateInput,
  ExportMenu,
  errorMessageOf,
  ON_WIDE_SCREENS,
  usePagingTexts,
} from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import { useSearchParam } from '@/lib/use-search-param';
import { DeviationDialog } from './deviation-dialog';
import { useDeviations, useQualityPeople } from './quality-api';
import type { DeviationListFilter } from './quality-page';
import { backToFirstPage, QualitySearchInput, SeverityBadge, StatusBadge } from './quality-parts';

export const DEVIATIONS_PAGE_SIZE = 20;

export type DeviationsListProps = {
  projectHref?: (id: string) => string;
  /** Fixed filters (a Pareto bar's, a project's): shown as a line that says so, not as fields. */
  fixed?: DeviationListFilter & { projectId?: string };
  /** Values a new deviation starts with (a project's). */
  defaults?: { projectId?: string; projectLabel?: string };
  /** Leaves out the filter fields (a project's own short list). */
  isCompact?: boolean;
  /** Filters the list opens with, still changeable (a dashboard alert's link). */
  initial?: { status?: string | null; severity?: string | null };
};

/**
 * The deviation list (issue 16), paged and filtered on the server: status, severity, category,
 * case handler, period and search; a row opens the deviation dialog, "New deviation" reports one.
 */
export const DeviationsList = ({ projectHref, fixed, defaults, isCompact, initial }: DeviationsListProps) => {
  const { t } = useTranslation('quality');
  const paging = usePagingTexts();
  const mayReport = useCan('deviations.report');
  const people = useQualityPeople();
  const [status, setStatus] = useState<string | null>(
    initial?.status ?? (isCompact || fixed ? null : 'not-closed'),
  );
  const [severity, setSeverity] = useState<string | null>(initial?.severity ?? null);
  const [category, setCategory] = useState<string | null>(null);
  const [handlerId, setHandlerId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<DeviationDto | 'new' | null>(null);
  const query = {
    status: status ?? undefined,
    severity: severity ?? undefined,
    category: category ?? undefined,
    handlerId: handlerId ?? undefined,
    from: from ?? undefined,
    to: to ?? undefined,
    search: debouncedSearch || undefined,
    ...fixed,
    page,
    pageSize: DEVIATIONS_PAGE_SIZE,
  } as DeviationListQuery;
  const deviations = useDeviations(query);
  // What the export writes: every deviation these filters select, not only this page.
  const { page: _page, pageSize: _pageSize, ...listed } = query;
  const filtered = backToFirstPage(setPage);

  return (
    <Stack gap="sm">
      {!isCompact && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <QualitySearchInput
            placeholder={t('filters.searchPlaceholder')}
            value={search}
            onChange={filtered(setSearch)}
          />
          <Select
            label={t('filters.status')}
            placeholder={t('filters.any')}
            clearable
            value={status}
            onChange={filtered(setStatus)}
            data={['not-closed', ...DEVIATION_STATUSES].map((value) => ({
              value,
              label: t(`statuses.${value}`),
            }))}
            w={{ base: '47%', xs: 160 }}
          />
          <Select
            label={t('filters.severity')}
            placeholder={t('filters.any')}
            clearable
            value={severity}
            onChange={filtered(setSeverity)}
            data={DEVIATION_SEVERITIES.map((value) => ({ value, label: t(`severities.${value}`) }))}
            w={{ base: '47%', xs: 130 }}
          />
          {!fixed?.category && (
            <Select
              label={t('filters.category')}
              placeholder={t('filters.any')}
              clearable
              value={category}
              onChange={filtered(setCategory)}
              data={DEVIATION_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
              w={{ base: '47%', xs: 180 }}
            />
          )}
          <Select
            label={t('filters.handler')}
            placeholder={t('filters.any')}
            clearable
            searchable
            value={handlerId}
            onChange={filtered(setHandlerId)}
            data={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
            w={{ base: '47%', xs: 180 }}
          />
          {!fixed?.from && (
            <>
              <DateInput label={t('filters.from')} value={from} onChange={filtered(setFrom)} w={150} />
              <DateInput label={t('filters.to')} value={to} onChange={filtered(setTo)} w={150} />
            </>
          )}
          <Group gap="xs" ml="auto">
            <ExportMenu list="deviations" filters={listed} />
            {mayReport && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened('new')}>
                {t('deviations.new')}
              </Button>
            )}
          </Group>
        </Group>
      )}
      {isCompact && mayReport && (
        <Group justify="flex-end">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpened('new')}>
            {t('deviations.new')}
          </Button>
        </Group>
      )}
      {deviations.isError ? (
        <Alert color="red">{errorMessageOf(deviations.error)}</Alert>
      ) : (
        <DataTable<DeviationDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={deviations.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(deviations)}
          records={deviations.data?.items ?? []}
          totalRecords={deviations.data?.total ?? 0}
          recordsPerPage={DEVIATIONS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('deviations.empty')}
          {...paging}
          onRowClick={({ record }) => setOpened(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-deviation-number': record.number,
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter') setOpened(record);
            },
          })}
          columns={[
            { accessor: 'number', title: t('columns.number'), width: 70, ...ABOVE_PHONES },
            {
              accessor: 'title',
              title: t('columns.title'),
              render: (deviation) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {deviation.title}
                  </Text>
                  <Group gap={4}>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {deviation.number} ·
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`categories.${deviation.category}`)}
                    </Text>
                    {deviation.hasOverdueActions && (
                      <Badge size="xs" color="red">
                        {t('deviations.overdue')}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              ),
            },
            {
              accessor: 'status',
              title: t('columns.status'),
              render: (d) => <StatusBadge status={d.status} />,
            },
            {
              accessor: 'severity',
              title: t('columns.severity'),
              render: (d) => <SeverityBadge severity={d.severity} />,
              ...ABOVE_PHONES,
            },
            {
              accessor: 'date',
              title: t('columns.date'),
              render: (d) => <Text size="sm">{formatDate(d.date)}</Text>,
              ...ABOVE_PHONES,
            },
            {
              accessor: 'projectNumber',
              title: t('columns.project'),
              render: (d) =>
                d.projectId && projectHref ? (
                  <Anchor
                    component={Link}
                    to={projectHref(d.projectId)}
                    size="sm"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {d.projectNumber} {d.projectName}
                  </Anchor>
                ) : (
                  <Text size="sm">{d.projectId ? `${d.projectNumber} ${d.projectName}` : ''}</Text>
                ),
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'product',
              title: t('columns.origin'),
              render: (d) => <Text size="sm">{[d.product, d.supplier].filter(Boolean).join(' · ')}</Text>,
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'handlerName',
              title: t('columns.handler'),
              render: (d) => d.handlerName ?? '',
              ...ABOVE_PHONES,
            },
            {
              accessor: 'costOre',
              title: t('columns.cost'),
              textAlign: 'right',
              render: (d) => (d.costOre ? formatNok(d.costOre) : ''),
              ...ON_WIDE_SCREENS,
            },
          ]}
        />
      )}
      <DeviationDialog
        opened={opened !== null}
        deviation={opened === 'new' ? null : opened}
        defaults={defaults}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
};

export const DeviationsTab = ({ projectHref }: { projectHref?: (id: string) => string }) => {
  // A link may name the filters to open with (the dashboard's "open high deviations").
  const [status] = useSearchParam('status');
  const [severity] = useSearchParam('severity');
  return <DeviationsList projectHref={projectHref} initial={{ status, severity }} />;
};

/** A line naming the fixed filter, with a way back. */
export const FixedFilterLine = ({ label, onClear }: { label: string; onClear: () => void }) => {
  const { t } = useTranslation('quality');
  return (
    <Group gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Button size="compact-xs" variant="subtle" leftSection={<IconX size={12} />} onClick={onClear}>
        {t('pareto.clear')}
      </Button>
    </Group>
  );
};
