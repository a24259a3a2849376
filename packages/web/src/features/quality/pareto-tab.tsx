import '@mantine/charts/styles.css';
import { PARETO_DIMENSIONS, type ParetoBarDto, type ParetoDimension } from '@karm/domain/contract';
import { formatNok, osloDateOf } from '@karm/domain/rules';
import { CompositeChart } from '@mantine/charts';
import { Alert, Anchor, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, errorMessageOf } from '@/components';
import { DeviationsList, FixedFilterLine } from './deviations-tab';
import { usePareto } from './quality-api';

const yearAgo = (today: string) => `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

/**
 * Deviations traced to product, supplier and category (issue 16, "beyond the anchors"): a Pareto
 * chart of a period's deviations by count or cost, biggest first with the running share, and the
 * list behind a bar when it (or its row in the table under it) is clicked.
 */
export const ParetoTab = ({ projectHref }: { projectHref?: (id: string) => string }) => {
  const { t } = useTranslation('quality');
  const today = osloDateOf(new Date());
  const [by, setBy] = useState<ParetoDimension>('product');
  const [measure, setMeasure] = useState<'count' | 'cost'>('count');
  const [from, setFrom] = useState<string | null>(yearAgo(today));
  const [to, setTo] = useState<string | null>(today);
  const [picked, setPicked] = useState<string | null>(null);
  const pareto = usePareto({ by, measure, from: from ?? undefined, to: to ?? undefined });
  const labelOf = (key: string) =>
    by === 'category' ? t(`categories.${key}`) : key === '' ? t('pareto.unnamed') : key;
  const bars = pareto.data?.bars ?? [];
  const data = bars.map((bar) => ({
    name: labelOf(bar.key),
    key: bar.key,
    value: measure === 'count' ? bar.count : bar.costOre / 100,
    cumulative: bar.cumulativePercent,
  }));
  const pick = (bar: ParetoBarDto | undefined) => bar && setPicked(bar.key);
  const valueLabel = measure === 'count' ? t('pareto.count') : t('pareto.cost');

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('pareto.by')}
          value={by}
          onChange={(value) => {
            setBy(value as ParetoDimension);
            setPicked(null);
          }}
          data={PARETO_DIMENSIONS.map((value) => ({ value, label: t(`pareto.dimensions.${value}`) }))}
        />
        <SegmentedControl
          aria-label={t('pareto.measure')}
          value={measure}
          onChange={(value) => setMeasure(value as 'count' | 'cost')}
          data={[
            { value: 'count', label: t('pareto.count') },
            { value: 'cost', label: t('pareto.cost') },
          ]}
        />
        <DateInput label={t('filters.from')} value={from} onChange={setFrom} w={150} />
        <DateInput label={t('filters.to')} value={to} onChange={setTo} w={150} />
      </Group>
      {pareto.isError ? (
        <Alert color="red">{errorMessageOf(pareto.error)}</Alert>
      ) : bars.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {t('pareto.empty')}
        </Text>
      ) : (
        <Paper withBorder p="sm" radius="sm">
          <Text size="sm" c="dimmed" mb="xs">
            {t('pareto.totals', {
              count: pareto.data?.totalCount ?? 0,
              cost: formatNok(pareto.data?.totalCostOre ?? 0),
            })}
          </Text>
          <CompositeChart
            h={300}
            data={data}
            dataKey="name"
            withRightYAxis
            rightYAxisProps={{ domain: [0, 100] }}
            rightYAxisLabel={t('pareto.cumulative')}
            yAxisLabel={valueLabel}
            withLegend
            maxBarWidth={48}
            series={[
              { name: 'value', label: valueLabel, color: 'blue.6', type: 'bar' },
              {
                name: 'cumulative',
                label: t('pareto.cumulative'),
                color: 'orange.6',
                type: 'line',
                yAxisId: 'right',
              },
            ]}
            barProps={{
              cursor: 'pointer',
              onClick: (_entry: unknown, index: number) => pick(bars[index]),
            }}
            yAxisProps={{ allowDecimals: measure === 'cost' }}
            // Long product names would run into each other under narrow bars.
            xAxisProps={{
              interval: 0,
              tickFormatter: (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name),
            }}
          />
          <Table mt="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`pareto.dimensions.${by}`)}</Table.Th>
                <Table.Th ta="right">{t('pareto.count')}</Table.Th>
                <Table.Th ta="right">{t('pareto.cost')}</Table.Th>
                <Table.Th ta="right">{t('pareto.cumulative')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bars.map((bar) => (
                <Table.Tr key={bar.key} data-pareto-key={bar.key}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => pick(bar)}>
                      {labelOf(bar.key)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{bar.count}</Table.Td>
                  <Table.Td ta="right">{formatNok(bar.costOre)}</Table.Td>
                  <Table.Td ta="right">{bar.cumulativePercent.toLocaleString('nb-NO')} %</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {picked !== null && (
        <Stack gap="xs">
          <FixedFilterLine
            label={t('pareto.behind', { name: labelOf(picked) })}
            onClear={() => setPicked(null)}
          />
          <DeviationsList
            key={`${by}:${picked}`}
            projectHref={projectHref}
            isCompact
            fixed={{ [by]: picked, from: from ?? undefined, to: to ?? undefined }}
          />
        </Stack>
      )}
    </Stack>
  );
};
