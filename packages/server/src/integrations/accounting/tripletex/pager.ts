import type { z } from 'zod';
import type { AccountingPage } from '../port';
import type { ApiClient } from './api-client';
import type { QueryValue } from './http-client';
import { listEnvelope, parseAnswer } from './schemas';

export type PageQuery = Record<string, QueryValue> & { from: number; count: number; fields: string };

/** Reads one page of a Tripletex list and maps its records. */
export type Pager = <S extends z.ZodType, T>(
  path: string,
  schema: S,
  map: (value: z.output<S>) => T,
  query: PageQuery,
) => Promise<AccountingPage<T>>;

const assertPage = (count: number) => {
  // A zero count would make every page "short" and every page the last; a caller bug, not a Tripletex one.
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`Page size must be a positive integer: ${count}`);
};

/** One page, ordered by id so pages stay stable while records change; last when short. */
export const createPager =
  (api: ApiClient): Pager =>
  async (path, schema, map, query) => {
    assertPage(query.count);
    const body = await api.get(path, { sorting: 'id', ...query });
    // `fullResultSize` is deprecated and not exact, so it is not even read.
    const { values } = parseAnswer(listEnvelope(schema), body, `list from ${path}`);
    return { items: values.map(map), isLast: values.length < query.count };
  };
