import { formatDate, type ProjectFilters } from '@karm/domain/rules';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess, useConfirm } from '@/components';
import { useCustomer } from '@/lib/api/customers';
import { useDepartments, useProjectManagers } from '@/lib/api/employees';
import { useProcessColumnsLookup } from '@/lib/api/projects';
import { isFiltered, useProjectFilters } from './use-project-filters';

/*
 * Names behind the ids a filter holds, each looked up only when that filter is in use.
 */
const ProjectManagerName = ({ id }: { id: string }) => {
  const managers = useProjectManagers();
  return <>{managers.find((manager) => manager.id === id)?.displayName ?? '…'}</>;
};

const CustomerName = ({ id }: { id: string }) => <>{useCustomer(id).data?.name ?? '…'}</>;

const DepartmentNames = ({ ids }: { ids: string[] }) => {
  const departments = useDepartments().data ?? [];
  return (
    <>
      {ids.map((id) => departments.find((department) => department.id === id)?.displayName ?? '…').join(', ')}
    </>
  );
};

const ProcessName = ({ columnId }: { columnId: string }) => {
  const { i18n } = useTranslation();
  const column = useProcessColumnsLookup().data?.find((candidate) => candidate.id === columnId);
  if (!column) return <>…</>;
  return <>{i18n.language === 'nb' ? column.nameNo : column.nameEn}</>;
};

/** Each filter in use as a label and its value in words, the everyday ones first. */
const useFilterLines = (filters: ProjectFilters): { label: string; value: ReactNode }[] => {
  const { t } = useTranslation('projects');
  const process =
    filters.selectedProcessFilter ?? (filters.processFilter && { columnId: filters.processFilter });
  const lines: ({ label: string; value: ReactNode } | false | null | '')[] = [
    { label: t('filters.who'), value: t(`who.${filters.who}`) },
    { label: t('filters.status'), value: t(`status.${filters.status}`) },
    {
      label: t('filters.sortBy'),
      value: t('savedFilters.sortedBy', {
        field: t(`sortType.${filters.projectSortType}`),
        direction: t(filters.sortDirection === 'desc' ? 'savedFilters.descending' : 'savedFilters.ascending'),
      }),
    },
    filters.searchQuery && { label: t('filters.search'), value: `«${filters.searchQuery}»` },
    filters.projectManager && {
      label: t('filters.projectManager'),
      value: <ProjectManagerName id={filters.projectManager} />,
    },
    filters.customer && { label: t('filters.customer'), value: <CustomerName id={filters.customer} /> },
    filters.departments.length > 0 && {
      label: t('filters.departments'),
      value: <DepartmentNames ids={filters.departments} />,
    },
    filters.hasInvoice !== null && {
      label: t('filters.hasInvoice'),
      value: t(`hasInvoice.${filters.hasInvoice ? 'yes' : 'no'}`),
    },
    filters.endedRange !== 'alle' && {
      label: t('filters.endedRange'),
      value: t(`endedRange.${filters.endedRange}`),
    },
    filters.startDate && { label: t('filters.startDate'), value: formatDate(filters.startDate) },
    filters.deliveryDate && { label: t('filters.deliveryDate'), value: formatDate(filters.deliveryDate) },
    filters.fromDate && { label: t('savedFilters.fromDate'), value: formatDate(filters.fromDate) },
    filters.toDate && { label: t('savedFilters.toDate'), value: formatDate(filters.toDate) },
    filters.group && { label: t('filters.group'), value: t(`group.${filters.group}`) },
    process && {
      label: t('filters.processColumn'),
      value: (
        <>
          <ProcessName columnId={process.columnId} />
          {` – ${t(`processState.${filters.selectedProcessFilter?.filterType ?? 'active'}`)}`}
        </>
      ),
    },
  ];
  return lines.filter((line) => !!line);
};

/**
 * The project list's saved filters (SPEC §2 profile "project filters") in words, and a reset to the
 * standard ones. They are the ones the list in this browser uses: its own, else the profile's copy.
 */
export const SavedProjectFilters = () => {
  const { t } = useTranslation('projects');
  const confirm = useConfirm();
  const { filters, resetFilters, isReady } = useProjectFilters();
  const lines = useFilterLines(filters);
  if (!isReady) return null;
  const hasOwn = isFiltered(filters);

  const reset = async () => {
    const isSure = await confirm({
      title: t('savedFilters.resetTitle'),
      message: t('savedFilters.resetMessage'),
      confirmLabel: t('filters.reset'),
    });
    if (!isSure) return;
    resetFilters();
    notifySuccess(t('savedFilters.resetDone'));
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t(hasOwn ? 'savedFilters.intro' : 'savedFilters.standard')}</Text>
      <Stack gap={4} component="dl" m={0} aria-label={t('filters.title')}>
        {lines.map((line) => (
          <Group key={line.label} gap="xs" wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed" miw={150}>
              {line.label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {line.value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} />}
          disabled={!hasOwn}
          onClick={() => void reset()}
        >
          {t('savedFilters.reset')}
        </Button>
      </Group>
    </Stack>
  );
};
