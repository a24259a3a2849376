import {
  type ExportFormat,
  REPORTS,
  type ReportKey,
  type ReportMeasure,
  type ReportPeriodValue,
} from '@karm/domain/contract';
import { BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChartPie, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert, notifyError, notifySuccess } from '@/components';
import type { PieContent } from '@/components/pie-chart-dialog/pie-chart-dialog';
import { reportRowLabel, SERIES_COLORS } from './report-format';
import type { ReportLinks } from './report-links';
import { ReportTable } from './report-table';
import { downloadReport, useReport } from './reports-api';

const LOCALES = { en: 'en-GB', nb: 'nb-NO' } as const;

/**
 * One report: its chart with the table beside it (under it on a phone), CSV and Excel of exactly that
 * table, and the chart as a pie (SPEC §2).
 */
export const ReportCard = ({
  report,
  period,
  links,
  onShowPie,
}: {
  report: ReportKey;
  period: ReportPeriodValue;
  links: ReportLinks;
  onShowPie: (content: PieContent) => void;
}) => {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language === 'nb' ? 'nb' : 'en';
  const query = useReport(report, period);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const definition = REPORTS[report];
  const measures: readonly ReportMeasure[] = definition.measures;
  const charted = measures.filter((measure) => (definition.chart as readonly string[]).includes(measure.key));
  const title = t(`titles.${report}`);
  const data = query.data;
  // A table of nothing but noughts (no invoices yet) says so rather than drawing an empty chart.
  const hasRows = Boolean(
    data?.isAvailable && data.rows.some((row) => Object.values(row.values).some((value) => value)),
  );
  const measureLabel = (key: string) => t(`measures.${key}`);
  const labelOf = (row: { key: string; label: string | null }) => reportRowLabel(t, report, row);

  const save = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const { fileName } = await downloadReport(report, period, format, locale);
      notifySuccess(t('exported', { fileName }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  const showPie = () => {
    if (!data) return;
    const [only] = charted;
    const slices =
      charted.length === 1 && only
        ? data.rows.map((row, index) => ({
            name: labelOf(row),
            value: chartValue(row.values[only.key], only),
            color: SERIES_COLORS[index % SERIES_COLORS.length]!,
          }))
        : charted.map((measure, index) => ({
            name: measureLabel(measure.key),
            value: data.rows.reduce((sum, row) => sum + chartValue(row.values[measure.key], measure), 0),
            color: SERIES_COLORS[index % SERIES_COLORS.length]!,
          }));
    onShowPie({
      title,
      slices,
    });
  };

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title} data-report={report}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`descriptions.${report}`)}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            <Tooltip label={t('showPie')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={`${t('showPie')}: ${title}`}
                disabled={!hasRows}
                onClick={showPie}
                data-testid={`pie-${report}`}
              >
                <IconChartPie size={18} />
              </ActionIcon>
            </Tooltip>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                size="xs"
                variant="default"
                leftSection={
                  format === 'csv' ? <IconFileText size={14} /> : <IconFileSpreadsheet size={14} />
                }
                loading={busy === format}
                disabled={!data || (busy !== null && busy !== format)}
                aria-label={t('exportLabel', { title, format: format === 'csv' ? 'CSV' : 'Excel' })}
                onClick={() => void save(format)}
                data-testid={`export-${report}-${format}`}
              >
                {t(format === 'csv' ? 'exportCsv' : 'exportXlsx')}
              </Button>
            ))}
          </Group>
        </Group>
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={160} />
          </Stack>
        ) : query.isError ? (
          <LoadFailedAlert
            title={t('loadFailed')}
            error={query.error}
            retryLabel={t('common:retry', { defaultValue: 'Retry' })}
            onRetry={() => void query.refetch()}
          />
        ) : !data?.isAvailable ? (
          <Text c="dimmed" data-not-available>
            {t(`notAvailable.${report}`, { defaultValue: t('empty') })}
          </Text>
        ) : !hasRows ? (
          <Text c="dimmed" data-empty>
            {t('empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            <BarChart
              h={240}
              data={data.rows.map((row) => ({
                name: labelOf(row),
                ...Object.fromEntries(
                  charted.map((measure) => [measure.key, chartValue(row.values[measure.key], measure)]),
                ),
              }))}
              dataKey="name"
              type={charted.length > 1 && report.startsWith('projects') ? 'stacked' : 'default'}
              withLegend={charted.length > 1}
              legendProps={{ verticalAlign: 'bottom', height: 40 }}
              yAxisProps={{ allowDecimals: charted.some((measure) => measure.type !== 'number') }}
              valueFormatter={(value) => value.toLocaleString(LOCALES[locale])}
              series={charted.map((measure, index) => ({
                name: measure.key,
                label: measureLabel(measure.key),
                color: SERIES_COLORS[index % SERIES_COLORS.length]!,
              }))}
              // A named figure: a label needs a role to hang on (its figures are in the table beside it).
              role="figure"
              aria-label={title}
            />
            <ReportTable report={report} data={data} links={links} />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
};

/** A figure as the chart draws it: kroner for øre. */
const chartValue = (value: number | null | undefined, measure: ReportMeasure) =>
  value === null || value === undefined ? 0 : measure.type === 'money' ? value / 100 : value;
