import type { Page } from '@karm/domain/contract';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** The newer of two copies of a record: pushes and answers may arrive out of order. */
export const newer = <T extends { version: number }>(current: T | undefined, incoming: T) =>
  current && current.version > incoming.version ? current : incoming;

/** Replaces a record in every loaded page under `listsKey` where it shows, unless the page has a newer copy. */
export const replaceInPages = <T extends { id: string; version: number }>(
  queryClient: QueryClient,
  listsKey: QueryKey,
  record: T,
) =>
  queryClient.setQueriesData<Page<T>>({ queryKey: listsKey }, (page) =>
    page
      ? {
          ...page,
          // A row may carry more than the record (the project list's squares): those stay.
          items: page.items.map((item) =>
            item.id === record.id ? { ...item, ...newer(item, record) } : item,
          ),
        }
      : page,
  );

/** A mutation whose answer is a saved record: `store` puts it into the caches (its detail, its lists). */
export const useStoringMutation = <Input, Saved>(
  mutationFn: (input: Input) => Promise<Saved>,
  store: (queryClient: QueryClient, saved: Saved) => unknown,
) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (saved) => void store(queryClient, saved) });
};
