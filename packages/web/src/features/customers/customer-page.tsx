import { CUSTOMER_SOURCES, type CustomerDto, type CustomerSource } from '@karm/domain/contract';
import {
  Button,
  Grid,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers, IconZoomQuestion } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddCustomerDialog,
  EmptyState,
  ExportMenu,
  FindCustomerDialog,
  LoadFailedAlert,
  PageHeader,
} from '@/components';
import { primeCustomer, useCustomerPushes, useCustomers } from '@/lib/api/customers';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import { CustomerDetails } from './customer-details';
import type { CustomerRecordLinks } from './customer-related';
import { CUSTOMER_PAGE_SIZE, CustomerTable } from './customer-table';

const SEARCH_DEBOUNCE_MS = 300;
type SourceFilter = CustomerSource | 'all';

export type CustomerPageProps = { links: CustomerRecordLinks };

/**
 * SPEC §2 /customer: customer info — the list (archived customers on request), one customer's
 * details, contacts and records, add, edit, archive and find.
 */
export const CustomerPage = ({ links }: CustomerPageProps) => {
  const { t } = useTranslation(['customers', 'nav']);
  const queryClient = useQueryClient();
  useCustomerPushes();
  const mayChange = useCan('customers.write');

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [source, setSource] = useState<SourceFilter>('all');
  const [showArchived, setShowArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  const [isFinding, setFinding] = useState(false);

  const listFilters = {
    search: debouncedSearch,
    source: source === 'all' ? undefined : source,
    includeInactive: showArchived,
  };
  const customers = useCustomers({ ...listFilters, page, pageSize: CUSTOMER_PAGE_SIZE });

  const detailsRef = useRef<HTMLDivElement>(null);

  const select = (customer: CustomerDto) => {
    primeCustomer(queryClient, customer);
    setSelectedId(customer.id);
    // On narrow screens the details sit below the list; bring them into view.
    requestAnimationFrame(() => detailsRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  };

  const isFiltered = debouncedSearch !== '' || source !== 'all' || showArchived;
  const hasNoCustomers = customers.isSuccess && customers.data.total === 0 && !isFiltered;

  const actions = (
    <>
      <ExportMenu list="customers" filters={listFilters} />
      <Button variant="default" leftSection={<IconZoomQuestion size={16} />} onClick={() => setFinding(true)}>
        {t('page.findCustomer')}
      </Button>
      {mayChange && (
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          {t('page.newCustomer')}
        </Button>
      )}
    </>
  );

  return (
    <Stack>
      <PageHeader title={t('nav:customerInfo')} subtitle={t('page.subtitle')} actions={actions} />
      <Group align="flex-end" gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          aria-label={t('page.search')}
          placeholder={t('page.searchPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 280px', maxWidth: 420 }}
        />
        {/* On a phone the four sources can be wider than the screen: let them scroll sideways. */}
        <ScrollArea type="scroll" scrollbars="x" offsetScrollbars="x" style={{ maxWidth: '100%' }}>
          <SegmentedControl<SourceFilter>
            aria-label={t('page.sourceFilter')}
            value={source}
            onChange={(next) => {
              setSource(next);
              setPage(1);
            }}
            data={(['all', ...CUSTOMER_SOURCES] as const).map((value) => ({
              value,
              label: t(`source.${value}`),
            }))}
          />
        </ScrollArea>
        <Switch
          label={t('page.showArchived')}
          checked={showArchived}
          onChange={(event) => {
            setShowArchived(event.currentTarget.checked);
            setPage(1);
          }}
          style={{ alignSelf: 'center' }}
        />
      </Group>
      {customers.isError ? (
        <LoadFailedAlert
          title={t('page.loadFailed')}
          error={customers.error}
          retryLabel={t('page.retry')}
          onRetry={() => void customers.refetch()}
        />
      ) : hasNoCustomers ? (
        <EmptyState
          icon={<IconUsers size={30} />}
          title={t('page.emptyTitle')}
          description={t('page.emptyText')}
        >
          {mayChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('page.newCustomer')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xl: selectedId ? 7 : 12 }}>
            <Stack gap="xs">
              <CustomerTable
                customers={customers.data?.items ?? []}
                total={customers.data?.total ?? 0}
                page={page}
                onPageChange={setPage}
                isLoadingRows={areRowsLoading(customers)}
                selectedId={selectedId}
                onSelect={select}
              />
              {!selectedId && (
                <Text c="dimmed" size="sm">
                  {t('page.selectHint')}
                </Text>
              )}
            </Stack>
          </Grid.Col>
          {selectedId && (
            <Grid.Col span={{ base: 12, xl: 5 }} ref={detailsRef}>
              <CustomerDetails customerId={selectedId} onClose={() => setSelectedId(null)} links={links} />
            </Grid.Col>
          )}
        </Grid>
      )}
      {mayChange && (
        <AddCustomerDialog opened={isAdding} onClose={() => setAdding(false)} onCreated={select} />
      )}
      <FindCustomerDialog opened={isFinding} onClose={() => setFinding(false)} onSelect={select} />
    </Stack>
  );
};
