import type { CustomerDto } from '@karm/domain/contract';
import { Alert, Box, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomers } from '@/lib/api/customers';
import { AppDialog } from '../app-dialog/app-dialog';
import { errorMessageOf } from '../notify/notify';
import { CustomerSourceBadge } from './customer-badges';

export type FindCustomerDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Called with the chosen customer; the dialog then closes. */
  onSelect: (customer: CustomerDto) => void;
};

const SEARCH_DEBOUNCE_MS = 300;
const RESULT_LIMIT = 20;

/**
 * SPEC §2 "find customer": one search over name, organisation number and customer number, across
 * accounting-system and local customers (the same `customer:get` query as the customer list).
 */
export const FindCustomerDialog = ({ opened, onClose, onSelect }: FindCustomerDialogProps) => {
  const { t } = useTranslation('customers');
  const listId = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const optionRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const results = useCustomers(
    { search: debounced, page: 1, pageSize: RESULT_LIMIT },
    { enabled: opened && debounced !== '' },
  );
  const items = debounced && results.data ? results.data.items : [];
  const activeIndex = Math.min(active, items.length - 1);

  const close = () => {
    setSearch('');
    setActive(0);
    onClose();
  };

  const choose = (customer: CustomerDto) => {
    onSelect(customer);
    close();
  };

  /** Arrow keys move through the results from the search field and from a result alike. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (items.length === 0) return;
    const fromInput = event.target instanceof HTMLInputElement;
    const move = (next: number) => {
      event.preventDefault();
      setActive(next);
      if (!fromInput) optionRefs.current[next]?.focus();
    };
    if (event.key === 'ArrowDown') move(Math.min(activeIndex + 1, items.length - 1));
    else if (event.key === 'ArrowUp') move(Math.max(activeIndex - 1, 0));
    else if (event.key === 'Home' && !fromInput) move(0);
    else if (event.key === 'End' && !fromInput) move(items.length - 1);
    else if (event.key === 'Enter' && fromInput) {
      const customer = items[activeIndex];
      if (customer) {
        event.preventDefault();
        choose(customer);
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <AppDialog opened={opened} onClose={close} title={t('find.title')} size="lg" onCancel={close}>
      <Stack gap="sm" onKeyDown={onKeyDown}>
        <TextInput
          data-autofocus
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? optionId(activeIndex) : undefined}
          label={t('find.search')}
          placeholder={t('find.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={results.isFetching ? <Loader size="xs" /> : null}
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setActive(0);
          }}
        />
        {debounced === '' ? (
          <Text c="dimmed" size="sm">
            {t('find.hint')}
          </Text>
        ) : results.isError ? (
          <Alert color="red" variant="light">
            {errorMessageOf(results.error)}
          </Alert>
        ) : results.isSuccess && items.length === 0 && !results.isPlaceholderData ? (
          <Text c="dimmed" size="sm" data-testid="find-customer-empty">
            {t('find.noResults', { search: debounced })}
          </Text>
        ) : null}
        <Box id={listId} role="listbox" aria-label={t('find.results')} hidden={items.length === 0}>
          <Stack gap={4}>
            {items.map((customer, index) => (
              <UnstyledButton
                key={customer.id}
                id={optionId(index)}
                ref={(element: HTMLButtonElement | null) => {
                  optionRefs.current[index] = element;
                }}
                role="option"
                aria-selected={index === activeIndex}
                tabIndex={index === activeIndex ? 0 : -1}
                onClick={() => choose(customer)}
                onMouseEnter={() => setActive(index)}
                onFocus={() => setActive(index)}
                px="sm"
                py={6}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  border: '1px solid var(--mantine-color-default-border)',
                  background: index === activeIndex ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Box style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {customer.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {[
                        customer.organizationNumber &&
                          t('find.orgShort', { number: customer.organizationNumber }),
                        customer.customerNumber !== null &&
                          t('find.numberShort', { number: customer.customerNumber }),
                        customer.city,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Box>
                  <CustomerSourceBadge source={customer.source} />
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Box>
        {items.length > 0 && (
          <Text c="dimmed" size="xs">
            {results.data && results.data.total > items.length
              ? t('find.more', { shown: items.length, total: results.data.total })
              : t('find.keyboardHint')}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
};
