import {
  type RolePermissionsUpdate,
  type SocketEventInput,
  USERS_PUSHES,
  type UserListQuery,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

/**
 * The users admin's data: the company's users (paged on the server) and its role permissions.
 * Pushes keep both fresh while a tab shows them (DESIGN rule 7).
 */

export type UserCreateInput = SocketEventInput<'users:create'>;
export type UserUpdateInput = SocketEventInput<'users:update'>;
type UserTarget = { id: string; version: number };

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  rolePermissions: ['role-permissions'] as const,
};

export const getUsers = (query: UserListQuery) => request('users:list', query);
export const getUser = (id: string) => request('users:get', { id });
export const createUser = (input: UserCreateInput) => request('users:create', input);
export const updateUser = (input: UserUpdateInput) => request('users:update', input);
export const deactivateUser = (target: UserTarget) => request('users:deactivate', target);
export const reactivateUser = (target: UserTarget) => request('users:reactivate', target);
export const deleteUser = (target: UserTarget) => request('users:delete', target);
export const sendInvitationAgain = (id: string) => request('users:send-invitation', { id });
export const turnOffTwoFactorOf = (userId: string) => request('two-factor:reset-user', { userId });
export const getRolePermissions = () => request('permissions:get');
export const updateRolePermissions = (input: RolePermissionsUpdate) => request('permissions:update', input);

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUser(id), staleTime: 0 });

export const rolePermissionsQueryOptions = () =>
  queryOptions({ queryKey: userKeys.rolePermissions, queryFn: getRolePermissions, staleTime: 0 });

export const useUsers = (query: UserListQuery) => useQuery(usersQueryOptions(query));
export const useUser = (id: string | null) =>
  useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
export const useRolePermissions = () => useQuery(rolePermissionsQueryOptions());

/** A change of users: every list and open user is read again (order and filters are the server's). */
const useUsersMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};

export const useCreateUser = () => useUsersMutation(createUser);
export const useUpdateUser = () => useUsersMutation(updateUser);
export const useDeactivateUser = () => useUsersMutation(deactivateUser);
export const useReactivateUser = () => useUsersMutation(reactivateUser);
export const useDeleteUser = () => useUsersMutation(deleteUser);
export const useSendInvitationAgain = () => useUsersMutation(sendInvitationAgain);
export const useTurnOffTwoFactor = () => useUsersMutation(turnOffTwoFactorOf);

export const useUpdateRolePermissions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolePermissions,
    onSuccess: (saved) => queryClient.setQueryData(userKeys.rolePermissions, saved),
  });
};

/** Keeps the users and the role permissions in step with changes made in other browsers. */
export const useUserPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onPush(USERS_PUSHES.usersChanged, () => void queryClient.invalidateQueries({ queryKey: userKeys.all })),
      onPush(
        USERS_PUSHES.permissionsChanged,
        () => void queryClient.invalidateQueries({ queryKey: userKeys.rolePermissions }),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
