import { CUSTOMER_PUSHES } from '@karm/domain/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '../socket';
import { useProjectManagersStore } from '../store/work-stores';

/**
 * Employee lists are fetched once and kept (SPEC §7: "fetched only when the local store is empty");
 * the server's `employees:changed` push refreshes them.
 */
export const getEmployees = () => request('employee:get', {});
export const employeesQueryOptions = () => queryOptions({ queryKey: ['employees'], queryFn: getEmployees });
export const useEmployees = () => useQuery(employeesQueryOptions());

export const getDepartments = () => request('project_department:get');
export const departmentsQueryOptions = () =>
  queryOptions({ queryKey: ['departments'], queryFn: getDepartments });
export const useDepartments = () => useQuery(departmentsQueryOptions());

export const getEmployeeCategories = () => request('employee:get-categories');
export const employeeCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['employee-categories'], queryFn: getEmployeeCategories });
export const useEmployeeCategories = () => useQuery(employeeCategoriesQueryOptions());

/** Project managers live in the persisted store (SPEC §9); fetched only while it is empty. */
export const useProjectManagers = () => {
  const items = useProjectManagersStore((state) => state.items);
  const setItems = useProjectManagersStore((state) => state.setItems);
  useEffect(() => {
    if (items.length === 0) void request('project-manager:get').then(setItems);
  }, [items.length, setItems]);
  return items;
};

/** Keeps the employee lists fresh from the server's pushes; mount once in the signed-in layout. */
export const useEmployeePushes = () => {
  const queryClient = useQueryClient();
  const setProjectManagers = useProjectManagersStore((state) => state.setItems);
  useEffect(
    () =>
      onPush(CUSTOMER_PUSHES.employeesChanged, () => {
        void queryClient.invalidateQueries({ queryKey: employeesQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: departmentsQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: employeeCategoriesQueryOptions().queryKey });
        void request('project-manager:get').then(setProjectManagers);
      }),
    [queryClient, setProjectManagers],
  );
};
