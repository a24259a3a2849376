import { type ProductDto, VAT_RATES, type VatRate } from '@karm/domain/contract';
import { formatNok, lineSalesPrice, linesTotals, type PricedLine } from '@karm/domain/rules';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  type NumberInputProps,
  Popover,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPackage, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductSelect } from '../product-select/product-select';
import { ReadOnlyFieldset } from '../read-only-fieldset/read-only-fieldset';
import { type LineDraft, lineFromProduct, lineWithProduct, newLine } from './line-drafts';
import { MoneyInput } from './money-input';

/**
 * The editable lines of a project order or an offer (SPEC §3): count, unit price, discount, cost
 * price and VAT; the sales price and totals are worked out with the domain rules as the person types.
 * The texts are the order texts of the `projects` namespace, shared by both.
 */

export const LinesTotals = ({ lines, label }: { lines: readonly PricedLine[]; label: string }) => {
  const { t } = useTranslation('projects');
  const totals = linesTotals(lines);
  return (
    <Group justify="flex-end" gap="lg" data-order-totals>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm">
        {t('orders.value')}: <b>{formatNok(totals.value)}</b>
      </Text>
      <Text size="sm">
        {t('orders.cost')}: {formatNok(totals.cost)}
      </Text>
      <Text size="sm">
        {t('orders.margin')}: {formatNok(totals.contributionMargin)}
      </Text>
    </Group>
  );
};

/** What a number field holds while typed: "02", "1,5" or "" are on the way to a number. */
const toNumber = (value: number | string) => {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return 0;
  const number = Number(value.replace(',', '.').replace(/[^\d.-]/g, ''));
  return Number.isFinite(number) ? number : null;
};

type NumberCellProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number;
  onChange: (value: number) => void;
};

/** Keeps the typed text, so clearing the field to type anew does not snap it back to 0. */
const NumberCell = ({ value, onChange, ...rest }: NumberCellProps) => {
  const [text, setText] = useState<number | string>(value);
  return (
    <NumberInput
      decimalScale={2}
      decimalSeparator=","
      allowNegative={false}
      hideControls
      min={0}
      {...rest}
      value={text}
      onChange={(next) => {
        setText(next);
        const number = toNumber(next);
        if (number !== null) onChange(number);
      }}
    />
  );
};

/**
 * A product for a line already there (issue 19): the line takes the product's description, prices and
 * VAT and keeps its count and discount — for a line typed by hand that should name a product.
 */
