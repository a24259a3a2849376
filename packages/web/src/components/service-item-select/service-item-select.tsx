import { type ServiceItemChoiceDto, serviceItemLabel } from '@karm/domain/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useServiceItemSearch } from '@/lib/api/service-items';

export type ServiceItemSelectProps = {
  value: string | null;
  onChange: (id: string | null, item: ServiceItemChoiceDto | null) => void;
  label: string;
  placeholder: string;
  nothingFound: string;
  error?: string;
  withAsterisk?: boolean;
};

/**
 * A service item found on the server as the person types (project number or name, item name or
 * floor): one page of answers at a time, so a company with thousands of doors stays quick.
 */
export const ServiceItemSelect = ({
  value,
  onChange,
  label,
  placeholder,
  nothingFound,
  error,
  withAsterisk,
}: ServiceItemSelectProps) => {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const [picked, setPicked] = useState<ServiceItemChoiceDto | null>(null);
  const search = useServiceItemSearch(debounced);
  const found = search.data?.items ?? [];
  const choices = picked && !found.some((item) => item.id === picked.id) ? [picked, ...found] : found;
  const data = choices.map((item) => ({
    value: item.id,
    label: `${serviceItemLabel(item)} · ${item.projectName}${item.floor ? ` · ${item.floor}` : ''}`,
  }));
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={data}
      value={value}
      searchValue={term}
      onSearchChange={setTerm}
      // The server already filtered: every answer is shown as it came.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      error={error}
      withAsterisk={withAsterisk}
      onChange={(id) => {
        const item = choices.find((choice) => choice.id === id) ?? null;
        setPicked(item);
        onChange(id, item);
      }}
    />
  );
};
