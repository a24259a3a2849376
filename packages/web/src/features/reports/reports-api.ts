import {
  type ExportFormat,
  type ReportDto,
  type ReportKey,
  type ReportPeriodValue,
  reportExportPath,
  reportPath,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { downloadFile } from '@/lib/export-download';
import { http } from '@/lib/http';

/** The reports over REST (issue 17): one query per report, all started at once, each with its own state. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (report: ReportKey, period: ReportPeriodValue) => [...reportKeys.all, report, period] as const,
};

const periodQuery = (period: ReportPeriodValue) => ({
  period: period.period,
  year: period.period === 'all' ? undefined : period.year,
  part: period.period === 'quarter' || period.period === 'month' ? period.part : undefined,
});

export const getReport = (report: ReportKey, period: ReportPeriodValue) =>
  http<ReportDto>(reportPath(report), { query: periodQuery(period) });

export const reportQuery = (report: ReportKey, period: ReportPeriodValue) =>
  queryOptions({
    queryKey: reportKeys.report(report, period),
    queryFn: () => getReport(report, period),
    placeholderData: keepPreviousData,
  });

export const useReport = (report: ReportKey, period: ReportPeriodValue) =>
  useQuery(reportQuery(report, period));

/** Saves the report's table for the period as CSV or XLSX (the server writes it with the list exports' writers). */
export const downloadReport = (
  report: ReportKey,
  period: ReportPeriodValue,
  format: ExportFormat,
  locale: 'en' | 'nb',
) =>
  downloadFile({
    path: reportExportPath(report),
    body: { format, locale, period: periodQuery(period) },
    fallbackName: `${report}.${format}`,
  });
