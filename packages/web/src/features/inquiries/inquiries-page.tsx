import { type InquiryDto, type InquiryQuery, type InquirySortField, PAGE_SIZES } from '@karm/domain/contract';
import { formatDate, osloDateOf } from '@karm/domain/rules';
import { Badge, Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateInput, DeadlineBadge, ExportMenu, notifyError, PageHeader } from '@/components';
import { useCollection } from '@/lib/api/collections';
import { useEmployees } from '@/lib/api/employees';
import { useInquiries, useInquiryPushes } from '@/lib/api/inquiries';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { savePageSize, usePageSize } from '@/lib/page-size';
import { useCan } from '@/lib/permissions';
import { InquiryDialog } from './inquiry-dialog';

const DEADLINE_CHOICES = ['overdue', 'within7', 'within30'] as const;
type DeadlineChoice = (typeof DEADLINE_CHOICES)[number];
const DEADLINE_FILTERS: Record<DeadlineChoice, NonNullable<InquiryQuery['deadline']>> = {
  overdue: { kind: 'overdue' },
  within7: { kind: 'within', days: 7 },
  within30: { kind: 'within', days: 30 },
};

/** "Inquiry management" (SPEC §2 drawer): filters, search and paging on the server; `?open=<id>` opens one. */
export type InquiriesPageProps = { offerHref?: (offerId: string) => string };

export const InquiriesPage = ({ offerHref }: InquiriesPageProps) => {
  const { t } = useTranslation(['inquiries', 'pipeline']);
  useInquiryPushes();
  const mayAdd = useCan('inquiries.write');
  const [params, setParams] = useSearchParams();
  const employees = useEmployees();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [projectCategory, setProjectCategory] = useState<string | null>(null);
  const projectCategories = useCollection('projectCategory');
  // `?deadline=overdue`: the dashboard's "inquiries past their deadline" opens the list filtered so.
  const [deadline, setDeadline] = useState<DeadlineChoice | null>(() => {
    const requested = params.get('deadline');
    return DEADLINE_CHOICES.find((choice) => choice === requested) ?? null;
  });
  const [beforeDate, setBeforeDate] = useState('');
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const pageSize = usePageSize();
  const [sort, setSort] = useState<{ columnAccessor: InquirySortField; direction: 'asc' | 'desc' }>({
    columnAccessor: 'number',
    direction: 'desc',
  });
  const [isCreating, setCreating] = useState(false);
  const today = osloDateOf(new Date());
  const query: InquiryQuery = {
    search: debounced,
    ownerId,
    projectCategory: projectCategory as InquiryQuery['projectCategory'],
    deadline: deadline
      ? DEADLINE_FILTERS[deadline]
      : beforeDate
        ? { kind: 'before', date: beforeDate }
        : null,
    archived,
    page,
    pageSize,
    sort: sort.columnAccessor,
    direction: sort.direction,
  };
  const inquiries = useInquiries(query);
  const openId = params.get('open');
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('list.title')}
        actions={
          <Group gap="xs">
            <ExportMenu list="inquiries" filters={query} />
            {mayAdd && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                {t('list.add')}
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('list.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => filtered(setSearch)(event.currentTarget.value)}
          maxLength={200}
        />
        <Select
          label={t('fields.owner')}
          clearable
          searchable
          value={ownerId}
          onChange={filtered(setOwnerId)}
          data={(employees.data ?? []).map((employee) => ({
            value: employee.id,
            label: employee.displayName,
          }))}
        />
        <Select
          label={t('fields.projectCategory')}
          clearable
          value={projectCategory}
          onChange={filtered(setProjectCategory)}
          data={projectCategories.options(projectCategory)}
        />
        <Select
          label={t('fields.deadline')}
          clearable
          value={deadline}
          onChange={(value) => filtered(setDeadline)(value as DeadlineChoice | null)}
          data={DEADLINE_CHOICES.map((value) => ({ value, label: t(`list.deadline.${value}`) }))}
        />
        <DateInput
          label={t('list.deadline.before')}
          value={beforeDate || null}
          disabled={deadline !== null}
          clearable
          onChange={(value) => filtered(setBeforeDate)(value ?? '')}
        />
        <Switch
          label={t('list.showArchived')}
          checked={archived}
          onChange={(event) => filtered(setArchived)(event.currentTarget.checked)}
        />
      </Group>
      <DataTable<InquiryDto>
        withTableBorder
        borderRadius="sm"
        minHeight={180}
        highlightOnHover
        fetching={areRowsLoading(inquiries)}
        records={inquiries.data?.items ?? []}
        totalRecords={inquiries.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[...PAGE_SIZES]}
        recordsPerPageLabel={t('list.recordsPerPage')}
        onRecordsPerPageChange={(size) => {
          setPage(1);
          void savePageSize(size).catch(notifyError);
        }}
        page={page}
        onPageChange={setPage}
        sortStatus={sort}
        onSortStatusChange={(status) =>
          setSort({ columnAccessor: status.columnAccessor as InquirySortField, direction: status.direction })
        }
        noRecordsText={t('list.empty')}
        paginationText={({ from, to, totalRecords }) =>
          t('list.pagination', { from, to, total: totalRecords })
        }
        onRowClick={({ record }) => setParams({ open: record.id })}
        rowStyle={() => ({ cursor: 'pointer' })}
        columns={[
          { accessor: 'number', title: t('fields.number'), sortable: true, width: 110, noWrap: true },
          { accessor: 'projectName', title: t('fields.projectName'), sortable: true },
          {
            accessor: 'customer',
            title: t('fields.customer'),
            sortable: true,
            render: (inquiry) => inquiry.customerName ?? '',
          },
          {
            accessor: 'projectAddress',
            title: t('fields.projectAddress'),
            render: (inquiry) => [inquiry.projectAddress, inquiry.city].filter(Boolean).join(', '),
          },
          {
            accessor: 'owner',
            title: t('fields.owner'),
            sortable: true,
            render: (inquiry) => inquiry.owner?.displayName ?? '',
          },
          {
            accessor: 'receivedDate',
            title: t('fields.receivedDate'),
            sortable: true,
            render: (inquiry) => formatDate(inquiry.receivedDate),
          },
          {
            accessor: 'deadline',
            title: t('fields.deadline'),
            sortable: true,
            width: 260,
            render: (inquiry) => (
              <Group gap={4} wrap="nowrap">
                <DeadlineBadge deadline={inquiry.deadline} today={today} />
                {inquiry.offerNumber !== null && (
                  <Badge variant="light" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
                    {t('offerLink', { number: inquiry.offerNumber })}
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
      />
      <InquiryDialog
        opened={isCreating || openId !== null}
        inquiryId={isCreating ? null : openId}
        offerHref={offerHref}
        onClose={() => {
          setCreating(false);
          if (openId) setParams({});
        }}
      />
    </Stack>
  );
};
