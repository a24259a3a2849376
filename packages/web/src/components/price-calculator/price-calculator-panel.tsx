import type { PriceMatrix } from '@karm/domain/rules';
import {
  doorTypeName,
  formatNok,
  type PriceLookup,
  priceFromMatrix,
  priceLineDescription,
} from '@karm/domain/rules';
import { Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What the person has entered; a size is null until typed. */
export type PriceCalculatorInput = {
  doorTypeId: string | null;
  widthMm: number | null;
  heightMm: number | null;
  count: number;
};

export const EMPTY_CALCULATOR_INPUT: PriceCalculatorInput = {
  doorTypeId: null,
  widthMm: null,
  heightMm: null,
  count: 1,
};

export type PriceQuote = { lookup: PriceLookup | null; description: string | null; total: number | null };

/**
 * The price the matrix gives for the input, worked out in the browser with the same domain rule the
 * server uses, so it shows as the person types; the server confirms it when a line is added.
 */
export const quoteOf = (matrix: PriceMatrix, input: PriceCalculatorInput, locale: string): PriceQuote => {
  const { doorTypeId, widthMm, heightMm, count } = input;
  if (!doorTypeId || !widthMm || !heightMm) return { lookup: null, description: null, total: null };
  const lookup = priceFromMatrix(matrix, { doorTypeId, widthMm, heightMm });
  if (!lookup.isFound) return { lookup, description: null, total: null };
  return {
    lookup,
    description: priceLineDescription(doorTypeName(lookup.doorType, locale), widthMm, heightMm),
    total: lookup.price * count,
  };
};

const sizeOf = (value: number | string) =>
  typeof value === 'number' && value > 0 ? Math.round(value) : null;

type PriceCalculatorPanelProps = {
  matrix: PriceMatrix;
  value: PriceCalculatorInput;
  onChange: (value: PriceCalculatorInput) => void;
};

/** Door type, width, height and count, with the unit price and total shown live. */
export const PriceCalculatorPanel = ({ matrix, value, onChange }: PriceCalculatorPanelProps) => {
  const { t, i18n } = useTranslation(['calculator', 'validation']);
  const quote = quoteOf(matrix, value, i18n.language);
  const miss = quote.lookup && !quote.lookup.isFound ? quote.lookup.reason : null;
  const set = (change: Partial<PriceCalculatorInput>) => onChange({ ...value, ...change });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('doorType')}
          placeholder={t('pickDoorType')}
          data={matrix.doorTypes
            .filter((type) => type.isActive || type.id === value.doorTypeId)
            .map((type) => ({ value: type.id, label: doorTypeName(type, i18n.language) }))}
          value={value.doorTypeId}
          onChange={(doorTypeId) => set({ doorTypeId })}
          error={
            miss === 'sizeNotOffered' || miss === 'doorTypeUnknown' ? t(`validation:${miss}`) : undefined
          }
          allowDeselect={false}
          searchable
        />
        <NumberInput
          label={t('count')}
          min={1}
          max={10_000}
          allowDecimal={false}
          value={value.count}
          onChange={(count) => set({ count: sizeOf(count) ?? 1 })}
        />
        <NumberInput
          label={t('widthMm')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          value={value.widthMm ?? ''}
          onChange={(width) => set({ widthMm: sizeOf(width) })}
          error={miss === 'widthOutOfRange' ? t(`validation:${miss}`) : undefined}
        />
        <NumberInput
          label={t('heightMm')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          value={value.heightMm ?? ''}
          onChange={(height) => set({ heightMm: sizeOf(height) })}
          error={miss === 'heightOutOfRange' ? t(`validation:${miss}`) : undefined}
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" aria-live="polite" data-testid="price-result">
        {quote.lookup?.isFound ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {quote.description}
            </Text>
            <Group justify="space-between">
              <Text>{t('unitPrice')}</Text>
              <Text fw={500}>{formatNok(quote.lookup.price)}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={600}>{t('total')}</Text>
              <Text fw={700} data-testid="price-total">
                {formatNok(quote.total ?? 0)}
              </Text>
            </Group>
          </Stack>
        ) : (
          <Text c="dimmed" size="sm">
            {miss ? t(`validation:${miss}`) : t('enterSize')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
};
