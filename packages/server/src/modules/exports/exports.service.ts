import { Readable } from 'node:stream';
import type { ExportFormat, ExportList } from '@karm/domain/contract';
import { type Locale, resources } from '@karm/domain/i18n';
import type { FastifyReply } from 'fastify';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { csvChunks } from '../../platform/export/csv-writer';
import { displayDate, type ExportCell, type ExportTable } from '../../platform/export/table';
import { xlsxChunks } from '../../platform/export/xlsx-writer';
import { fileAnswer } from '../../platform/http/routes';
import { EXPORT_SOURCES } from './export-registry';
import type { ExportColumn, ExportFiltersOf } from './export-source';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What a route that answers with `sendExportTable` says in the OpenAPI document: CSV or XLSX. */
export const EXPORT_TABLE_ANSWER = fileAnswer(...Object.values(CONTENT_TYPES));

export type ExportInput<L extends ExportList> = {
  format: ExportFormat;
  locale: 'en' | 'nb';
  filters: ExportFiltersOf<L>;
};

async function* cellsOf<Row>(
  first: IteratorResult<Row[]>,
  rest: AsyncIterator<Row[]>,
  columns: readonly ExportColumn<Row>[],
  locale: Locale,
): AsyncGenerator<ExportCell[][]> {
  try {
    for (let next = first; !next.done; next = await rest.next()) {
      yield next.value.map((row) => columns.map((column) => column.value(row, locale)));
    }
  } finally {
    // The client went away (or the writer stopped): the reader stops at its next page.
    await rest.return?.();
  }
}

/** `projects-27.11.2026.xlsx`: the list in the user's language and today's date in Oslo. */
export const exportFileName = (
  ctx: AppContext,
  list: ExportList,
  input: { format: ExportFormat; locale: 'en' | 'nb' },
) => `${resources[input.locale].exports.fileName[list]}-${displayDate(todayIn(ctx.clock))}.${input.format}`;

/**
 * Streams one list's export: the rows its filters select, a batch at a time, as CSV or XLSX. The first
 * batch is read before anything is sent, so a refused filter (another company's id) is a coded error
 * rather than a broken download; after that, the client going away stops the reading.
 */
export const exportList = async <L extends ExportList>(
  ctx: AppContext,
  actor: Actor,
  list: L,
  input: ExportInput<L>,
  reply: FastifyReply,
) => {
  const source = EXPORT_SOURCES[list] as unknown as {
    columns: readonly ExportColumn<unknown>[];
    batches: (ctx: AppContext, actor: Actor, filters: ExportFiltersOf<L>) => AsyncIterable<unknown[]>;
  };
  const words = resources[input.locale].exports;
  const headers = words.columns[list] as Record<string, string>;
  const rows = source.batches(ctx, actor, input.filters)[Symbol.asyncIterator]();
  const first = await rows.next();
  const table: ExportTable = {
    columns: source.columns.map((column) => ({
      header: headers[column.key] ?? column.key,
      type: column.type,
    })),
    batches: cellsOf(first, rows, source.columns, input.locale),
    locale: input.locale,
    yesNo: [words.yes, words.no],
  };
  return sendExportTable(reply, table, {
    format: input.format,
    fileName: exportFileName(ctx, list, input),
    sheetName: words.sheet[list],
  });
};

/**
 * Sends a table as a CSV or XLSX file, streamed: the writers turn each batch into bytes as the
 * response asks for them. Lists and reports (modules/reports) share it.
 */
export const sendExportTable = (
  reply: FastifyReply,
  table: ExportTable,
  file: { format: ExportFormat; fileName: string; sheetName: string },
) => {
  const chunks = file.format === 'csv' ? csvChunks(table) : xlsxChunks(table, file.sheetName);
  return reply
    .header('content-type', CONTENT_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(chunks, { objectMode: false }));
};
