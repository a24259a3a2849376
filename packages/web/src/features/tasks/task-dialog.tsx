import { TASK_LIMITS, TASK_TYPES, type TaskDto, taskCreateSchema } from '@karm/domain/contract';
import { osloDateOf } from '@karm/domain/rules';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DateInput, notifyError, notifySuccess, useRecordQuestions } from '@/components';
import { useEmployees } from '@/lib/api/employees';
import { taskQueryOptions, useCreateTask, useUpdateTask } from '@/lib/api/tasks';
import { applyServerFieldErrors, changedValues, useContractForm } from '@/lib/forms';
import { EntityPicker } from './entity-picker';
import {
  entityLabelOf,
  newTaskValues,
  type TaskDefaults,
  type TaskFormValues,
  taskFormValuesOf,
  taskInputOf,
} from './task-form';
import { isStale } from './use-task-actions';

export type TaskDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The task to change; null or left out for a new task. */
  task?: TaskDto | null;
  /**
   * Values a new task starts with: a project's "New task" names the project (`entityType`,
   * `entityId`, `entityLabel`), the planner the day (`date`) and the employee (`assigneeId`).
   */
  defaults?: TaskDefaults;
  /** Called with the saved task after a create or update (the dialog then closes). */
  onSaved?: (task: TaskDto) => void;
};

/**
 * SPEC §2 "task create or update (dialog)": name, type (a new task is a service-item emergency,
 * SPEC §9), what it is about, date, description, immediate action and who does it. For whoever
 * holds `tasks.write`. A save against a task someone else changed offers the newer data (SPEC §4).
 */
export const TaskDialog = ({ opened, ...props }: TaskDialogProps) =>
  // Mounted only while open, so every opening starts from the task as given.
  opened ? <TaskDialogWindow key={props.task?.id ?? 'new'} {...props} /> : null;

const TaskDialogWindow = ({ onClose, task: given, defaults, onSaved }: Omit<TaskDialogProps, 'opened'>) => {
  const { t } = useTranslation('tasks');
  const questions = useRecordQuestions('tasks');
  const queryClient = useQueryClient();
  const employees = useEmployees();
  const [task, setTask] = useState<TaskDto | null>(given ?? null);
  const initial = task ? taskFormValuesOf(task) : newTaskValues(osloDateOf(new Date()), defaults);
  const form = useContractForm<TaskFormValues>(taskCreateSchema, initial);
  const create = useCreateTask();
  const update = useUpdateTask();
  const entityLabel = task ? entityLabelOf(task) : (defaults?.entityLabel ?? null);

  const adopt = (fresh: TaskDto) => {
    const values = taskFormValuesOf(fresh);
    setTask(fresh);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  };

  const save = async () => {
    if (form.validate().hasErrors) return;
    try {
      if (!task) {
        const created = await create.mutateAsync(taskInputOf(form.getValues()));
        notifySuccess(t('toast.created', { name: created.name }));
        onSaved?.(created);
        onClose();
        return;
      }
      const changes = changedValues(taskFormValuesOf(task), form.getValues());
      if (Object.keys(changes).length === 0) {
        notifySuccess(t('toast.noChanges'));
        return;
      }
      // The entity is named by its type and id together (the contract refuses half of it).
      if ('entityType' in changes || 'entityId' in changes) {
        changes.entityType = form.getValues().entityType;
        changes.entityId = form.getValues().entityId;
      }
      const saved = await update.mutateAsync({ id: task.id, version: task.version, changes });
      notifySuccess(t('toast.saved', { name: saved.name }));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (task && isStale(error)) {
        if (await questions.wantsNewerVersion()) {
          adopt(await queryClient.fetchQuery(taskQueryOptions(task.id)));
          notifySuccess(t('toast.retrieved'));
        }
      } else if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };

  const values = form.getValues();
  return (
    <AppDialog
      opened
      size="lg"
      title={task ? t('dialog.title', { name: task.name }) : t('dialog.newTitle')}
      onClose={() => void questions.closeUnlessKept(form.isDirty(), onClose)}
      onCancel={() => questions.closeUnlessKept(form.isDirty(), onClose)}
      onSave={save}
      saving={create.isPending || update.isPending}
    >
      <Stack gap="sm">
        <TextInput
          label={t('fields.name')}
          required
          maxLength={TASK_LIMITS.name}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('fields.type')}
            data={TASK_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <DateInput
            label={t('fields.date')}
            required
            value={values.date || null}
            onChange={(date) => form.setFieldValue('date', date ?? '')}
            error={form.getInputProps('date').error}
          />
        </SimpleGrid>
        <EntityPicker
          value={{ entityType: values.entityType, entityId: values.entityId }}
          label={entityLabel}
          onChange={(entity) => form.setValues(entity)}
          error={form.getInputProps('entityId').error}
        />
        <Select
          label={t('fields.assignee')}
          placeholder={t('fields.assigneeNone')}
          searchable
          clearable
          data={(employees.data ?? [])
            .filter((employee) => employee.isActive || employee.id === values.assigneeId)
            .map((employee) => ({ value: employee.id, label: employee.displayName || employee.fullName }))}
          {...form.getInputProps('assigneeId')}
        />
        <Textarea
          label={t('fields.description')}
          minRows={3}
          resize="vertical"
          maxLength={TASK_LIMITS.text}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('fields.immediateAction')}
          description={t('fields.immediateActionHint')}
          minRows={3}
          resize="vertical"
          maxLength={TASK_LIMITS.text}
          {...form.getInputProps('immediateAction')}
        />
      </Stack>
    </AppDialog>
  );
};
