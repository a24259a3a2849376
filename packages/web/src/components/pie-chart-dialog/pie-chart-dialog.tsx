import { PieChart } from '@mantine/charts';
import { Center, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../app-dialog/app-dialog';

export type PieSlice = { name: string; value: number; color: string };
export type PieContent = { title: string; slices: PieSlice[] };

/**
 * SPEC §2 "pie chart dialog": any chart (dashboard, reports) opened as a pie, with the figures beside it in a
 * table (a pie alone hides small slices and the exact counts).
 */
export const PieChartDialog = ({ content, onClose }: { content: PieContent | null; onClose: () => void }) => {
  const { t } = useTranslation('components');
  const slices = content?.slices.filter((slice) => slice.value > 0) ?? [];
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <AppDialog opened={content !== null} onClose={onClose} title={content?.title ?? ''} size="md">
      <Stack align="center" gap="md" data-pie-dialog>
        {total === 0 ? (
          <Text c="dimmed">{t('pieChart.empty')}</Text>
        ) : (
          <Center>
            <PieChart
              data={slices}
              size={220}
              withLabelsLine
              labelsPosition="outside"
              labelsType="percent"
              withLabels
              withTooltip
              tooltipDataSource="segment"
              aria-label={content?.title}
            />
          </Center>
        )}
        <Table withTableBorder fz="sm" w="100%">
          <Table.Tbody>
            {content?.slices.map((slice) => (
              <Table.Tr key={slice.name}>
                <Table.Td>
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      marginRight: 8,
                      background: `var(--mantine-color-${slice.color.replace('.', '-')})`,
                    }}
                  />
                  {slice.name}
                </Table.Td>
                <Table.Td ta="right">{slice.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </AppDialog>
  );
};
