import {
  DEFAULT_TASK_TYPE,
  type TaskCreateInput,
  type TaskDto,
  type TaskEntityType,
  type TaskType,
} from '@karm/domain/contract';

/**
 * What the task dialog edits (SPEC §3 Task: name, type, entity, date, description, immediate action,
 * and who does it). The date is text while typed: empty fails the contract's "date is not valid".
 */
export type TaskFormValues = {
  name: string;
  type: TaskType;
  entityType: TaskEntityType | null;
  entityId: string | null;
  date: string;
  description: string;
  immediateAction: string;
  assigneeId: string | null;
};

/** What a new task may start with: a project's "New task" names the project, the planner a day and person. */
export type TaskDefaults = Partial<TaskFormValues> & {
  /** How the prefilled entity reads ("1042 Skole Lørenskog"), shown until the person picks another. */
  entityLabel?: string;
};

export const newTaskValues = (today: string, defaults: TaskDefaults = {}): TaskFormValues => ({
  name: defaults.name ?? '',
  type: defaults.type ?? DEFAULT_TASK_TYPE,
  entityType: defaults.entityType ?? null,
  entityId: defaults.entityId ?? null,
  date: defaults.date ?? today,
  description: defaults.description ?? '',
  immediateAction: defaults.immediateAction ?? '',
  assigneeId: defaults.assigneeId ?? null,
});

export const taskFormValuesOf = (task: TaskDto): TaskFormValues => ({
  name: task.name,
  type: task.type,
  entityType: task.entityType,
  entityId: task.entityId,
  date: task.date,
  description: task.description,
  immediateAction: task.immediateAction,
  assigneeId: task.assigneeId,
});

/** The form as the contract takes it (names and texts trimmed by the schema). */
export const taskInputOf = (values: TaskFormValues): TaskCreateInput => ({ ...values });

/** "1042 Skole Lørenskog": how a task names its project or offer; null when it names none. */
export const entityLabelOf = (task: Pick<TaskDto, 'entityNumber' | 'entityName'>) =>
  task.entityNumber === null ? null : `${task.entityNumber} ${task.entityName ?? ''}`.trim();
