import {
  type ExpenseChangeResultDto,
  type ExpenseCreateInput,
  type ExpenseDeleteResultDto,
  type ExpenseDto,
  type ExpensePatchInput,
  type ExpensesChangedPush,
  PRODUCT_PUSHES,
  type ProjectExpensesDto,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';

/** Parts and hours used on a project (SPEC §7 /product/expense*), over REST. */

export const EXPENSES_PAGE_SIZE = 20;

export const expenseKeys = {
  all: ['expenses'] as const,
  project: (projectId: string) => [...expenseKeys.all, projectId] as const,
  list: (projectId: string, serviceItemId: string | null, page: number) =>
    [...expenseKeys.project(projectId), serviceItemId ?? 'all', page] as const,
};

export const fetchProjectExpenses = (projectId: string, serviceItemId: string | null, page: number) =>
  http<ProjectExpensesDto>('/product/expense/project', {
    query: {
      projectId,
      page,
      pageSize: EXPENSES_PAGE_SIZE,
      ...(serviceItemId ? { serviceItemId } : {}),
    },
  });

export const projectExpensesOptions = (projectId: string, serviceItemId: string | null, page: number) =>
  queryOptions({
    queryKey: expenseKeys.list(projectId, serviceItemId, page),
    queryFn: () => fetchProjectExpenses(projectId, serviceItemId, page),
    placeholderData: keepPreviousData,
  });

export const useProjectExpenses = (projectId: string, serviceItemId: string | null, page: number) =>
  useQuery(projectExpensesOptions(projectId, serviceItemId, page));

export type ExpenseSave =
  | { kind: 'create'; input: ExpenseCreateInput }
  | { kind: 'patch'; input: ExpensePatchInput };

/** Records or changes an expense; every list of the project (and its invoices) reads again. */
export const useSaveExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ExpenseSave) =>
      http<ExpenseChangeResultDto>('/product/expense', {
        method: save.kind === 'create' ? 'POST' : 'PATCH',
        body: save.input,
      }),
    onSettled: (_result, _error, save) => {
      const projectId = save.kind === 'create' ? save.input.projectId : null;
      void queryClient.invalidateQueries({
        queryKey: projectId ? expenseKeys.project(projectId) : expenseKeys.all,
      });
    },
  });
};

/** Deletes an expense entered by mistake, at the version read; the project's lists read again. */
export const useDeleteExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expense: Pick<ExpenseDto, 'id' | 'version' | 'projectId'>) =>
      http<ExpenseDeleteResultDto>(`/product/expense/${expense.id}`, {
        method: 'DELETE',
        query: { version: expense.version },
      }),
    // Also after a refusal (changed meanwhile): the list shows what is there now.
    onSettled: (_result, _error, expense) =>
      queryClient.invalidateQueries({ queryKey: expenseKeys.project(expense.projectId) }),
  });
};

/** Someone else recorded parts or hours on the project: its open lists read again. */
export const useExpensePushes = (projectId: string) => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(PRODUCT_PUSHES.expensesChanged, (payload: ExpensesChangedPush) => {
        if (payload.projectId !== projectId) return;
        void queryClient.invalidateQueries({ queryKey: expenseKeys.project(projectId) });
      }),
    [queryClient, projectId],
  );
};