const LineProductPicker = ({ number, onPick }: { number: number; onPick: (product: ProductDto) => void }) => {
  const { t } = useTranslation('projects');
  const [isOpen, setOpen] = useState(false);
  return (
    <Popover opened={isOpen} onChange={setOpen} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label={t('orders.pickProduct')} disabled={isOpen}>
          <ActionIcon
            variant="subtle"
            aria-label={t('orders.productForLine', { number })}
            aria-expanded={isOpen}
            onClick={() => setOpen((open) => !open)}
          >
            <IconPackage size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown w={320}>
        <ProductSelect
          label={t('orders.productForLine', { number })}
          placeholder={t('orders.productPlaceholder')}
          nothingFound={t('orders.noProducts')}
          value={null}
          clearsOnPick
          isInPopover
          autoFocus
          onChange={(_id, product) => {
            if (!product) return;
            onPick(product);
            setOpen(false);
          }}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t('orders.productForLineHint')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
};

type LineRowProps = {
  line: LineDraft;
  number: number;
  onChange: (line: LineDraft) => void;
  /** Left out when the lines are read only. */
  onRemove?: () => void;
};

const LineRow = ({ line, number, onChange, onRemove }: LineRowProps) => {
  const { t } = useTranslation('projects');
  const label = (field: string) => t('orders.lineField', { field: t(`orders.${field}`), number });
  const set = (changes: Partial<LineDraft>) => onChange({ ...line, ...changes });
  return (
    <Table.Tr data-line-key={line.key}>
      <Table.Td miw={200}>
        <TextInput
          aria-label={label('description')}
          value={line.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td w={90}>
        <NumberCell aria-label={label('count')} value={line.count} onChange={(count) => set({ count })} />
      </Table.Td>
      <Table.Td w={140}>
        <MoneyInput
          aria-label={label('unitPrice')}
          value={line.unitPrice}
          onChange={(unitPrice) => set({ unitPrice })}
        />
      </Table.Td>
      <Table.Td w={90}>
        <NumberCell
          aria-label={label('discountPercent')}
          value={line.discountPercent}
          max={100}
          clampBehavior="strict"
          onChange={(discountPercent) => set({ discountPercent })}
        />
      </Table.Td>
      <Table.Td w={140}>
        <MoneyInput
          aria-label={label('costPrice')}
          value={line.costPrice}
          onChange={(costPrice) => set({ costPrice })}
        />
      </Table.Td>
      <Table.Td w={90}>
        <NativeSelect
          aria-label={label('vatPercent')}
          value={String(line.vatPercent)}
          data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
          onChange={(event) => set({ vatPercent: Number(event.currentTarget.value) as VatRate })}
        />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-sales-price>
        {formatNok(lineSalesPrice(line))}
      </Table.Td>
      {onRemove && (
        <Table.Td w={76}>
          <Group gap={4} wrap="nowrap">
            <LineProductPicker
              number={number}
              onPick={(product) => onChange(lineWithProduct(line, product))}
            />
            <Tooltip label={t('orders.removeLine')}>
              <ActionIcon variant="subtle" color="red" aria-label={label('remove')} onClick={onRemove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
};

export type OrderLinesTableProps = {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** The label of the totals under the table ("Order total"). */
  totalLabel: string;
  /** More buttons beside "Add line" (the offer's price calculator appends a computed line there). */
  actions?: ReactNode;
  /** Extra figures after the totals (the offer shows VAT and the total with VAT). */
  extraTotals?: ReactNode;
  /** Shown, not changed: the fields are disabled and there is nothing to add or remove. */
  readOnly?: boolean;
};

export const OrderLinesTable = ({
  lines,
  onChange,
  totalLabel,
  actions,
  extraTotals,
  readOnly = false,
}: OrderLinesTableProps) => {
  const { t } = useTranslation('projects');
  const setLine = (index: number, line: LineDraft) =>
    onChange(lines.map((current, at) => (at === index ? line : current)));
  return (
    <ReadOnlyFieldset readOnly={readOnly}>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.description')}</Table.Th>
              <Table.Th>{t('orders.count')}</Table.Th>
              <Table.Th>{t('orders.unitPrice')}</Table.Th>
              <Table.Th>{t('orders.discountPercent')}</Table.Th>
              <Table.Th>{t('orders.costPrice')}</Table.Th>
              <Table.Th>{t('orders.vatPercent')}</Table.Th>
              <Table.Th ta="right">{t('orders.salesPrice')}</Table.Th>
              {!readOnly && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <LineRow
                key={line.key}
                line={line}
                number={index + 1}
                onChange={(next) => setLine(index, next)}
                onRemove={readOnly ? undefined : () => onChange(lines.filter((_, at) => at !== index))}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify={readOnly ? 'flex-end' : 'space-between'} mt="xs" align="flex-start">
        {!readOnly && (
          <Group gap="xs" align="flex-end">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...lines, newLine()])}
            >
              {t('orders.addLine')}
            </Button>
            {actions}
            <ProductSelect
              label={t('orders.addFromProduct')}
              placeholder={t('orders.productPlaceholder')}
              nothingFound={t('orders.noProducts')}
              value={null}
              clearsOnPick
              w={{ base: '100%', xs: 300 }}
              onChange={(_id, product) => {
                if (product) onChange([...lines, lineFromProduct(product)]);
              }}
            />
          </Group>
        )}
        <div>
          <LinesTotals lines={lines} label={totalLabel} />
          {extraTotals}
        </div>
      </Group>
    </ReadOnlyFieldset>
  );
};
