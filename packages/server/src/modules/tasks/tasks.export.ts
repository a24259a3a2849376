import type { TaskDto } from '@karm/domain/contract';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listTasks } from './tasks.service';

export const tasksExport = exportSource({
  list: 'tasks',
  columns: [
    { key: 'name', type: 'text', value: (task: TaskDto) => task.name },
    { key: 'type', type: 'text', value: (task) => task.type },
    { key: 'date', type: 'date', value: (task) => task.date },
    { key: 'entityNumber', type: 'number', value: (task) => task.entityNumber },
    { key: 'entityName', type: 'text', value: (task) => task.entityName },
    { key: 'assignee', type: 'text', value: (task) => task.assigneeName },
    { key: 'description', type: 'text', value: (task) => task.description },
    { key: 'immediateAction', type: 'text', value: (task) => task.immediateAction },
    { key: 'isDone', type: 'text', value: (task) => task.isDone },
    { key: 'doneAt', type: 'datetime', value: (task) => task.doneAt },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listTasks(ctx, actor, { ...filters, page, pageSize })),
});
