import type { processEntryUpdateSchema } from '@karm/domain/contract';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { socketModule } from '../../platform/realtime/socket-module';
import { announcePartsDueOnStep } from '../invoices/ready-to-invoice';
import { projectsReadableBy } from '../projects/project-access';
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

const SETTINGS = 'projects.settings';
/** Whoever sees projects sees the process grid's columns and cells (a technician only their projects'). */
const READ = ['projects.read', 'projects.read-own', SETTINGS] as const;

/** SPEC §8: a cell of a project that is gone (or another company's) fails with the catalogue's words. */
const updateProcessCell = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof processEntryUpdateSchema>,
) => {
  await findOwnProject(ctx.db, actor.companyId, input.projectId).catch(() => {
    throw new AppError('NOT_FOUND', PROJECT_MISSING_FOR_PROCESS);
  });
  const entry = await updateProcessEntry(ctx, actor.companyId, input);
  // The change set a step's completion: payment parts due on it are ready to invoice.
  const completedNow = Boolean(input.noteDates?.completed || input.noteDates?.received);
  await announcePartsDueOnStep(ctx, actor.companyId, entry, completedNow);
  return entry;
};

export const processEvents = socketModule({
  'mongo:project_process': {
    access: READ,
    useCase: async (ctx, actor, input) => {
      const [columns, projectIds] = await Promise.all([
        listProcessColumns(ctx, actor.companyId),
        projectsReadableBy(ctx, actor, input.projectIds),
      ]);
      return { columns, entries: await entriesOfProjects(ctx.db, actor.companyId, projectIds) };
    },
  },
  'process:update-entry': { access: 'process.update', useCase: updateProcessCell },
  'process-columns:get': { access: READ, useCase: (ctx, actor) => listProcessColumns(ctx, actor.companyId) },
  'process-columns:create': { access: SETTINGS, useCase: createProcessColumn },
  'process-columns:update': { access: SETTINGS, useCase: updateProcessColumn },
  'process-columns:reorder': {
    access: SETTINGS,
    useCase: (ctx, actor, input) => reorderProcessColumns(ctx, actor, input.ids),
  },
  'process-columns:delete': {
    access: SETTINGS,
    useCase: (ctx, actor, input) => deleteProcessColumn(ctx, actor, input.id),
  },
  'process-columns:create-sub': { access: SETTINGS, useCase: createSubProcess },
  'process-columns:delete-sub': {
    access: SETTINGS,
    useCase: (ctx, actor, input) => deleteSubProcess(ctx, actor, input.id),
  },
});
