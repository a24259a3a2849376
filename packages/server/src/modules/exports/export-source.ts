import type { EXPORT_LISTS, ExportList } from '@karm/domain/contract';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { ExportCell, ExportCellType } from '../../platform/export/table';

/**
 * Rows are read this many at a time: one list page of this size is all the server holds (a few MB).
 * A list query costs about the same whatever its page size (the project list sorts its ids before it
 * pages: ~1 s a page on a loaded PGlite with 100 000 projects, for 1 000 rows or 5 000), so larger
 * pages make a long export fast; 1 000 took 100–120 s for 100 000 projects, 2 500 about 10–13 s,
 * 5 000 no faster but with more garbage per page (see the README's Exports bench).
 */
export const EXPORT_BATCH_SIZE = 2500;

/** One column of a list's export: its header is `exports:columns.<list>.<key>` in the user's language. */
export type ExportColumn<Row> = { key: string; type: ExportCellType; value: (row: Row) => ExportCell };

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
