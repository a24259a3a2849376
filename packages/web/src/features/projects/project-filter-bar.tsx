import { PROJECT_SORT_TYPES, PROJECT_WHO, type ProjectFilters } from '@karm/domain/rules';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Tooltip,
} from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconFilterOff,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components';
import { useProcessColumnsLookup } from '@/lib/api/projects';
import {
  CustomerFilter,
  DepartmentsFilter,
  EndedRangeFilter,
  GroupFilter,
  HasInvoiceFilter,
  ProcessFilter,
  ProjectManagerFilter,
  SearchFilter,
  StatusFilter,
} from './project-filter-controls';
import { countMoreFilters, isFiltered } from './use-project-filters';

export type ProjectFilterBarProps = {
  filters: ProjectFilters;
  setFilters: (changes: Partial<ProjectFilters>) => void;
  resetFilters: () => void;
};

/**
 * Every project filter of SPEC §3: the everyday ones in one row (search, mine/all, status, order), the
 * rest behind "More filters", which opens by itself when one of them is in use.
 */
export const ProjectFilterBar = ({ filters, setFilters, resetFilters }: ProjectFilterBarProps) => {
  const { t } = useTranslation('projects');
  const moreCount = countMoreFilters(filters);
  const [isMoreOpen, setMoreOpen] = useState(moreCount > 0);
  const moreId = useId();
  const columns = useProcessColumnsLookup({ enabled: isMoreOpen });
  const isDescending = filters.sortDirection === 'desc';

  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={t('filters.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchFilter
          filters={filters}
          setFilters={setFilters}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <SegmentedControl
          aria-label={t('filters.who')}
          value={filters.who}
          onChange={(who) => setFilters({ who: who as ProjectFilters['who'] })}
          data={PROJECT_WHO.map((who) => ({ value: who, label: t(`who.${who}`) }))}
        />
        <StatusFilter filters={filters} setFilters={setFilters} style={{ width: 200 }} />
        <Group gap={4} align="flex-end" wrap="nowrap">
          <Select
            label={t('filters.sortBy')}
            value={filters.projectSortType}
            allowDeselect={false}
            data={PROJECT_SORT_TYPES.map((type) => ({ value: type, label: t(`sortType.${type}`) }))}
            onChange={(type) =>
              type && setFilters({ projectSortType: type as ProjectFilters['projectSortType'] })
            }
            style={{ width: 180 }}
          />
          <Tooltip label={t(isDescending ? 'filters.descending' : 'filters.ascending')}>
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label={t(isDescending ? 'filters.descending' : 'filters.ascending')}
              onClick={() => setFilters({ sortDirection: isDescending ? 'asc' : 'desc' })}
            >
              {isDescending ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <Button
          variant={isMoreOpen ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={
            moreCount > 0 ? (
              <Badge size="sm" circle>
                {moreCount}
              </Badge>
            ) : undefined
          }
          aria-expanded={isMoreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
        >
          {t('filters.more')}
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          disabled={!isFiltered(filters)}
          onClick={resetFilters}
        >
          {t('filters.reset')}
        </Button>
      </Group>
      {isMoreOpen && (
        <SimpleGrid id={moreId} cols={{ base: 1, sm: 2, md: 3, xl: 5 }} spacing="sm" mt="sm">
          <ProjectManagerFilter filters={filters} setFilters={setFilters} />
          <CustomerFilter filters={filters} setFilters={setFilters} />
          <DepartmentsFilter filters={filters} setFilters={setFilters} />
          <HasInvoiceFilter filters={filters} setFilters={setFilters} />
          <EndedRangeFilter filters={filters} setFilters={setFilters} />
          <DateInput
            clearable
            label={t('filters.startDate')}
            value={filters.startDate}
            onChange={(startDate) => setFilters({ startDate })}
          />
          <DateInput
            clearable
            label={t('filters.deliveryDate')}
            value={filters.deliveryDate}
            onChange={(deliveryDate) => setFilters({ deliveryDate })}
          />
          <DateInput
            clearable
            label={t('filters.fromDate')}
            value={filters.fromDate}
            onChange={(fromDate) => setFilters({ fromDate })}
          />
          <DateInput
            clearable
            label={t('filters.toDate')}
            value={filters.toDate}
            onChange={(toDate) => setFilters({ toDate })}
          />
          <GroupFilter filters={filters} setFilters={setFilters} />
          <ProcessFilter filters={filters} setFilters={setFilters} columns={columns.data ?? []} />
        </SimpleGrid>
      )}
    </Paper>
  );
};
