import { API_TOKEN_PUSHES, type SocketEventInput } from '@karm/domain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

/** The company's API tokens (Admin → Webhooks), kept fresh by the `api-tokens:changed` push. */
export const apiTokenKeys = { all: ['api-tokens'] as const };

export const getApiTokens = () => request('api-tokens:list');
export const apiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokenKeys.all, queryFn: getApiTokens });
export const useApiTokens = () => useQuery(apiTokensQueryOptions());

const useApiTokenMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
};

export const useCreateApiToken = () =>
  useApiTokenMutation((input: SocketEventInput<'api-tokens:create'>) => request('api-tokens:create', input));
export const useRevokeApiToken = () =>
  useApiTokenMutation((input: SocketEventInput<'api-tokens:revoke'>) => request('api-tokens:revoke', input));

/** Another administrator's new or revoked token shows at once. */
export const useApiTokenPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(
        API_TOKEN_PUSHES.changed,
        () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
      ),
    [queryClient],
  );
};
