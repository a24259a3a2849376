import type { ProductQuery } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../socket';

/**
 * The company's products as forms choose them (`product:get`): from the accounting system when one is
 * connected, else Karm's own; searched and paged on the server, one page of answers at a time.
 */
export const PRODUCT_PICKER_PAGE = 30;

export const productKeys = {
  all: ['products'] as const,
  search: (query: ProductQuery) => [...productKeys.all, 'search', query] as const,
};

export const productSearchOptions = (query: ProductQuery) =>
  queryOptions({
    queryKey: productKeys.search(query),
    queryFn: () => request('product:get', query),
    placeholderData: keepPreviousData,
  });

export const useProductSearch = (query: ProductQuery, enabled = true) =>
  useQuery({ ...productSearchOptions(query), enabled });
