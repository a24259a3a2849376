import type { Page } from '@karm/domain/contract';

/**
 * Loads one page of a list and its total in parallel (DESIGN rule 8 paged answers). The caller
 * gives the two queries — ordered rows with limit/offset, and the count under the same filter.
 */
export const loadPage = async <Row, Item>(
  paging: { page: number; pageSize: number },
  queries: {
    rows: (limit: number, offset: number) => Promise<Row[]>;
    total: () => Promise<{ total: number }[]>;
  },
  toItem: (row: Row) => Item,
): Promise<Page<Item>> => {
  const [rows, [counted]] = await Promise.all([
    queries.rows(paging.pageSize, (paging.page - 1) * paging.pageSize),
    queries.total(),
  ]);
  return {
    items: rows.map(toItem),
    total: counted?.total ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  };
};
