import { TASK_ENTITY_TYPES, type TaskEntityType } from '@karm/domain/contract';
import { Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceItemSelect } from '@/components';
import { useGlobalSearch } from '@/lib/api/search';

type Entity = { entityType: TaskEntityType | null; entityId: string | null };

/**
 * What a task is about (SPEC §3 Task entityId): nothing, a project or an offer, found by number or
 * name through the header's search, which looks only where the person may read; or a service item,
 * found by service work's own search.
 */
export const EntityPicker = ({
  value,
  label: initialLabel,
  onChange,
  error,
}: {
  value: Entity;
  /** How the current entity reads until another is picked. */
  label: string | null;
  onChange: (value: Entity) => void;
  error?: string;
}) => {
  const { t } = useTranslation('tasks');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 250);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(
    value.entityId && initialLabel ? { value: value.entityId, label: initialLabel } : null,
  );
  const search = useGlobalSearch(value.entityType && value.entityType !== 'serviceItem' ? debounced : '');
  const kind = value.entityType === 'offer' ? 'offer' : 'project';
  const hits = (search.data?.groups ?? [])
    .filter((group) => group.kind === kind)
    .flatMap((group) => group.hits.map((hit) => ({ value: hit.id, label: `${hit.number} ${hit.title}` })));
  const data = picked && !hits.some((hit) => hit.value === picked.value) ? [picked, ...hits] : hits;

  return (
    <Group grow align="flex-start" gap="sm" wrap="wrap">
      <Select
        label={t('fields.entityType')}
        data={[
          { value: 'none', label: t('entityTypes.none') },
          ...TASK_ENTITY_TYPES.map((type) => ({ value: type, label: t(`entityTypes.${type}`) })),
        ]}
        value={value.entityType ?? 'none'}
        allowDeselect={false}
        onChange={(next) => {
          setPicked(null);
          setTerm('');
          onChange({ entityType: next === 'none' ? null : (next as TaskEntityType), entityId: null });
        }}
      />
      {value.entityType === 'serviceItem' && (
        <ServiceItemSelect
          label={t('entityTypes.serviceItem')}
          placeholder={t('fields.entitySearch')}
          nothingFound={t('fields.entityNone')}
          value={value.entityId}
          error={error}
          onChange={(id) => onChange({ entityType: 'serviceItem', entityId: id })}
        />
      )}
      {value.entityType && value.entityType !== 'serviceItem' && (
        <Select
          label={t(`entityTypes.${value.entityType}`)}
          placeholder={t('fields.entitySearch')}
          searchable
          clearable
          data={data}
          value={value.entityId}
          searchValue={term}
          onSearchChange={setTerm}
          filter={({ options }) => options}
          nothingFoundMessage={debounced ? t('fields.entityNone') : t('fields.entitySearch')}
          error={error}
          onChange={(id, option) => {
            setPicked(id && option ? { value: id, label: option.label } : null);
            onChange({ entityType: value.entityType, entityId: id });
          }}
        />
      )}
    </Group>
  );
};
