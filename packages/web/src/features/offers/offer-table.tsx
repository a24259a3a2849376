import { type OfferDto, type OfferSortField, PAGE_SIZES, type Page } from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { DeadlineBadge, ON_WIDE_SCREENS, ON_WIDEST_SCREENS } from '@/components';

export type OfferSort = { sort: OfferSortField; direction: 'asc' | 'desc' };

export type OfferTableProps = {
  page: Page<OfferDto> | undefined;
  isLoadingRows: boolean;
  sort: OfferSort;
  onSortChange: (sort: OfferSort) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onOpen: (offer: OfferDto) => void;
};

type Control = 'first' | 'last' | 'previous' | 'next';

/** The server-paged offer list (GET /offers/populated) with the displayed status and its deadline. */
export const OfferTable = ({
  page,
  isLoadingRows,
  sort,
  onSortChange,
  onPageChange,
  onPageSizeChange,
  onOpen,
}: OfferTableProps) => {
  const { t } = useTranslation('offers');
  const controls: Record<Control, string> = {
    first: t('admin:paging.firstPage'),
    previous: t('admin:paging.previousPage'),
    next: t('admin:paging.nextPage'),
    last: t('admin:paging.lastPage'),
  };
  const sortable = (accessor: OfferSortField) => ({ accessor, sortable: true });
  const columns: DataTableColumn<OfferDto>[] = [
    { ...sortable('number'), title: t('columns.number'), width: 90 },
    { ...sortable('projectName'), title: t('columns.projectName') },
    {
      accessor: 'customer',
      title: t('columns.customer'),
      render: (offer) => offer.customer?.name ?? offer.oneTimeCustomer?.name ?? '',
    },
    {
      ...sortable('statusDeadline'),
      title: t('columns.status'),
      width: 270,
      render: (offer) => (
        <DeadlineBadge deadline={offer.displayedStatus.deadline} label={offer.displayedStatus.name} />
      ),
    },
    {
      ...sortable('offerDeadline'),
      title: t('columns.offerDeadline'),
      render: (offer) => formatDate(offer.offerDeadline),
    },
    {
      accessor: 'owner',
      title: t('columns.owner'),
      ...ON_WIDE_SCREENS,
      render: (offer) => offer.owner?.displayName ?? '',
    },
    {
      ...sortable('value'),
      title: t('columns.value'),
      textAlign: 'right',
      render: (offer) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatNok(offer.value)}
        </Text>
      ),
    },
    {
      ...sortable('contributionMargin'),
      title: t('columns.contributionMargin'),
      textAlign: 'right',
      render: (offer) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatNok(offer.contributionMargin)}
        </Text>
      ),
    },
    {
      ...sortable('createdAt'),
      title: t('columns.createdAt'),
      ...ON_WIDEST_SCREENS,
      render: (offer) => formatDate(offer.createdAt),
    },
  ];
  const offers = page?.items ?? [];
  return (
    <DataTable<OfferDto>
      withTableBorder
      borderRadius="sm"
      minHeight={offers.length === 0 ? 180 : undefined}
      highlightOnHover
      fetching={isLoadingRows}
      records={offers}
      columns={columns}
      totalRecords={page?.total ?? 0}
      recordsPerPage={page?.pageSize ?? 20}
      recordsPerPageOptions={[...PAGE_SIZES]}
      recordsPerPageLabel={t('page.recordsPerPage')}
      onRecordsPerPageChange={onPageSizeChange}
      page={page?.page ?? 1}
      onPageChange={onPageChange}
      sortStatus={{ columnAccessor: sort.sort, direction: sort.direction }}
      onSortStatusChange={({ columnAccessor, direction }) =>
        onSortChange({ sort: columnAccessor as OfferSortField, direction })
      }
      noRecordsText={t('page.emptyText')}
      paginationText={({ from, to, totalRecords }) =>
        t('page.paginationText', { from, to, total: totalRecords })
      }
      getPaginationControlProps={(control) => ({ 'aria-label': controls[control] })}
      getPaginationItemProps={(number) => ({ 'aria-label': t('admin:paging.page', { page: number }) })}
      onRowClick={({ record }) => onOpen(record)}
      rowStyle={() => ({ cursor: 'pointer' })}
      customRowAttributes={(offer) => ({
        tabIndex: 0,
        'data-offer-id': offer.id,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onOpen(offer);
          }
        },
      })}
    />
  );
};
