import type { TaskDto } from '@karm/domain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, useConfirm, useRecordQuestions } from '@/components';
import { useEmployees } from '@/lib/api/employees';
import { taskKeys, useDeleteTask, useMarkTaskDone } from '@/lib/api/tasks';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { useAuthStore } from '@/lib/store/auth-store';

/** The signed-in user's employees (normally one): whose tasks are "mine". */
export const useOwnEmployeeIds = () => {
  const userId = useAuthStore((state) => state.user?.id);
  const employees = useEmployees();
  return useMemo(
    () =>
      new Set(
        (employees.data ?? []).flatMap((employee) =>
          employee.userId && employee.userId === userId ? [employee.id] : [],
        ),
      ),
    [employees.data, userId],
  );
};

export const isStale = (error: unknown) => error instanceof ApiError && error.code === 'CONFLICT';

/**
 * What a person may do with tasks, and doing it with the house's toasts and questions: marking done
 * (with Undo in the toast, SPEC §4) and undoing, and deleting after asking. Whoever holds
 * `tasks.write` may do all of it to any task; a technician (`tasks.own`) only marks their own done.
 * A task someone else changed meanwhile offers the newer data (`onStale`).
 */
export const useTaskActions = ({ onStale }: { onStale?: (task: TaskDto) => void } = {}) => {
  const { t } = useTranslation('tasks');
  const confirm = useConfirm();
  const questions = useRecordQuestions('tasks');
  const queryClient = useQueryClient();
  const mayWrite = useCan('tasks.write');
  const mayMarkOwn = useCan('tasks.own');
  const ownEmployees = useOwnEmployeeIds();
  const markDone = useMarkTaskDone();
  const remove = useDeleteTask();

  const failed = async (task: TaskDto, error: unknown) => {
    if (!isStale(error)) {
      notifyError(error);
      return;
    }
    if (await questions.wantsNewerVersion()) {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      onStale?.(task);
      notifySuccess(t('toast.retrieved'));
    }
  };

  const setDone = async (task: TaskDto, isDone: boolean): Promise<TaskDto | null> => {
    try {
      const saved = await markDone.mutateAsync({ id: task.id, version: task.version, isDone });
      notifySuccess(
        t(isDone ? 'toast.done' : 'toast.undone', { name: saved.name }),
        // Undo right from the toast: the task is pending again at the version just saved.
        isDone ? { action: { label: t('actions.undo'), onClick: () => void setDone(saved, false) } } : {},
      );
      return saved;
    } catch (error) {
      await failed(task, error);
      return null;
    }
  };

  return {
    mayWrite,
    mayMarkDone: (task: Pick<TaskDto, 'assigneeId'>) =>
      mayWrite || (mayMarkOwn && task.assigneeId !== null && ownEmployees.has(task.assigneeId)),
    isBusy: markDone.isPending || remove.isPending,
    setDone,
    /** Asks first (SPEC: every destructive action asks); true once deleted. */
    remove: async (task: TaskDto) => {
      const isConfirmed = await confirm({
        title: t('delete.title'),
        message: t('delete.confirm', { name: task.name }),
        confirmLabel: t('delete.action'),
      });
      if (!isConfirmed) return false;
      try {
        await remove.mutateAsync({ id: task.id, version: task.version });
        notifySuccess(t('toast.deleted', { name: task.name }));
        return true;
      } catch (error) {
        await failed(task, error);
        return false;
      }
    },
  };
};
