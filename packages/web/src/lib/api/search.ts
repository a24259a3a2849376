import { globalSearchInputSchema } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/socket';

/** The header's global search (SPEC §2): one server query, results grouped by kind. */

export const SEARCH_HITS_PER_KIND = 5;
const MAX_TERM_LENGTH = globalSearchInputSchema.shape.term.maxLength ?? 100;

export const searchKeys = { global: (term: string) => ['search', 'global', term] as const };

export const globalSearch = (term: string) =>
  request('search:global', { term, limitPerKind: SEARCH_HITS_PER_KIND });

export const globalSearchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: searchKeys.global(term),
    queryFn: () => globalSearch(term),
    // Typing back and forth reuses recent answers; records change rarely within a few seconds.
    staleTime: 10_000,
  });

/** Results for a (debounced) term; the previous answer stays on screen while the next one loads. */
export const useGlobalSearch = (term: string) => {
  const trimmed = term.trim().slice(0, MAX_TERM_LENGTH);
  return useQuery({
    ...globalSearchQueryOptions(trimmed),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
};
