/**
 * Tasks (SPEC §2 /tasks, the task dialog and drawer; §3 Task; §4 pending or done with undo).
 *
 * For other screens, composed in `app/` (features never import each other):
 * - `TaskDrawer` `{ taskId, onClose, task?, entityHref? }` shows one task with its actions (mark done
 *   and undo, edit in the dialog, delete after asking); `taskId: null` closes it.
 * - `TaskDialog` `{ opened, onClose, task?, defaults?, onSaved? }` creates a task (with `defaults`,
 *   e.g. the planner's `{ date, assigneeId }` or a project's `{ entityType, entityId, entityLabel }`)
 *   or changes `task`.
 * - `EntityTasks` `{ entityType, entityId, entityLabel }`: the tasks of one project or offer.
 */
export { EntityTasks, type EntityTasksProps } from './entity-tasks';
export { TaskDialog, type TaskDialogProps } from './task-dialog';
export { TaskDrawer, type TaskDrawerProps } from './task-drawer';
export type { TaskDefaults } from './task-form';
export type { EntityHref } from './task-parts';
export { TasksPage } from './tasks-page';
