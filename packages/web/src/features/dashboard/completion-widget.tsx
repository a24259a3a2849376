import { DASHBOARD_PROJECT_LISTS } from '@karm/domain/contract';
import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  formatDate,
} from '@karm/domain/rules';
import { BarChart } from '@mantine/charts';
import { Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardCompletion } from './use-dashboard';
import { type ChartWidgetProps, FigureLink, WidgetCard } from './widget-card';

/**
 * Project completion rate (SPEC §1): the projects due in the period (delivery date come) and how many
 * of them are completed, with the trend per year (All Years, SPEC §9's default) or per month.
 */
export const CompletionWidget = ({ links, onShowPie }: ChartWidgetProps) => {
  const { t } = useTranslation('dashboard');
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const query = useDashboardCompletion(period, { enabled: true });
  const data = query.data;
  const range = data ? { from: data.from, to: data.to } : null;
  const title = t('completion.title');
  return (
    <WidgetCard
      widget="completion"
      title={title}
      query={query}
      href={range ? links.projects(DASHBOARD_PROJECT_LISTS.due(range)) : undefined}
      linkLabel={t('completion.openList')}
      controls={
        <Select
          size="xs"
          w={180}
          label={t('period.label')}
          allowDeselect={false}
          value={period}
          onChange={(value) => value && setPeriod(value as DashboardPeriod)}
          data={DASHBOARD_PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))}
        />
      }
      onShowPie={() =>
        data &&
        onShowPie({
          title: `${title} — ${t(`period.${data.period}`)}`,
          slices: [
            { name: t('completion.completed'), value: data.completed, color: 'teal.6' },
            { name: t('completion.notCompleted'), value: data.due - data.completed, color: 'orange.6' },
          ],
        })
      }
    >
      {data && range && (
        <Stack gap="sm">
          <Group gap="xs" align="baseline">
            <Text fw={700} fz={32} lh={1} data-completion-rate>
              {data.rate === null ? '–' : `${data.rate} %`}
            </Text>
            <Text size="sm" c="dimmed">
              {data.from
                ? t('completion.between', { from: formatDate(data.from), to: formatDate(data.to) })
                : t('completion.until', { to: formatDate(data.to) })}
            </Text>
          </Group>
          <SimpleGrid cols={2} spacing="xs">
            <FigureLink
              testId="completion-due"
              href={links.projects(DASHBOARD_PROJECT_LISTS.due(range))}
              label={t('completion.due')}
              value={data.due}
            />
            <FigureLink
              testId="completion-completed"
              href={links.projects(DASHBOARD_PROJECT_LISTS.completed(range))}
              label={t('completion.completed')}
              value={data.completed}
              color="teal.7"
            />
          </SimpleGrid>
          {data.trend.length > 0 && (
            <BarChart
              h={180}
              data={data.trend}
              dataKey="bucket"
              yAxisProps={{ allowDecimals: false }}
              withLegend
              legendProps={{ verticalAlign: 'bottom', height: 40 }}
              series={[
                { name: 'due', label: t('completion.due'), color: 'gray.5' },
                { name: 'completed', label: t('completion.completed'), color: 'teal.6' },
              ]}
              // A named figure: a label needs a role to hang on.
              role="figure"
              aria-label={t('completion.trend')}
            />
          )}
        </Stack>
      )}
    </WidgetCard>
  );
};
