import { QueryClient } from '@tanstack/react-query';

/** Server data is pushed when it changes (DESIGN rule 7), so queries never poll or refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: 1 },
  },
});
