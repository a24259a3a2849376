import type { EXPORT_LISTS, ExportList } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { ExportCell, ExportCellType } from '../../platform/export/table';

/**
 * Rows are read this many at a time through a list's paged query: one page of this size is all the
 * server holds (a few MB). A list whose pages are dear (the project list sorts every selected id
 * before it pages) reads its order once instead (`orderedBatches`).
 */
export const EXPORT_BATCH_SIZE = 2500;

/**
 * One column of a list's export: its header is `exports:columns.<list>.<key>` in the user's language.
 * `value` gets that language too, for a column that writes a word rather than a stored key.
 */
export type ExportColumn<Row> = {
  key: string;
  type: ExportCellType;
  value: (row: Row, locale: Locale) => ExportCell;
};

export type ExportFiltersOf<L extends ExportList> = z.output<(typeof EXPORT_LISTS)[L]['filters']>;

/**
 * What a module registers for its list: the columns, and a reader of the rows the list's filters
 * select — through the list's own query (never a copy of its filters), scoped to the actor's company
 * and role as the list is, a batch at a time.
 */
export type ExportSource<L extends ExportList, Row> = {
  list: L;
  columns: readonly ExportColumn<Row>[];
  batches: (ctx: AppContext, actor: Actor, filters: ExportFiltersOf<L>) => AsyncIterable<Row[]>;
};

/** Keeps the row type between the columns and the reader. */
export const exportSource = <L extends ExportList, Row>(source: ExportSource<L, Row>) => source;

/**
 * The batches of a list read through its own paged query, page after page, until a short page. The
 * list's sort ends on a unique key, so pages neither overlap nor skip while nothing changes.
 */
export async function* pagedBatches<Row>(
  readPage: (page: number, pageSize: number) => Promise<{ items: Row[] }>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  for (let page = 1; ; page += 1) {
    const { items } = await readPage(page, batchSize);
    if (items.length > 0) yield items;
    if (items.length < batchSize) return;
  }
}

/**
 * Rows read by id this many at a time, once their order is known (see `orderedBatches`). Measured on
 * 100 000 projects (README, Exports): 1 000 costs the time offset pages of 2 500 did and holds less
 * (+55 to +84 MiB at the peak against +209); 500 took ~20 % longer for little less memory.
 */
export const EXPORT_ID_BATCH_SIZE = 1000;

/**
 * The batches of a list whose pages are dear (the project list sorts every selected id before it
 * pages, so each page costs about the same as the whole sort): the list's ids in its order are read
 * once — ids only, ~40 bytes each, not rows — and then the rows a small batch at a time by id. Small
 * batches keep little garbage alive while the response drains them (the memory the export may grow),
 * and a batch by id costs what its size says. The ids are a snapshot: a row removed meanwhile is
 * left out, none is read twice.
 */
export async function* orderedBatches<Row>(
  readIds: () => Promise<readonly string[]>,
  readRows: (ids: readonly string[]) => Promise<Row[]>,
  batchSize = EXPORT_ID_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  const ids = await readIds();
  for (let start = 0; start < ids.length; start += batchSize) {
    const rows = await readRows(ids.slice(start, start + batchSize));
    if (rows.length > 0) yield rows;
  }
}
