import { INVOICE_LIST_FILTERS, type InvoiceDto, type InvoiceListFilter } from '@karm/domain/contract';
import { formatDate, formatNok, INVOICE_STATUS_CODES } from '@karm/domain/rules';
import { Badge, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ExportMenu,
  listPeriodFrom,
  ON_WIDE_SCREENS,
  PeriodBadge,
  usePagingTexts,
  withoutPeriod,
} from '@/components';
import { useInvoiceList } from '@/lib/api/invoices';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';

const PAGE_SIZE = 20;

const STATUS_COLOURS: Record<InvoiceDto['status'], string> = {
  [INVOICE_STATUS_CODES.noInvoice]: 'gray',
  [INVOICE_STATUS_CODES.notSent]: 'yellow',
  [INVOICE_STATUS_CODES.paid]: 'green',
  [INVOICE_STATUS_CODES.pendingPayment]: 'blue',
  [INVOICE_STATUS_CODES.pastDueDate]: 'red',
};

/**
 * Admin → Invoices: every invoice of the company, newest first, paged on the server, with the views
 * an office needs (not sent, unpaid, past due, paid, credited) and search by customer, project or
 * number. A row opens its project, where the invoice is handled.
 */
export const InvoiceList = ({ projectHref }: { projectHref: (projectId: string) => string }) => {
  const { t } = useTranslation('invoices');
  const mayRead = useCan('invoices.read');
  const navigate = useNavigate();
  const pagingTexts = usePagingTexts();
  const [params, setParams] = useSearchParams();
  // `?filter=pastDue`: the dashboard's "invoices past due" opens the list filtered so.
  const [filter, setFilter] = useState<InvoiceListFilter>(
    () => INVOICE_LIST_FILTERS.find((candidate) => candidate === params.get('filter')) ?? 'all',
  );
  // `?from=&to=`: the revenue report over a narrower period than All Years, by invoice date.
  const [period, setPeriod] = useState(() => listPeriodFrom(params));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  // Asked only by those who may read invoices (the server would refuse the others).
  const listFilters = { filter, search: debouncedSearch, ...period };
  const invoices = useInvoiceList({ ...listFilters, page, pageSize: PAGE_SIZE }, mayRead);
  if (!mayRead) return null;
  return (
    <Card withBorder padding="md" data-invoice-list>
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('list.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('list.description')}
          </Text>
        </div>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label={t('list.filter')}
            value={filter}
            onChange={(value) => {
              setFilter(value as InvoiceListFilter);
              setPage(1);
            }}
            data={INVOICE_LIST_FILTERS.map((value) => ({ value, label: t(`list.filters.${value}`) }))}
          />
          <TextInput
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
          <PeriodBadge
            period={period}
            onClear={() => {
              setPeriod({});
              setPage(1);
              setParams(withoutPeriod, { replace: true });
            }}
          />
          <ExportMenu list="invoices" filters={listFilters} />
        </Group>
        <DataTable<InvoiceDto>
          withTableBorder
          borderRadius="sm"
          minHeight={invoices.data?.items.length ? undefined : 160}
          highlightOnHover
          fetching={areRowsLoading(invoices)}
          records={invoices.data?.items ?? []}
          totalRecords={invoices.data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('list.empty')}
          {...pagingTexts}
          onRowClick={({ record }) => void navigate(projectHref(record.projectId))}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(invoice) => ({ 'data-invoice-id': invoice.id })}
          columns={[
            {
              accessor: 'number',
              title: t('list.number'),
              noWrap: true,
              render: (invoice) => invoice.number ?? '—',
            },
            {
              accessor: 'invoiceDate',
              title: t('list.date'),
              noWrap: true,
              render: (invoice) => formatDate(invoice.invoiceDate),
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'projectName',
              title: t('list.project'),
              // The project, and what the invoiced part belongs to: an order confirmation or the own plan.
              render: (invoice) => (
                <Stack gap={0}>
                  <Text size="sm">{`${invoice.projectNumber} – ${invoice.projectName}`}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`list.source.${invoice.confirmationKind}`, { number: invoice.confirmationNumber })}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'customerName', title: t('list.customer'), ...ON_WIDE_SCREENS },
            {
              accessor: 'amount',
              title: t('list.amount'),
              textAlign: 'right',
              noWrap: true,
              render: (invoice) => formatNok(invoice.amount),
            },
            {
              accessor: 'amountOutstanding',
              title: t('list.outstanding'),
              textAlign: 'right',
              noWrap: true,
              render: (invoice) => formatNok(invoice.amountOutstanding),
            },
            {
              accessor: 'dueDate',
              title: t('list.dueDate'),
              noWrap: true,
              render: (invoice) => (
                <Text size="sm" c={invoice.status === INVOICE_STATUS_CODES.pastDueDate ? 'red' : undefined}>
                  {formatDate(invoice.dueDate)}
                </Text>
              ),
            },
            {
              accessor: 'status',
              title: t('list.status'),
              render: (invoice) => (
                <Group gap={4} wrap="nowrap">
                  <Badge
                    size="sm"
                    variant="light"
                    color={invoice.isCredited ? 'gray' : STATUS_COLOURS[invoice.status]}
                  >
                    {invoice.isCredited
                      ? t('list.credited')
                      : t(`projects:invoiceSquares.status.${invoice.status}`)}
                  </Badge>
                  {invoice.syncStatus === 'pending' && (
                    <Badge size="sm" variant="outline" color="yellow">
                      {t('list.pendingSync')}
                    </Badge>
                  )}
                  {invoice.syncStatus === 'failed' && (
                    <Badge size="sm" variant="outline" color="red" title={invoice.syncError ?? ''}>
                      {t('list.syncFailed')}
                    </Badge>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
};
