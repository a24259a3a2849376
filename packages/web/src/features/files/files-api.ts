import { FILES_PUSHES, type SocketEventInput } from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

export type FilesQuery = SocketEventInput<'files:list'>;

export const filesKeys = {
  all: ['files'] as const,
  list: (query: FilesQuery) => ['files', 'list', query] as const,
  uploaders: ['files', 'uploaders'] as const,
};

export const listFiles = (query: FilesQuery) => request('files:list', query);
export const listFileUploaders = () => request('files:uploaders');

export const filesQueryOptions = (query: FilesQuery) =>
  queryOptions({
    queryKey: filesKeys.list(query),
    queryFn: () => listFiles(query),
    placeholderData: keepPreviousData,
  });

export const fileUploadersQueryOptions = () =>
  queryOptions({ queryKey: filesKeys.uploaders, queryFn: listFileUploaders });

/** One page of the company's files the user may read. */
export const useFiles = (query: FilesQuery) => useQuery(filesQueryOptions(query));

/** The people who uploaded files: the "uploaded by" filter's choices. */
export const useFileUploaders = () => useQuery(fileUploadersQueryOptions());

/**
 * A file stored or deleted anywhere in the company: the open list asks again (with the user's own
 * permissions; the push names only the file).
 */
export const useFilePushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () => onPush(FILES_PUSHES.changed, () => void queryClient.invalidateQueries({ queryKey: filesKeys.all })),
    [queryClient],
  );
};
