import {
  isVatRate,
  lineVatRate,
  PRODUCT_LIMITS,
  type ProductDto,
  VAT_RATES,
  type VatRate,
} from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import {
  ActionIcon,
  Alert,
  Checkbox,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminItemDialog, AdminListCard, MoneyInput } from '@/components';
import { productKeys, useProductSearch } from '@/lib/api/products';
import { request } from '@/lib/socket';

const PAGE_SIZE = 20;

type Draft = {
  name: string;
  number: string;
  unit: string;
  priceOre: number;
  costPriceOre: number;
  vatPercent: VatRate;
  isService: boolean;
  isActive: boolean;
};
const EMPTY: Draft = {
  name: '',
  number: '',
  unit: 'stk',
  priceOre: 0,
  costPriceOre: 0,
  vatPercent: 25,
  isService: false,
  isActive: true,
};
/** The fields the dialog edits, from a product read (a rate lines do not offer reads as 25 %). */
const draftOf = (product: ProductDto): Draft => ({
  name: product.name,
  number: product.number,
  unit: product.unit,
  priceOre: product.priceOre,
  costPriceOre: product.costPriceOre,
  vatPercent: lineVatRate(product.vatPercent),
  isService: product.isService,
  isActive: product.isActive,
});

/** Adds a product kept in Karm, or changes one at the version read; the lists of products read again. */
const ProductDialog = ({ product, onClose }: { product: ProductDto | null; onClose: () => void }) => {
  const { t } = useTranslation('products');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(product ? draftOf(product) : EMPTY);
  const [nameError, setNameError] = useState<string | undefined>();
  const write = useMutation({
    mutationFn: () =>
      product
        ? request('product:upd', { id: product.id, version: product.version, values: draft })
        : request('product:add', draft),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return (
    <AdminItemDialog
      title={product ? t('admin.edit', { name: product.name }) : t('admin.new')}
      savedMessage={t('admin.saved')}
      saving={write.isPending}
      isValid={() => {
        const isValid = draft.name.trim() !== '';
        setNameError(isValid ? undefined : t('form.productRequired'));
        return isValid;
      }}
      write={() => write.mutateAsync()}
      onClose={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label={t('admin.name')}
          withAsterisk
          maxLength={PRODUCT_LIMITS.name}
          value={draft.name}
          error={nameError}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Group grow gap="sm" align="flex-end">
          <TextInput
            label={t('admin.number')}
            maxLength={PRODUCT_LIMITS.number}
            value={draft.number}
            onChange={(event) => set('number', event.currentTarget.value)}
          />
          <TextInput
            label={t('admin.unit')}
            maxLength={PRODUCT_LIMITS.unit}
            value={draft.unit}
            onChange={(event) => set('unit', event.currentTarget.value)}
          />
          <NativeSelect
            label={t('admin.vatPercent')}
            value={String(draft.vatPercent)}
            data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
            onChange={(event) => {
              const rate = Number(event.currentTarget.value);
              if (isVatRate(rate)) set('vatPercent', rate);
            }}
          />
        </Group>
        {/* Bottom-aligned: on a phone one label wraps and the other does not. */}
        <Group grow gap="sm" align="flex-end">
          <MoneyInput
            label={t('admin.price')}
            value={draft.priceOre}
            onChange={(ore) => set('priceOre', ore)}
          />
          <MoneyInput
            label={t('admin.costPrice')}
            value={draft.costPriceOre}
            onChange={(ore) => set('costPriceOre', ore)}
          />
        </Group>
        <Checkbox
          label={t('admin.isService')}
          checked={draft.isService}
          onChange={(event) => set('isService', event.currentTarget.checked)}
        />
        {product && (
          <Checkbox
            label={t('admin.isActive')}
            checked={draft.isActive}
            onChange={(event) => set('isActive', event.currentTarget.checked)}
          />
        )}
      </Stack>
    </AdminItemDialog>
  );
};

/**
 * The company's products (admin tab "offers", with the offer statuses): searched and paged on the
 * server; added and changed here while Karm keeps them, read-only while Tripletex does.
 */
export const ProductsAdmin = () => {
  const { t } = useTranslation('products');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProductDto | 'new' | null>(null);
  const products = useProductSearch({ search: debounced, page, pageSize: PAGE_SIZE, includeInactive: true });
  const data = products.data;
  const isKeptInKarm = data?.source !== 'accounting';
  return (
    <>
      <AdminListCard
        title={t('admin.title')}
        description={t('admin.search')}
        addLabel={isKeptInKarm ? t('admin.new') : undefined}
        onAdd={() => setEditing('new')}
        note={
          <Stack gap="xs">
            {!isKeptInKarm && <Alert color="blue">{t('admin.fromAccounting')}</Alert>}
            <TextInput
              aria-label={t('admin.search')}
              placeholder={t('form.productPlaceholder')}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
          </Stack>
        }
        header={
          <>
            <Table.Th>{t('admin.number')}</Table.Th>
            <Table.Th>{t('admin.name')}</Table.Th>
            <Table.Th>{t('admin.unit')}</Table.Th>
            <Table.Th ta="right">{t('admin.price')}</Table.Th>
            <Table.Th ta="right">{t('admin.costPrice')}</Table.Th>
            <Table.Th ta="right">{t('admin.vatPercent')}</Table.Th>
            <Table.Th>{t('admin.isActive')}</Table.Th>
            <Table.Th />
          </>
        }
      >
        {(data?.items ?? []).map((product) => (
          <Table.Tr key={product.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{product.number}</Table.Td>
            <Table.Td>{product.name}</Table.Td>
            <Table.Td>{product.unit}</Table.Td>
            <Table.Td ta="right">{formatNok(product.priceOre)}</Table.Td>
            <Table.Td ta="right">{formatNok(product.costPriceOre)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {product.vatPercent} %
            </Table.Td>
            <Table.Td>{product.isActive ? '✓' : ''}</Table.Td>
            <Table.Td>
              {product.source === 'karm' && (
                <ActionIcon
                  variant="subtle"
                  aria-label={t('admin.edit', { name: product.name })}
                  onClick={() => setEditing(product)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListCard>
      {data && data.total > PAGE_SIZE && (
        <Group justify="flex-end" mt="xs">
          <Pagination size="sm" total={Math.ceil(data.total / PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
      {editing !== null && (
        <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
};
