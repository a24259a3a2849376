import {
  builtInLabelKey,
  COLLECTION_PUSHES,
  COLLECTIONS,
  type CollectionChangedPush,
  type CollectionDto,
  type CollectionName,
  type CollectionValueDto,
  type SocketEventInput,
} from '@karm/domain/contract';
import { type Locale, localeOrDefault } from '@karm/domain/i18n';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { onPush, request } from '../socket';

/*
 * The company's admin-managed lists (collections): one hook for every select that shows their codes
 * (inquiry, offer, project and customer forms, filters, history), and the admin tabs' mutations.
 */

export const getCollection = (collection: CollectionName) => request('collection:get', { collection });

export const collectionQueryOptions = (collection: CollectionName) =>
  queryOptions({ queryKey: ['collections', collection], queryFn: () => getCollection(collection) });

const storeCollection = (queryClient: ReturnType<typeof useQueryClient>, list: CollectionDto) =>
  queryClient.setQueryData(collectionQueryOptions(list.collection).queryKey, list);

export const labelIn = (value: Pick<CollectionValueDto, 'labels'>, locale: Locale) => value.labels[locale];

export type CollectionOption = { value: string; label: string };

/**
 * A list in the user's language: `options(current)` are the active values in the company's order,
 * plus the record's current value when it has been deactivated since (so it still shows its label);
 * `labelOf(key)` names any stored key, active or not (the key itself if the list lacks it).
 */
export const useCollection = (collection: CollectionName) => {
  const { i18n } = useTranslation();
  const locale = localeOrDefault(i18n.resolvedLanguage ?? i18n.language);
  const query = useQuery(collectionQueryOptions(collection));
  return useMemo(() => {
    // Until the company's list arrives (or when it cannot be fetched), Karm's built-in values show.
    const values: CollectionValueDto[] =
      query.data?.values ??
      COLLECTIONS[collection].builtIns.map((key) => ({
        key,
        labels: {
          en: i18n.t(builtInLabelKey(collection, key), { lng: 'en' }),
          nb: i18n.t(builtInLabelKey(collection, key), { lng: 'nb' }),
        },
        isActive: true,
        isBuiltIn: true,
        version: 0,
      }));
    const byKey = new Map(values.map((value) => [value.key, value]));
    const labelOf = (key: string | null | undefined) => {
      if (!key) return '';
      const value = byKey.get(key);
      return value ? labelIn(value, locale) : key;
    };
    const options = (current?: string | null): CollectionOption[] => [
      ...values
        .filter((value) => value.isActive || value.key === current)
        .map((value) => ({ value: value.key, label: labelIn(value, locale) })),
      // A key the list no longer has (or has not loaded yet) still shows rather than blanking the field.
      ...(current && !byKey.has(current) && query.data ? [{ value: current, label: current }] : []),
    ];
    return { values, options, labelOf, isLoading: query.isLoading, isLoaded: query.data !== undefined };
  }, [query.data, query.isLoading, locale, collection, i18n]);
};

/** Refreshes a list when anyone in the company changes it; mount once in the signed-in layout. */
export const useCollectionPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush<CollectionChangedPush>(COLLECTION_PUSHES.changed, ({ collection }) => {
        void queryClient.invalidateQueries({ queryKey: collectionQueryOptions(collection).queryKey });
      }),
    [queryClient],
  );
};

/** The admin tabs' changes; each answers the whole list, which goes straight into the cache. */
export const useCollectionMutations = () => {
  const queryClient = useQueryClient();
  const onSuccess = (list: CollectionDto) => storeCollection(queryClient, list);
  return {
    add: useMutation({
      mutationFn: (input: SocketEventInput<'collection:add'>) => request('collection:add', input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: SocketEventInput<'collection:upd'>) => request('collection:upd', input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (input: SocketEventInput<'collection:del'>) => request('collection:del', input),
      onSuccess,
    }),
    reorder: useMutation({
      mutationFn: (input: SocketEventInput<'collection:reorder'>) => request('collection:reorder', input),
      onSuccess,
    }),
  };
};
