import { REPORT_PERIODS, type ReportPeriod, type ReportPeriodValue } from '@karm/domain/contract';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const YEARS_BACK = 10;

/** The period: All Years (SPEC §9's default) or a chosen year, quarter or month of a year. */
export const PeriodPicker = ({
  value,
  onChange,
  today,
}: {
  value: ReportPeriodValue;
  onChange: (value: ReportPeriodValue) => void;
  today: Date;
}) => {
  const { t, i18n } = useTranslation('reports');
  const thisYear = today.getFullYear();
  const year = value.year ?? thisYear;
  const months = Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1),
    label: new Date(Date.UTC(2000, index, 15)).toLocaleString(i18n.language === 'nb' ? 'nb-NO' : 'en-GB', {
      month: 'long',
      timeZone: 'UTC',
    }),
  }));
  const quarters = [1, 2, 3, 4].map((quarter) => ({
    value: String(quarter),
    label: t('period.quarterOption', { quarter }),
  }));
  const defaultPart = (period: ReportPeriod) =>
    period === 'quarter'
      ? Math.floor(today.getMonth() / 3) + 1
      : period === 'month'
        ? today.getMonth() + 1
        : undefined;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-period-picker>
      <Select
        label={t('period.label')}
        w={150}
        allowDeselect={false}
        value={value.period}
        data-testid="report-period"
        data={REPORT_PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
        onChange={(next) => {
          if (!next) return;
          const period = next as ReportPeriod;
          onChange(period === 'all' ? { period } : { period, year, part: defaultPart(period) });
        }}
      />
      {value.period !== 'all' && (
        <Select
          label={t('period.yearLabel')}
          w={100}
          allowDeselect={false}
          value={String(year)}
          data-testid="report-year"
          data={Array.from({ length: YEARS_BACK }, (_, index) => String(thisYear - index))}
          onChange={(next) => next && onChange({ ...value, year: Number(next) })}
        />
      )}
      {(value.period === 'quarter' || value.period === 'month') && (
        <Select
          label={t(value.period === 'quarter' ? 'period.quarterLabel' : 'period.monthLabel')}
          w={value.period === 'quarter' ? 130 : 140}
          allowDeselect={false}
          value={String(value.part ?? defaultPart(value.period))}
          data-testid="report-part"
          data={value.period === 'quarter' ? quarters : months}
          onChange={(next) => next && onChange({ ...value, part: Number(next) })}
        />
      )}
    </Group>
  );
};
