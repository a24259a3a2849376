import type { ProductDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PRODUCT_PICKER_PAGE, useProductSearch } from '@/lib/api/products';

export type ProductSelectProps = {
  value: string | null;
  onChange: (id: string | null, product: ProductDto | null) => void;
  label: string;
  placeholder: string;
  nothingFound: string;
  error?: string;
  withAsterisk?: boolean;
  /** Only service products (hours), only goods, or both. */
  isService?: boolean;
  /** The product already chosen (an expense being edited), shown before any search. */
  initial?: ProductDto | null;
};

/** "SEN-10 Radarsensor · 1 890,00 per stk": what a person recognises a product by. */
export const productLabel = (product: Pick<ProductDto, 'number' | 'name' | 'unit' | 'priceOre'>) =>
  `${[product.number, product.name].filter(Boolean).join(' ')} · ${formatNok(product.priceOre)}${
    product.unit ? ` / ${product.unit}` : ''
  }`;

/**
 * A product found on the server as the person types (number or name): for offer lines and for the
 * parts and hours a technician records. A company with thousands of products stays quick.
 */
export const ProductSelect = ({
  value,
  onChange,
  label,
  placeholder,
  nothingFound,
  error,
  withAsterisk,
  isService,
  initial = null,
}: ProductSelectProps) => {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const [picked, setPicked] = useState<ProductDto | null>(initial);
  // While the chosen product's label is in the box, the whole list is the answer, not that label.
  const isLabel = picked !== null && term === productLabel(picked);
  const search = useProductSearch({
    search: isLabel ? '' : debounced,
    pageSize: PRODUCT_PICKER_PAGE,
    ...(isService === undefined ? {} : { isService }),
  });
  const found = search.data?.items ?? [];
  const choices = picked && !found.some((product) => product.id === picked.id) ? [picked, ...found] : found;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={choices.map((product) => ({ value: product.id, label: productLabel(product) }))}
      value={value}
      searchValue={term}
      onSearchChange={setTerm}
      // The server already filtered: every answer is shown as it came.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      error={error}
      withAsterisk={withAsterisk}
      onChange={(id) => {
        const product = choices.find((choice) => choice.id === id) ?? null;
        setPicked(product);
        onChange(id, product);
      }}
    />
  );
};
