import type { TaskDto } from '@karm/domain/contract';
import { formatDate, formatDateTime, osloDateOf } from '@karm/domain/rules';
import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components';
import { useTask } from '@/lib/api/tasks';
import { useIsPhone } from '@/lib/use-is-phone';
import { TaskDialog } from './task-dialog';
import { type EntityHref, TaskDate, TaskEntity, TaskTypeBadge } from './task-parts';
import { useTaskActions } from './use-task-actions';

export type TaskDrawerProps = {
  /** The task to show; null closes the drawer. */
  taskId: string | null;
  onClose: () => void;
  /** The task as the opener has it already, shown at once while the drawer reads it afresh. */
  task?: TaskDto | null;
  /** Where the task's project or offer opens; without it the entity shows as text. */
  entityHref?: EntityHref;
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    {children}
  </Stack>
);

/**
 * SPEC §2 "task create or update (drawer)": one task at the right-hand side with what can be done to
 * it — mark it done or undo that, change it (the task dialog), delete it after asking. Opened from
 * the task list, a project's tasks and the planner; it reads the task afresh, so it shows what the
 * database holds, and follows changes pushed from other browsers.
 */
export const TaskDrawer = ({ taskId, onClose, task: given, entityHref }: TaskDrawerProps) => {
  const { t } = useTranslation('tasks');
  const isPhone = useIsPhone();
  const loaded = useTask(taskId);
  const [isEditing, setEditing] = useState(false);
  const actions = useTaskActions({ onStale: () => void loaded.refetch() });
  const task = loaded.data ?? (given?.id === taskId ? given : null);
  const today = osloDateOf(new Date());
  const mayMarkDone = task ? actions.mayMarkDone(task) : false;

  return (
    <>
      <Drawer
        opened={taskId !== null}
        onClose={onClose}
        position="right"
        size={isPhone ? '100%' : 'md'}
        title={
          <Title order={2} size="h4">
            {task?.name ?? t('drawer.title')}
          </Title>
        }
        closeButtonProps={{ 'aria-label': t('drawer.close') }}
      >
        {!task ? (
          loaded.isError ? (
            <Alert color="red">{errorMessageOf(loaded.error)}</Alert>
          ) : (
            <Group justify="center" py="xl">
              <Loader aria-label={t('drawer.loading')} />
            </Group>
          )
        ) : (
          <Stack gap="md" data-task-drawer={task.id}>
            <Group gap="xs">
              <TaskTypeBadge type={task.type} />
              <Badge color={task.isDone ? 'green' : 'gray'} variant={task.isDone ? 'filled' : 'outline'}>
                {t(task.isDone ? 'drawer.done' : 'drawer.pending')}
              </Badge>
            </Group>
            <Field label={t('fields.date')}>
              <TaskDate task={task} today={today} />
            </Field>
            {task.entityId && (
              <Field label={t('fields.entity')}>
                <TaskEntity task={task} entityHref={entityHref} />
              </Field>
            )}
            <Field label={t('fields.assignee')}>
              <Text size="sm">{task.assigneeName ?? t('fields.assigneeNone')}</Text>
            </Field>
            {task.description && (
              <Field label={t('fields.description')}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {task.description}
                </Text>
              </Field>
            )}
            {task.immediateAction && (
              <Field label={t('fields.immediateAction')}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {task.immediateAction}
                </Text>
              </Field>
            )}
            {task.isDone && task.doneAt && (
              <Text size="sm" c="dimmed">
                {t('drawer.doneAt', { time: formatDateTime(task.doneAt) })}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('drawer.created', { date: formatDate(task.createdAt.slice(0, 10)) })}
            </Text>
            <Group gap="xs">
              {mayMarkDone &&
                (task.isDone ? (
                  <Button
                    variant="light"
                    leftSection={<IconArrowBackUp size={16} />}
                    loading={actions.isBusy}
                    onClick={() => void actions.setDone(task, false)}
                  >
                    {t('actions.undo')}
                  </Button>
                ) : (
                  <Button
                    color="green"
                    leftSection={<IconCheck size={16} />}
                    loading={actions.isBusy}
                    onClick={() => void actions.setDone(task, true)}
                  >
                    {t('actions.markDone')}
                  </Button>
                ))}
              {actions.mayWrite && (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setEditing(true)}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={actions.isBusy}
                    onClick={async () => {
                      if (await actions.remove(task)) onClose();
                    }}
                  >
                    {t('actions.delete')}
                  </Button>
                </>
              )}
            </Group>
            {!actions.mayWrite && !mayMarkDone && (
              <Text size="sm" c="dimmed">
                {t('drawer.readOnly')}
              </Text>
            )}
          </Stack>
        )}
      </Drawer>
      <TaskDialog opened={isEditing && task !== null} task={task} onClose={() => setEditing(false)} />
    </>
  );
};
