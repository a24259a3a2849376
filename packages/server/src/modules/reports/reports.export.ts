import {
  type ExportFormat,
  REPORTS,
  type ReportDto,
  type ReportKey,
  type ReportMeasureType,
  type ReportPeriodValue,
} from '@karm/domain/contract';
import { resources } from '@karm/domain/i18n';
import type { FastifyReply } from 'fastify';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import {
  type ExportCell,
  type ExportCellType,
  type ExportTable,
  fileNameDate,
} from '../../platform/export/table';
import { sendExportTable } from '../exports/exports.service';
import { readReport } from './reports.service';

type Locale = 'en' | 'nb';

const CELL_TYPES: Record<ReportMeasureType, ExportCellType> = {
  number: 'number',
  money: 'money',
  days: 'number',
  percent: 'number',
};

/** A nested key of a namespace (`pipeline:ownerType.builderCarpenter`), or undefined. */
const lookUp = (locale: Locale, path: string): string | undefined => {
  const [namespace, rest] = path.split(':') as [string, string];
  let node: unknown = (resources[locale] as Record<string, unknown>)[namespace];
  for (const part of rest.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
};

/** A row's name as the screen shows it (the web app's `reportRowLabel` reads the same keys). */
export const reportRowLabel = (
  locale: Locale,
  report: ReportKey,
  row: { key: string; label: string | null },
) => {
  if (row.label) return row.label;
  const prefix = REPORTS[report].labels;
  return (
    (prefix === 'server' || prefix === 'none' ? undefined : lookUp(locale, `${prefix}.${row.key}`)) ??
    lookUp(locale, `reports:rows.${row.key}`) ??
    row.key
  );
};

/** The report's table as the screen shows it: the rows, then the total row when it has one. */
export const reportTable = (dto: ReportDto, locale: Locale): ExportTable => {
  const words = resources[locale].reports;
  const measures = REPORTS[dto.report].measures;
  const cells = (label: string, values: Record<string, number | null>): ExportCell[] => [
    label,
    ...measures.map(({ key }) => values[key]),
  ];
  const rows = dto.rows.map((row) => cells(reportRowLabel(locale, dto.report, row), row.values));
  const hasTotal = Object.values(dto.totals).some((value) => value !== null);
  return {
    columns: [
      { header: words.rowHeader[dto.report], type: 'text' },
      ...measures.map(({ key, type }) => ({
        header: (words.measures as Record<string, string>)[key] ?? key,
        type: CELL_TYPES[type],
      })),
    ],
    batches: (async function* () {
      yield hasTotal ? [...rows, cells(words.total, dto.totals)] : rows;
    })(),
    locale,
    yesNo: [resources[locale].exports.yes, resources[locale].exports.no],
  };
};

/** POST /reports/<report>/export: exactly the report's table, as CSV or XLSX. */
export const exportReport = async (
  ctx: AppContext,
  actor: Actor,
  report: ReportKey,
  input: { format: ExportFormat; locale: Locale; period: ReportPeriodValue },
  reply: FastifyReply,
) => {
  const dto = await readReport(ctx, actor, report, input.period);
  const words = resources[input.locale].reports;
  return sendExportTable(reply, reportTable(dto, input.locale), {
    format: input.format,
    fileName: `${words.fileName[report]}-${fileNameDate(todayIn(ctx.clock))}.${input.format}`,
    // Excel allows at most 31 characters in a sheet's name.
    sheetName: words.titles[report].slice(0, 31),
  });
};
