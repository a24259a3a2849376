import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Whether a list's rows are still on their way: the first load, or the rows of the filters or page
 * asked before, kept on screen (`keepPreviousData`) while the new ones load. A table covers its rows
 * with a loader then. A refresh of the very rows on screen (a colleague's change pushed, coming
 * back to the screen) is not: those rows stay clickable — the loader's overlay used to swallow a
 * click made in that moment.
 */
export const areRowsLoading = (query: Pick<UseQueryResult, 'isFetching' | 'isPlaceholderData' | 'data'>) =>
  query.isFetching && (query.isPlaceholderData || query.data === undefined);
