import { MAX_PAGE_SIZE, type ProjectListItemDto } from '@karm/domain/contract';
import { DEFAULT_PROJECT_FILTERS, formatDate, formatNok, type ProjectFilters } from '@karm/domain/rules';
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type PrintColumn,
  PrintQueries,
  PrintSection,
  PrintSheetFrame,
  PrintSheetState,
  PrintTable,
} from '@/components';
import { getProjects, projectKeys } from '@/lib/api/projects';
import { linkedFilters } from './use-project-filters';

/**
 * At most this many rows go on paper (five server pages); a longer list prints its first rows and
 * says how many it left out, so a mistaken "print everything" does not run to a hundred pages.
 */
export const PRINTED_PROJECTS_CAP = 1_000;

/** The rows the filters select, page by page from the server, up to the cap. */
export const fetchPrintedProjects = async (filters: ProjectFilters) => {
  const items: ProjectListItemDto[] = [];
  let total = 0;
  for (let pageNumber = 1; items.length < PRINTED_PROJECTS_CAP; pageNumber++) {
    const page = await getProjects({ ...filters, pageSize: MAX_PAGE_SIZE, pageNumber });
    items.push(...page.items);
    total = page.total;
    if (page.items.length < MAX_PAGE_SIZE || items.length >= total) break;
  }
  return { items: items.slice(0, PRINTED_PROJECTS_CAP), total };
};

const PrintedList = ({ filters, isService }: { filters: ProjectFilters; isService: boolean }) => {
  const { t } = useTranslation(['projects', 'nav']);
  const list = useQuery({
    queryKey: [...projectKeys.lists(), 'print', filters],
    queryFn: () => fetchPrintedProjects(filters),
  });
  if (!list.data) return <PrintSheetState error={list.error} />;
  const { items, total } = list.data;
  const columns: PrintColumn<ProjectListItemDto>[] = [
    { key: 'number', header: t('columns.number'), value: (project) => project.number, isNumber: true },
    { key: 'name', header: t('columns.name'), value: (project) => project.name },
    { key: 'customer', header: t('columns.customer'), value: (project) => project.customer?.name },
    {
      key: 'projectManager',
      header: t('columns.projectManager'),
      value: (project) => project.projectManager?.displayName,
    },
    {
      key: 'department',
      header: t('columns.department'),
      value: (project) => project.department?.displayName,
    },
    { key: 'startDate', header: t('columns.startDate'), value: (project) => formatDate(project.startDate) },
    {
      key: 'deliveryDate',
      header: t('columns.deliveryDate'),
      value: (project) => formatDate(project.deliveryDate),
    },
    { key: 'endDate', header: t('columns.endDate'), value: (project) => formatDate(project.endDate) },
    {
      key: 'value',
      header: t('columns.value'),
      value: (project) => formatNok(project.projectValue),
      isNumber: true,
    },
    { key: 'state', header: t('columns.state'), value: (project) => t(`state.${project.state}`) },
  ];
  const chosen = [
    `${t('filters.who')}: ${t(`who.${filters.who}`)}`,
    `${t('filters.status')}: ${t(`status.${filters.status}`)}`,
    filters.searchQuery && `${t('filters.search')}: “${filters.searchQuery}”`,
  ].filter(Boolean);
  return (
    <PrintSheetFrame title={t(isService ? 'nav:serviceProjects' : 'nav:projects')}>
      <Text size="sm">
        {chosen.join(' · ')} · {t('print.count', { count: total })}
      </Text>
      {total > items.length && (
        <Alert color="orange" variant="light" p="xs">
          {t('print.cut', { shown: items.length, total })}
        </Alert>
      )}
      <PrintSection title={t('print.rows')}>
        {items.length === 0 ? (
          <Text size="sm">{t('page.noMatches')}</Text>
        ) : (
          <PrintTable columns={columns} rows={items} rowKey={(project) => project.id} />
        )}
      </PrintSection>
    </PrintSheetFrame>
  );
};

/**
 * The project list on paper (issue 18, `/print?sheet=projects&filters=<json>`): every row the list's
 * current filters select (paging aside), up to PRINTED_PROJECTS_CAP.
 */
export const ProjectListPrintSheet = ({ search }: { search: URLSearchParams }) => {
  const chosen = linkedFilters(search.get('filters')) ?? {};
  const filters: ProjectFilters = { ...DEFAULT_PROJECT_FILTERS, ...chosen, pageNumber: 1 };
  return (
    <PrintQueries>
      <PrintedList filters={filters} isService={filters.isService === true} />
    </PrintQueries>
  );
};
