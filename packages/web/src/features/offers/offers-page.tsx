import type { OfferListQuery } from '@karm/domain/contract';
import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ExportMenu,
  type LineDraft,
  listPeriodFrom,
  notifyError,
  PageHeader,
  PeriodBadge,
  withoutPeriod,
} from '@/components';
import { useEmployees } from '@/lib/api/employees';
import { useOfferPushes, useOfferStatuses, useOffers } from '@/lib/api/offers';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { savePageSize, usePageSize } from '@/lib/page-size';
import { useCan } from '@/lib/permissions';
import { OfferDialog } from './offer-dialog';
import { type OfferSort, OfferTable } from './offer-table';

const OPEN_PARAM = 'open';
const NEW_OFFER = 'new';
const SEARCH_DEBOUNCE_MS = 300;

export type OffersPageProps = {
  /** Buttons beside "Add line" in the offer dialog (the app adds the price calculator). */
  renderLineActions?: (addLine: (line: Partial<Omit<LineDraft, 'key'>>) => void) => ReactNode;
  /** Opens a project the offer was converted to. */
  onOpenProject?: (projectId: string) => void;
  /** An offer's print sheet (`/print`). */
  printHref?: (offerId: string) => string;
};

/** SPEC §2 /offer: the offers with filters, sorting and server paging; `?open=<id>` opens one. */
export const OffersPage = ({ renderLineActions, onOpenProject, printHref }: OffersPageProps) => {
  const { t } = useTranslation('offers');
  useOfferPushes();
  const mayAdd = useCan('offers.write');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pageSize = usePageSize();
  const [filters, setFilters] = useState<Omit<OfferListQuery, 'search' | 'pageSize'>>({
    page: 1,
    archived: 'false',
    // `?overdue=true`: the dashboard's "offers past their deadline" opens the list filtered so.
    overdue: params.get('overdue') === 'true' ? 'true' : 'false',
    // `?statusId=`: a report's status row opens the list of that status.
    statusId: params.get('statusId') ?? undefined,
    // `?from=&to=`: …and a report over a narrower period than All Years, the offers created in it.
    ...listPeriodFrom(params),
    sort: 'number',
    direction: 'desc',
  });
  const query: OfferListQuery = { ...filters, pageSize, search: debounced || undefined };
  const offers = useOffers(query);
  const statuses = useOfferStatuses();
  const employees = useEmployees();
  const requested = params.get(OPEN_PARAM);
  // `?open=new` is the new-offer form: only for whoever may add offers.
  const openId = requested === NEW_OFFER && !mayAdd ? null : requested;

  const change = (next: Partial<OfferListQuery>) =>
    setFilters((current) => ({ ...current, page: 1, ...next }));
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(OPEN_PARAM, id);
        else next.delete(OPEN_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('page.title')}
        actions={
          <Group gap="xs">
            <ExportMenu list="offers" filters={query} />
            {mayAdd && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => open(NEW_OFFER)}>
                {t('page.new')}
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label={t('page.search')}
          placeholder={t('page.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setFilters((current) => ({ ...current, page: 1 }));
          }}
          w={320}
        />
        <Select
          label={t('page.status')}
          placeholder={t('page.allStatuses')}
          clearable
          data={(statuses.data ?? []).map((status) => ({ value: status.id, label: status.name }))}
          value={filters.statusId ?? null}
          onChange={(statusId) => change({ statusId: statusId ?? undefined })}
        />
        <Select
          label={t('page.owner')}
          placeholder={t('page.allOwners')}
          clearable
          searchable
          data={(employees.data ?? []).map((employee) => ({
            value: employee.id,
            label: employee.displayName,
          }))}
          value={filters.ownerId ?? null}
          onChange={(ownerId) => change({ ownerId: ownerId ?? undefined })}
        />
        <Switch
          label={t('page.overdue')}
          checked={filters.overdue === 'true'}
          onChange={(event) => change({ overdue: event.currentTarget.checked ? 'true' : 'false' })}
        />
        <Switch
          label={t('page.archived')}
          checked={filters.archived === 'true'}
          onChange={(event) => change({ archived: event.currentTarget.checked ? 'true' : 'false' })}
        />
        <PeriodBadge
          period={filters}
          onClear={() => {
            change({ from: undefined, to: undefined });
            setParams(withoutPeriod, { replace: true });
          }}
        />
      </Group>
      <OfferTable
        page={offers.data}
        isLoadingRows={areRowsLoading(offers)}
        sort={{ sort: filters.sort ?? 'number', direction: filters.direction ?? 'desc' } as OfferSort}
        onSortChange={(sort) => change(sort)}
        onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
        onPageSizeChange={(size) => {
          change({});
          void savePageSize(size).catch(notifyError);
        }}
        onOpen={(offer) => open(offer.id)}
      />
      <OfferDialog
        opened={openId !== null}
        offerId={openId === NEW_OFFER ? null : openId}
        onClose={() => open(null)}
        renderLineActions={renderLineActions}
        onOpenProject={onOpenProject}
        printHref={printHref}
      />
    </Stack>
  );
};
