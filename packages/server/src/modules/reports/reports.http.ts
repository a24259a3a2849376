import {
  REPORT_KEYS,
  type ReportKey,
  reportDtoSchema,
  reportExportPath,
  reportExportRequestSchema,
  reportPath,
  reportPeriodSchema,
} from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { EXPORT_TABLE_ANSWER } from '../exports/exports.service';
import { exportReport } from './reports.export';
import { readReport } from './reports.service';

/**
 * Reports (`/report`, issue 17): per report a GET of its table for the period and a POST that streams
 * that table as CSV or XLSX. Every route needs `reports.read`.
 */
const reportRoutes = (report: ReportKey) => [
  route({
    method: 'GET',
    url: reportPath(report),
    access: 'reports.read',
    schemas: { querystring: reportPeriodSchema, response: reportDtoSchema },
    useCase: (ctx, actor, { query }) => readReport(ctx, actor, report, query),
  }),
  route({
    method: 'POST',
    url: reportExportPath(report),
    access: 'reports.read',
    schemas: { body: reportExportRequestSchema, response: EXPORT_TABLE_ANSWER },
    useCase: (ctx, actor, { body, reply }) => exportReport(ctx, actor, report, body, reply),
  }),
];

export const reportsRoutes = httpModule('reports', REPORT_KEYS.flatMap(reportRoutes));
