import type { CustomerDto } from '@karm/domain/contract';
import { Group, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerArchivedBadge, CustomerSourceBadge, CustomerSyncBadge } from '@/components';

export const CUSTOMER_PAGE_SIZE = 20;

export type CustomerTableProps = {
  customers: CustomerDto[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  isLoadingRows: boolean;
  selectedId: string | null;
  onSelect: (customer: CustomerDto) => void;
};

/** The server-paged customer list; a click (or Enter on a focused row) opens the customer. */
export const CustomerTable = ({
  customers,
  total,
  page,
  onPageChange,
  isLoadingRows,
  selectedId,
  onSelect,
}: CustomerTableProps) => {
  const { t } = useTranslation('customers');
  const controlLabels = {
    first: t('page.firstPage'),
    previous: t('page.previousPage'),
    next: t('page.nextPage'),
    last: t('page.lastPage'),
  };
  return (
    <DataTable<CustomerDto>
      withTableBorder
      borderRadius="sm"
      minHeight={customers.length === 0 ? 180 : undefined}
      highlightOnHover
      fetching={isLoadingRows}
      records={customers}
      totalRecords={total}
      recordsPerPage={CUSTOMER_PAGE_SIZE}
      page={page}
      onPageChange={onPageChange}
      noRecordsText={t('page.noMatches')}
      paginationText={({ from, to, totalRecords }) =>
        t('page.paginationSummary', { from, to, total: totalRecords })
      }
      getPaginationControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      getPaginationItemProps={(number) => ({ 'aria-label': t('page.page', { page: number }) })}
      onRowClick={({ record }) => onSelect(record)}
      rowStyle={() => ({ cursor: 'pointer' })}
      rowBackgroundColor={(record) =>
        record.id === selectedId ? { light: 'blue.0', dark: 'dark.5' } : undefined
      }
      customRowAttributes={(record) => ({
        tabIndex: 0,
        'aria-selected': record.id === selectedId,
        'data-customer-id': record.id,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onSelect(record);
          }
        },
      })}
      columns={[
        {
          accessor: 'customerNumber',
          title: t('fields.customerNumberShort'),
          width: 100,
          render: (customer) => customer.customerNumber ?? '',
        },
        {
          accessor: 'name',
          title: t('fields.name'),
          render: (customer) =>
            customer.isInactive ? (
              <Group gap={6} wrap="nowrap">
                <Text inherit c="dimmed">
                  {customer.name}
                </Text>
                <CustomerArchivedBadge />
              </Group>
            ) : (
              customer.name
            ),
        },
        { accessor: 'organizationNumber', title: t('fields.organizationNumberShort'), noWrap: true },
        { accessor: 'city', title: t('fields.city') },
        {
          accessor: 'phoneNumber',
          title: t('fields.phone'),
          noWrap: true,
          // With the details panel open, phone and e-mail are there; the list keeps room for the rest.
          hidden: selectedId !== null,
          render: (customer) => customer.phoneNumber || customer.phoneNumberMobile,
        },
        { accessor: 'email', title: t('fields.email'), ellipsis: true, hidden: selectedId !== null },
        {
          accessor: 'source',
          title: t('fields.source'),
          render: (customer) => <CustomerSourceBadge source={customer.source} />,
        },
        {
          accessor: 'syncStatus',
          title: t('fields.sync'),
          render: (customer) => <CustomerSyncBadge status={customer.syncStatus} error={customer.syncError} />,
        },
      ]}
    />
  );
};
