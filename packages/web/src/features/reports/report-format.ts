import { REPORTS, type ReportKey, type ReportMeasureType, type ReportRowDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import type { TFunction } from 'i18next';

/** A figure as the table shows it: kroner for øre, one decimal for days, a per cent sign for rates. */
export const formatFigure = (value: number | null | undefined, type: ReportMeasureType, locale: string) => {
  if (value === null || value === undefined) return '–';
  switch (type) {
    case 'money':
      return formatNok(value);
    case 'days':
      return value.toLocaleString(locale, { maximumFractionDigits: 2 });
    case 'percent':
      return `${value} %`;
    case 'number':
      return value.toLocaleString(locale);
  }
};

/** A row's name: the server's (an offer status), else the report's labels, else the reports' own, else the key. */
export const reportRowLabel = (t: TFunction, report: ReportKey, row: Pick<ReportRowDto, 'key' | 'label'>) => {
  if (row.label) return row.label;
  const prefix = REPORTS[report].labels;
  const own = t(`reports:rows.${row.key}`, { defaultValue: row.key });
  return prefix === 'server' || prefix === 'none' ? own : t(`${prefix}.${row.key}`, { defaultValue: own });
};

/** Colours of the chart series and pie slices, in order. */
export const SERIES_COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'yellow.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'gray.6',
] as const;
