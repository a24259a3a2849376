import { PROJECT_STATUS_FILTERS, type ProjectFilters } from '@karm/domain/rules';
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type GridFilterBarProps = {
  who: ProjectFilters['who'];
  status: ProjectFilters['status'];
  search: string;
  onWhoChange: (who: ProjectFilters['who']) => void;
  onStatusChange: (status: ProjectFilters['status']) => void;
  onSearchChange: (search: string) => void;
};

const isStatus = (value: string | null): value is ProjectFilters['status'] =>
  (PROJECT_STATUS_FILTERS as readonly (string | null)[]).includes(value);

/** Mine or all projects (SPEC §6), the status filter (SPEC §4) and a search over the server's list. */
export const GridFilterBar = ({
  who,
  status,
  search,
  onWhoChange,
  onStatusChange,
  onSearchChange,
}: GridFilterBarProps) => {
  const { t } = useTranslation('processes');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl<ProjectFilters['who']>
        aria-label={t('filters.who')}
        value={who}
        onChange={onWhoChange}
        data={[
          { value: 'mine', label: t('filters.mine') },
          { value: 'alle', label: t('filters.all') },
        ]}
      />
      <Select
        label={t('filters.status')}
        value={status}
        allowDeselect={false}
        onChange={(value) => {
          if (isStatus(value)) onStatusChange(value);
        }}
        data={PROJECT_STATUS_FILTERS.map((value) => ({ value, label: t(`filters.statuses.${value}`) }))}
        w={200}
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        aria-label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        style={{ flex: '1 1 240px', maxWidth: 380 }}
      />
    </Group>
  );
};
