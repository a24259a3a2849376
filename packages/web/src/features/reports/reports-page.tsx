import '@mantine/charts/styles.css';
import {
  DEFAULT_REPORT_PERIOD,
  REPORT_KEYS,
  type ReportPeriodValue,
  reportPeriodSchema,
  reportRange,
} from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components';
// Imported by path, not through the barrel: the charts library stays out of every screen's bundle.
import { PieChartDialog, type PieContent } from '@/components/pie-chart-dialog/pie-chart-dialog';
import { PeriodPicker } from './period-picker';
import { ReportCard } from './report-card';
import type { ReportLinks } from './report-links';

const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * SPEC §1 "reports", §2 `/report`: the period (All Years by default, SPEC §9) and every report as a
 * chart with its table, each exportable and each opening as a pie.
 */
export const ReportsPage = ({ links }: { links: ReportLinks }) => {
  const { t } = useTranslation('reports');
  // The period lives in the address, so Back from a row's list returns to the same period.
  const [params, setParams] = useSearchParams();
  const parsed = reportPeriodSchema.safeParse(Object.fromEntries(params));
  const period: ReportPeriodValue = parsed.success ? parsed.data : { period: DEFAULT_REPORT_PERIOD };
  const setPeriod = (next: ReportPeriodValue) =>
    setParams(
      Object.fromEntries(
        Object.entries(next).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
      ),
      { replace: true },
    );
  const [pie, setPie] = useState<PieContent | null>(null);
  const today = new Date();
  const range = reportRange(period, isoDate(today));
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <Stack gap={4}>
        <PeriodPicker value={period} onChange={setPeriod} today={today} />
        <Text size="sm" c="dimmed" data-period-range>
          {range.from && range.to
            ? t('period.range', { from: formatDate(range.from), to: formatDate(range.to) })
            : t('period.allRange')}
        </Text>
      </Stack>
      {REPORT_KEYS.map((report) => (
        <ReportCard key={report} report={report} period={period} links={links} onShowPie={setPie} />
      ))}
      <PieChartDialog content={pie} onClose={() => setPie(null)} />
    </Stack>
  );
};
