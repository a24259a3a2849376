import type { CapacityCellDto, CapacityWeekDto } from '@karm/domain/contract';
import { BarChart } from '@mantine/charts';
import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { freeHoursOf, useHours, useWorkGroupName, weekRange } from './capacity-format';

export type OpenWeek = (week: CapacityWeekDto, workGroup: string) => void;

/**
 * One work group over the weeks: a chart of available hours beside the load — booked, unplanned
 * demand and, as a band of its own on top, the pipeline's weighted hours — and the same figures in a
 * table. A week (a bar or a row) opens the capacity info dialog.
 */
export const WorkGroupCapacity = ({
  workGroup,
  weeks,
  cells,
  onOpenWeek,
}: {
  workGroup: string;
  weeks: CapacityWeekDto[];
  cells: CapacityCellDto[];
  onOpenWeek: OpenWeek;
}) => {
  const { t } = useTranslation('capacity');
  const hours = useHours();
  const groupName = useWorkGroupName()(workGroup);
  const rows = weeks.flatMap((week) => {
    const cell = cells.find((candidate) => candidate.year === week.year && candidate.week === week.week);
    return cell ? [{ week, cell }] : [];
  });
  const data = rows.map(({ week, cell }) => ({
    week: t('weekShort', { week: week.week }),
    available: cell.availableHours,
    booked: cell.bookedHours,
    unplanned: cell.unplannedDemandHours,
    pipeline: cell.pipelineHours,
  }));
  const employeeCount = rows[0]?.cell.employeeCount ?? 0;

  return (
    <Card withBorder padding="md" data-work-group={workGroup}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {groupName}
          </Title>
          <Text size="sm" c="dimmed">
            {t('employees', { count: employeeCount })}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
          <BarChart
            h={260}
            data={data}
            dataKey="week"
            valueFormatter={hours}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'available', label: t('series.available'), color: 'gray.5', stackId: 'available' },
              { name: 'booked', label: t('series.booked'), color: 'blue.6', stackId: 'load' },
              { name: 'unplanned', label: t('series.unplanned'), color: 'orange.6', stackId: 'load' },
              { name: 'pipeline', label: t('series.pipeline'), color: 'violet.3', stackId: 'load' },
            ]}
            barChartProps={{
              onClick: (state) => {
                const row = rows[Number(state?.activeIndex)];
                if (row) onOpenWeek(row.week, workGroup);
              },
              style: { cursor: 'pointer' },
              accessibilityLayer: true,
            }}
            aria-label={t('chartLabel', { group: groupName })}
          />
          <Table.ScrollContainer minWidth={460}>
            <Table striped withTableBorder verticalSpacing={4} fz="sm" data-capacity-table={workGroup}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.week')}</Table.Th>
                  <Table.Th ta="right">{t('columns.available')}</Table.Th>
                  <Table.Th ta="right">{t('columns.booked')}</Table.Th>
                  <Table.Th ta="right">{t('columns.unplanned')}</Table.Th>
                  <Table.Th ta="right">{t('columns.free')}</Table.Th>
                  <Table.Th ta="right">{t('columns.pipeline')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ week, cell }) => {
                  const free = freeHoursOf(cell);
                  return (
                    <Table.Tr key={`${week.year}-${week.week}`} data-week={week.week}>
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          fw={600}
                          onClick={() => onOpenWeek(week, workGroup)}
                          aria-label={t('openWeek', { week: week.week, group: groupName })}
                        >
                          {t('week', { week: week.week })}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {weekRange(week)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" data-available>
                        {hours(cell.availableHours)}
                      </Table.Td>
                      <Table.Td ta="right" data-booked>
                        {hours(cell.bookedHours)}
                      </Table.Td>
                      <Table.Td ta="right" data-unplanned>
                        {hours(cell.unplannedDemandHours)}
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        data-free
                        // red-9 keeps 4.5:1 on the striped rows too.
                        c={
                          free < 0
                            ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))'
                            : undefined
                        }
                        fw={free < 0 ? 700 : undefined}
                      >
                        {hours(free)}
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        data-pipeline
                        // 4.5:1 on the light and the dark (striped) rows alike.
                        c="light-dark(var(--mantine-color-violet-8), var(--mantine-color-violet-3))"
                      >
                        {hours(cell.pipelineHours)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </SimpleGrid>
      </Stack>
    </Card>
  );
};
