import type { ProcessColumnDto } from '@karm/domain/contract';
import {
  ENDED_RANGE_ALL,
  ENDED_RANGES,
  type EndedRange,
  PROCESS_FILTER_TYPES,
  PROJECT_GROUPS,
  PROJECT_STATUS_FILTERS,
  type ProjectFilters,
  type ProjectGroup,
} from '@karm/domain/rules';
import { type ComboboxProps, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerSelect } from '@/components';
import { useDepartments, useProjectManagers } from '@/lib/api/employees';

/**
 * One control per project filter (SPEC §3 "Project filters"), shared by the filter bar and the
 * column header filters so both always show the same state.
 */

export type FilterControlProps = {
  filters: ProjectFilters;
  setFilters: (changes: Partial<ProjectFilters>) => void;
  /** Inside a popover the dropdown must not leave it, or a click on an option would close the popover. */
  comboboxProps?: ComboboxProps;
  style?: CSSProperties;
};

const SEARCH_DEBOUNCE_MS = 300;

/** Free text over number, name, address and customer; sent once typing pauses. */
export const SearchFilter = ({ filters, setFilters, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  const [text, setText] = useState(filters.searchQuery);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing sends the search
  useEffect(() => {
    if (debounced !== filters.searchQuery) setFilters({ searchQuery: debounced });
  }, [debounced]);
  // A reset or the other search field changed it: show that instead of the stale text.
  useEffect(() => {
    setText((current) => (current.trim() === filters.searchQuery ? current : filters.searchQuery));
  }, [filters.searchQuery]);
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      aria-label={t('filters.search')}
      placeholder={t('filters.searchPlaceholder')}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      style={style}
    />
  );
};

export const StatusFilter = ({ filters, setFilters, comboboxProps, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  return (
    <Select
      label={t('filters.status')}
      value={filters.status}
      allowDeselect={false}
      comboboxProps={comboboxProps}
      data={PROJECT_STATUS_FILTERS.map((status) => ({ value: status, label: t(`status.${status}`) }))}
      onChange={(status) => status && setFilters({ status: status as ProjectFilters['status'] })}
      style={style}
    />
  );
};

export const ProjectManagerFilter = ({ filters, setFilters, comboboxProps, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  const managers = useProjectManagers();
  return (
    <Select
      label={t('filters.projectManager')}
      placeholder={t('filters.anyone')}
      searchable
      clearable
      value={filters.projectManager}
      comboboxProps={comboboxProps}
      data={managers.map((manager) => ({ value: manager.id, label: manager.displayName }))}
      onChange={(projectManager) => setFilters({ projectManager })}
      style={style}
    />
  );
};

export const CustomerFilter = ({ filters, setFilters, comboboxProps, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  return (
    <CustomerSelect
      label={t('filters.customer')}
      value={filters.customer}
      comboboxProps={comboboxProps}
      onChange={(customer) => setFilters({ customer })}
      style={style}
    />
  );
};

export const DepartmentsFilter = ({ filters, setFilters, comboboxProps, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  const departments = useDepartments();
  return (
    <MultiSelect
      label={t('filters.departments')}
      placeholder={filters.departments.length === 0 ? t('filters.allDepartments') : undefined}
      searchable
      clearable
      value={filters.departments}
      comboboxProps={comboboxProps}
      data={(departments.data ?? []).map((department) => ({
        value: department.id,
        label: department.displayName,
      }))}
      onChange={(ids) => setFilters({ departments: ids })}
      style={style}
    />
  );
};

const INVOICE_CHOICES = { any: null, yes: true, no: false } as const;
type InvoiceChoice = keyof typeof INVOICE_CHOICES;

export const HasInvoiceFilter = ({ filters, setFilters, comboboxProps, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  const value: InvoiceChoice = filters.hasInvoice === null ? 'any' : filters.hasInvoice ? 'yes' : 'no';
  return (
    <Select
      label={t('filters.hasInvoice')}
      value={value}
      allowDeselect={false}
      comboboxProps={comboboxProps}
      data={(Object.keys(INVOICE_CHOICES) as InvoiceChoice[]).map((choice) => ({
        value: choice,
        label: t(`hasInvoice.${choice}`),
      }))}
      onChange={(choice) => choice && setFilters({ hasInvoice: INVOICE_CHOICES[choice as InvoiceChoice] })}
      style={style}
    />
  );
};

export const EndedRangeFilter = ({ filters, setFilters, comboboxProps, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  return (
    <Select
      label={t('filters.endedRange')}
      value={String(filters.endedRange)}
      allowDeselect={false}
      comboboxProps={comboboxProps}
      data={ENDED_RANGES.map((range) => ({ value: String(range), label: t(`endedRange.${range}`) }))}
      onChange={(range) =>
        range && setFilters({ endedRange: (range === ENDED_RANGE_ALL ? range : Number(range)) as EndedRange })
      }
      style={style}
    />
  );
};

/** `active` is the plain process filter (an active cell in the column); the others are step states. */
const PROCESS_STATES = ['active', ...PROCESS_FILTER_TYPES] as const;
type ProcessState = (typeof PROCESS_STATES)[number];

const processFilterOf = (filters: ProjectFilters): { columnId: string | null; state: ProcessState } =>
  filters.selectedProcessFilter
    ? { columnId: filters.selectedProcessFilter.columnId, state: filters.selectedProcessFilter.filterType }
    : { columnId: filters.processFilter, state: 'active' };

const processChanges = (columnId: string | null, state: ProcessState): Partial<ProjectFilters> => {
  if (columnId === null) return { processFilter: null, selectedProcessFilter: null };
  return state === 'active'
    ? { processFilter: columnId, selectedProcessFilter: null }
    : { processFilter: null, selectedProcessFilter: { columnId, filterType: state } };
};

export type ProcessFilterProps = FilterControlProps & { columns: ProcessColumnDto[] };

/** A process column and the state of its cells: active, done, not done or overdue. */
export const ProcessFilter = ({ filters, setFilters, columns, comboboxProps, style }: ProcessFilterProps) => {
  const { t, i18n } = useTranslation('projects');
  const { columnId, state } = processFilterOf(filters);
  return (
    <>
      <Select
        label={t('filters.processColumn')}
        placeholder={t('filters.anyProcess')}
        clearable
        searchable
        value={columnId}
        comboboxProps={comboboxProps}
        data={[...columns]
          .sort((a, b) => a.position - b.position)
          .map((column) => ({
            value: column.id,
            label: i18n.language === 'nb' ? column.nameNo : column.nameEn,
          }))}
        onChange={(next) => setFilters(processChanges(next, state))}
        style={style}
      />
      <Select
        label={t('filters.processState')}
        value={state}
        allowDeselect={false}
        disabled={columnId === null}
        comboboxProps={comboboxProps}
        data={PROCESS_STATES.map((value) => ({ value, label: t(`processState.${value}`) }))}
        onChange={(next) => next && setFilters(processChanges(columnId, next as ProcessState))}
        style={style}
      />
    </>
  );
};

/** The dashboard's project groups (SPEC §1): completed, in progress, past due, starting soon. */
export const GroupFilter = ({ filters, setFilters, comboboxProps, style }: FilterControlProps) => {
  const { t } = useTranslation('projects');
  return (
    <Select
      label={t('filters.group')}
      placeholder={t('filters.anyGroup')}
      clearable
      value={filters.group}
      data={PROJECT_GROUPS.map((group) => ({ value: group, label: t(`group.${group}`) }))}
      onChange={(group) => setFilters({ group: (group as ProjectGroup | null) ?? null })}
      comboboxProps={comboboxProps}
      style={style}
    />
  );
};
