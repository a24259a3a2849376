import type { CustomerDto } from '@karm/domain/contract';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomer, useCustomers } from '@/lib/api/customers';

const SEARCH_DEBOUNCE_MS = 300;
const RESULT_LIMIT = 20;

export type CustomerSelectProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  value: string | null;
  onChange: (customerId: string | null, customer: CustomerDto | null) => void;
};

/**
 * A customer picked by typing: the server searches name, organisation number and customer number
 * (the same `customer:get` as the customer list), so thousands of customers never reach the browser.
 */
export const CustomerSelect = ({ value, onChange, ...rest }: CustomerSelectProps) => {
  const { t } = useTranslation('projects');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const selected = useCustomer(value);
  // While the field shows the chosen customer's name there is nothing to look for.
  const query = debounced !== '' && debounced !== selected.data?.name ? debounced : '';
  const results = useCustomers({ search: query, page: 1, pageSize: RESULT_LIMIT }, { enabled: query !== '' });
  const customers = [
    ...(selected.data ? [selected.data] : []),
    ...(query ? (results.data?.items ?? []) : []).filter((customer) => customer.id !== value),
  ];

  return (
    <Select
      searchable
      clearable
      placeholder={t('customerSelect.placeholder')}
      nothingFoundMessage={query ? t('customerSelect.nothingFound') : t('customerSelect.typeToSearch')}
      rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
      {...rest}
      data={customers.map((customer) => ({ value: customer.id, label: customer.name }))}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched the text; filtering its answer again would hide org. number hits.
      filter={({ options }) => options}
      onChange={(id) => onChange(id, customers.find((customer) => customer.id === id) ?? null)}
    />
  );
};
