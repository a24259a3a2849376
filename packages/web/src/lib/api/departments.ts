import type { DepartmentAdminDto, SocketEventInput } from '@karm/domain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../socket';
import { departmentsQueryOptions } from './employees';

/*
 * The admin list of departments (admin tab "projects"). Its query key sits under the forms'
 * ['departments'] key, so the `employees:changed` push that refreshes the forms refreshes it too.
 */
export const departmentsAdminQueryOptions = () =>
  queryOptions({
    queryKey: [...departmentsQueryOptions().queryKey, 'admin'],
    queryFn: () => request('department:list', {}),
  });

export const useDepartmentsAdmin = () => useQuery(departmentsAdminQueryOptions());

export const useDepartmentMutations = () => {
  const queryClient = useQueryClient();
  // Every change answers the new list: show it at once, and let the forms re-read theirs.
  const onSuccess = (list: DepartmentAdminDto[]) => {
    queryClient.setQueryData(departmentsAdminQueryOptions().queryKey, list);
    void queryClient.invalidateQueries({ queryKey: departmentsQueryOptions().queryKey, exact: true });
  };
  return {
    add: useMutation({
      mutationFn: (input: SocketEventInput<'department:add'>) => request('department:add', input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: SocketEventInput<'department:upd'>) => request('department:upd', input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (input: SocketEventInput<'department:del'>) => request('department:del', input),
      onSuccess,
    }),
  };
};
