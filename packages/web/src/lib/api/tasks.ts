import {
  type Page,
  TASK_PUSHES,
  type TaskCreateInput,
  type TaskDto,
  type TaskListQuery,
  type TaskPatchInput,
  type TasksChangedPush,
} from '@karm/domain/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';
import { newer, replaceInPages } from './cache';

/**
 * Tasks over REST (SPEC §7 GET/POST/PATCH /tasks, DELETE /tasks/{id}); the server's `tasks:changed`
 * push keeps every list fresh (DESIGN rule 7). In lib because the tasks screen, a project's tasks and
 * the planner all show them.
 */

export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (query: TaskListQuery) => [...taskKeys.lists(), query] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
};

const queryOf = (query: TaskListQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;

export type TaskChange = { id: string } & TaskPatchInput;
export type TaskTarget = { id: string; version: number };

export const getTasks = (query: TaskListQuery) => http<Page<TaskDto>>('/tasks', { query: queryOf(query) });
export const getTask = (id: string) => http<TaskDto>(`/tasks/${id}`);
export const createTask = (body: TaskCreateInput) => http<TaskDto>('/tasks', { method: 'POST', body });
export const updateTask = ({ id, ...body }: TaskChange) =>
  http<TaskDto>(`/tasks/${id}`, { method: 'PATCH', body });
/** Marks a task done (`isDone: true`) or undoes it (`false`), at the version read. */
export const markTaskDone = ({ id, version, isDone }: TaskTarget & { isDone: boolean }) =>
  updateTask({ id, version, changes: { isDone } });
export const deleteTask = ({ id, version }: TaskTarget) =>
  http<{ id: string }>(`/tasks/${id}`, { method: 'DELETE', query: { version } });

export const tasksQueryOptions = (query: TaskListQuery) =>
  queryOptions({
    queryKey: taskKeys.list(query),
    queryFn: () => getTasks(query),
    placeholderData: keepPreviousData,
  });

export const taskQueryOptions = (id: string) =>
  queryOptions({ queryKey: taskKeys.detail(id), queryFn: () => getTask(id), staleTime: 0 });

export const useTasks = (query: TaskListQuery, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tasksQueryOptions(query), enabled });

/** Tasks this browser deleted: an open drawer must not read them again (the server would say 404). */
const deletedIds = new Set<string>();

export const useTask = (id: string | null) =>
  useQuery({ ...taskQueryOptions(id ?? ''), enabled: Boolean(id) && !deletedIds.has(id ?? '') });

/** A saved task shows at once where it is listed and opened; lists refetch, as filters and order are the server's. */
export const storeTask = (queryClient: QueryClient, task: TaskDto) => {
  replaceInPages(queryClient, taskKeys.lists(), task);
  queryClient.setQueryData<TaskDto>(taskKeys.detail(task.id), (current) => newer(current, task));
  return queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
};

const refreshTasks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: taskKeys.all });

/** Deleted tasks leave the cache, and an open drawer does not ask for them again. */
const forget = (queryClient: QueryClient, ids: readonly string[]) => {
  for (const id of ids) {
    deletedIds.add(id);
    queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
  }
};

const useTaskMutation = <Input>(mutationFn: (input: Input) => Promise<TaskDto>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (task) => void storeTask(queryClient, task) });
};
export const useCreateTask = () => useTaskMutation(createTask);
export const useUpdateTask = () => useTaskMutation(updateTask);
export const useMarkTaskDone = () => useTaskMutation(markTaskDone);
export const useDeleteTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: (_deleted, { id }) => {
      forget(queryClient, [id]);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
    },
  });
};

/** Keeps task lists in step with changes made in other browsers and by the planner's push off. */
export const useTaskPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush<TasksChangedPush>(TASK_PUSHES.changed, (push) => {
        forget(queryClient, push.deleted ?? []);
        void refreshTasks(queryClient);
      }),
    [queryClient],
  );
};
