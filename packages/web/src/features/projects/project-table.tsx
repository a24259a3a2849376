import { PAGE_SIZES, type ProjectListItemDto } from '@karm/domain/contract';
import { formatDate, formatNok, type ProjectFilters, type ProjectSortType } from '@karm/domain/rules';
import { Badge, Group, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ON_WIDE_SCREENS } from '@/components';
import { InvoiceSquares } from './invoice-squares';
import { DeliveryDate, ProjectStateBadge } from './project-badges';
import {
  CustomerFilter,
  DepartmentsFilter,
  type FilterControlProps,
  ProjectManagerFilter,
  SearchFilter,
  StatusFilter,
} from './project-filter-controls';

export type ProjectTableProps = {
  projects: ProjectListItemDto[];
  total: number;
  filters: ProjectFilters;
  setFilters: (changes: Partial<ProjectFilters>) => void;
  isLoadingRows: boolean;
  /** `YYYY-MM-DD` in Europe/Oslo, for the delivery colour. */
  today: string;
  onOpen: (project: ProjectListItemDto) => void;
};

// Inside a header popover the dropdowns stay in the popover, or choosing an option would close it.
const IN_POPOVER = { withinPortal: false } as const;

/**
 * The server-paged project list. Sorting and the header filters change the same stored filters as
 * the filter bar; a click (or Enter on a focused row) opens the project.
 */
export const ProjectTable = ({
  projects,
  total,
  filters,
  setFilters,
  isLoadingRows,
  today,
  onOpen,
}: ProjectTableProps) => {
  const { t } = useTranslation('projects');
  const controlLabels = {
    first: t('page.firstPage'),
    previous: t('page.previousPage'),
    next: t('page.nextPage'),
    last: t('page.lastPage'),
  };
  const filterProps: FilterControlProps = {
    filters,
    setFilters,
    comboboxProps: IN_POPOVER,
    style: { width: 260 },
  };
  const sortable = (accessor: ProjectSortType) => ({ accessor, sortable: true });

  const columns: DataTableColumn<ProjectListItemDto>[] = [
    { ...sortable('number'), title: t('columns.number'), width: 90 },
    {
      ...sortable('name'),
      title: t('columns.name'),
      render: (project) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {project.name}
          </Text>
          {project.isService && (
            <Badge size="xs" variant="outline">
              {t('columns.serviceBadge')}
            </Badge>
          )}
        </Group>
      ),
      filter: <SearchFilter {...filterProps} />,
      filtering: filters.searchQuery !== '',
    },
    {
      ...sortable('customer'),
      title: t('columns.customer'),
      render: (project) => project.customer?.name ?? '',
      filter: <CustomerFilter {...filterProps} />,
      filtering: filters.customer !== null,
    },
    {
      ...sortable('projectManager'),
      title: t('columns.projectManager'),
      render: (project) => project.projectManager?.displayName ?? '',
      filter: <ProjectManagerFilter {...filterProps} />,
      filtering: filters.projectManager !== null,
    },
    {
      ...sortable('department'),
      title: t('columns.department'),
      ...ON_WIDE_SCREENS,
      render: (project) => project.department?.displayName ?? '',
      filter: <DepartmentsFilter {...filterProps} />,
      filtering: filters.departments.length > 0,
    },
    {
      ...sortable('startDate'),
      title: t('columns.startDate'),
      ...ON_WIDE_SCREENS,
      noWrap: true,
      render: (project) => formatDate(project.startDate),
    },
    {
      ...sortable('deliveryDate'),
      title: t('columns.deliveryDate'),
      noWrap: true,
      render: (project) => (
        <DeliveryDate date={project.deliveryDate} today={today} isActive={project.state === 'active'} />
      ),
    },
    {
      ...sortable('endDate'),
      title: t('columns.endDate'),
      ...ON_WIDE_SCREENS,
      noWrap: true,
      render: (project) => formatDate(project.endDate),
    },
    {
      accessor: 'projectValue',
      title: t('columns.value'),
      textAlign: 'right',
      noWrap: true,
      render: (project) => formatNok(project.projectValue),
    },
    {
      accessor: 'invoiceSquares',
      title: t('invoiceSquares.column'),
      render: (project) => <InvoiceSquares orders={project.invoiceSquares} />,
    },
    {
      accessor: 'state',
      title: t('columns.state'),
      render: (project) => <ProjectStateBadge state={project.state} />,
      filter: <StatusFilter {...filterProps} />,
      filtering: filters.status !== 'all',
    },
  ];

  return (
    <DataTable<ProjectListItemDto>
      withTableBorder
      borderRadius="sm"
      minHeight={projects.length === 0 ? 180 : undefined}
      highlightOnHover
      fetching={isLoadingRows}
      records={projects}
      columns={columns}
      totalRecords={total}
      recordsPerPage={filters.pageSize}
      recordsPerPageOptions={[...PAGE_SIZES]}
      recordsPerPageLabel={t('page.recordsPerPage')}
      onRecordsPerPageChange={(pageSize) => setFilters({ pageSize })}
      page={filters.pageNumber}
      onPageChange={(pageNumber) => setFilters({ pageNumber })}
      sortStatus={{ columnAccessor: filters.projectSortType, direction: filters.sortDirection }}
      onSortStatusChange={({ columnAccessor, direction }) =>
        setFilters({ projectSortType: columnAccessor as ProjectSortType, sortDirection: direction })
      }
      noRecordsText={t('page.noMatches')}
      paginationText={({ from, to, totalRecords }) =>
        t('page.paginationSummary', { from, to, total: totalRecords })
      }
      getPaginationControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      getPaginationItemProps={(number) => ({ 'aria-label': t('page.page', { page: number }) })}
      onRowClick={({ record }) => onOpen(record)}
      rowStyle={() => ({ cursor: 'pointer' })}
      customRowAttributes={(project) => ({
        tabIndex: 0,
        'data-project-id': project.id,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onOpen(project);
          }
        },
      })}
    />
  );
};
