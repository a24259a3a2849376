import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush } from '@/lib/socket';

/**
 * For screens that show what other modules store (capacity, the calendar): when any of the given
 * pushes tells the company something changed, the queries under `queryKey` are read again — the open
 * ones at once (DESIGN rule 7: no polling). Pass a stable (module-level) list of events and key.
 */
export const useRereadOnPushes = (queryKey: QueryKey, events: readonly string[]) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey });
    const stops = events.map((event) => onPush(event, reread));
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, queryKey, events]);
};
