import { AppError } from '../../platform/errors';
import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { findOwnProject } from '../projects/projects.service';
import {
  createProcessColumn,
  createSubProcess,
  deleteProcessColumn,
  deleteSubProcess,
  listProcessColumns,
  reorderProcessColumns,
  updateProcessColumn,
} from './process-columns.service';
import {
  entriesOfProjects,
  PROJECT_MISSING_FOR_PROCESS,
  updateProcessEntry,
} from './process-entries.service';

type ProcessEvent =
  | 'mongo:project_process'
  | 'process:update-entry'
  | 'process-columns:get'
  | 'process-columns:create'
  | 'process-columns:update'
  | 'process-columns:reorder'
  | 'process-columns:delete'
  | 'process-columns:create-sub'
  | 'process-columns:delete-sub';

export const processesSocketHandlers: SocketHandlers<ProcessEvent> = {
  'mongo:project_process': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    const [columns, entries] = await Promise.all([
      listProcessColumns(ctx, actor.companyId),
      entriesOfProjects(ctx.db, actor.companyId, input.projectIds),
    ]);
    return { columns, entries };
  },
  'process:update-entry': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    await findOwnProject(ctx.db, actor.companyId, input.projectId).catch(() => {
      throw new AppError('NOT_FOUND', PROJECT_MISSING_FOR_PROCESS);
    });
    return updateProcessEntry(ctx, actor.companyId, input);
  },
  'process-columns:get': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return listProcessColumns(ctx, actor.companyId);
  },
  'process-columns:create': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return createProcessColumn(ctx, actor, input);
  },
  'process-columns:update': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateProcessColumn(ctx, actor, input);
  },
  'process-columns:reorder': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return reorderProcessColumns(ctx, actor, input.ids);
  },
  'process-columns:delete': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return deleteProcessColumn(ctx, actor, input.id);
  },
  'process-columns:create-sub': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return createSubProcess(ctx, actor, input);
  },
  'process-columns:delete-sub': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return deleteSubProcess(ctx, actor, input.id);
  },
};
