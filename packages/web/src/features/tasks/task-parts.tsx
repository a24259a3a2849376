import type { TaskDto, TaskEntityType, TaskType } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { ActionIcon, Anchor, Badge, Button, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityLabelOf } from './task-form';
import type { useTaskActions } from './use-task-actions';

/** Where a task's project or offer opens (its list with the record's dialog open); null: not linkable. */
/** Where a task's entity opens; a service item opens on its project (`projectId`). */
export type EntityHref = (entity: {
  type: TaskEntityType;
  id: string;
  projectId: string | null;
}) => string | null;

const TYPE_COLOURS: Record<TaskType, string> = {
  'service-item-emergency': 'red',
  'service-item': 'orange',
  project: 'blue',
  offer: 'grape',
  other: 'gray',
};

export const TaskTypeBadge = ({ type }: { type: TaskType }) => {
  const { t } = useTranslation('tasks');
  return (
    <Badge size="sm" variant="light" color={TYPE_COLOURS[type]} style={{ minWidth: 'max-content' }}>
      {t(`types.${type}`)}
    </Badge>
  );
};

/** "Project 1042 Skole Lørenskog", a link to the record when `entityHref` gives one. */
export const TaskEntity = ({ task, entityHref }: { task: TaskDto; entityHref?: EntityHref }) => {
  const { t } = useTranslation('tasks');
  const label = entityLabelOf(task);
  if (!task.entityType || !task.entityId || label === null) return null;
  const text = t(`entity.${task.entityType}`, { label });
  const href =
    entityHref?.({ type: task.entityType, id: task.entityId, projectId: task.entityProjectId }) ?? null;
  return href ? (
    <Anchor component={Link} to={href} size="sm" onClick={(event) => event.stopPropagation()}>
      {text}
    </Anchor>
  ) : (
    <Text size="sm">{text}</Text>
  );
};

/** The task's date as dd.MM.yyyy; a pending task dated before today is overdue, in red. */
export const TaskDate = ({ task, today }: { task: TaskDto; today: string }) => {
  const { t } = useTranslation('tasks');
  const isOverdue = !task.isDone && task.date < today;
  return (
    <Text
      size="sm"
      c={isOverdue ? 'red' : undefined}
      fw={isOverdue ? 600 : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatDate(task.date)}
      {isOverdue && (
        <Text span size="xs" ml={6} c="red">
          {t('drawer.overdue')}
        </Text>
      )}
    </Text>
  );
};

/** Mark done, or undo on a done task: what the list's first column offers whoever may. */
export const DoneToggle = ({
  task,
  actions,
}: {
  task: TaskDto;
  actions: ReturnType<typeof useTaskActions>;
}) => {
  const { t } = useTranslation('tasks');
  if (!actions.mayMarkDone(task)) return null;
  if (task.isDone) {
    return (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconArrowBackUp size={14} />}
        aria-label={t('actions.undoOf', { name: task.name })}
        onClick={(event) => {
          event.stopPropagation();
          void actions.setDone(task, false);
        }}
      >
        {t('actions.undo')}
      </Button>
    );
  }
  return (
    <Tooltip label={t('actions.markDone')}>
      <ActionIcon
        variant="subtle"
        color="green"
        size="lg"
        aria-label={t('actions.markDoneOf', { name: task.name })}
        onClick={(event) => {
          event.stopPropagation();
          void actions.setDone(task, true);
        }}
      >
        <IconCircleCheck size={22} />
      </ActionIcon>
    </Tooltip>
  );
};
