import type { ProjectDto } from '@karm/domain/contract';
import { exportSource, orderedBatches } from '../exports/export-source';
import { projectDtos } from './project-dto';
import { projectFilterQueries, projectRowsInOrder } from './project-filter';

/** The project list as the screen filters it (SPEC §9 filters, "mine", read-own), page by page. */
export const projectsExport = exportSource({
  list: 'projects',
  columns: [
    { key: 'number', type: 'number', value: (project: ProjectDto) => project.number },
    { key: 'name', type: 'text', value: (project) => project.name },
    { key: 'customer', type: 'text', value: (project) => project.customer?.name },
    { key: 'projectManager', type: 'text', value: (project) => project.projectManager?.displayName },
    { key: 'department', type: 'text', value: (project) => project.department?.displayName },
    { key: 'state', type: 'text', value: (project) => project.state },
    { key: 'startDate', type: 'date', value: (project) => project.startDate },
    { key: 'deliveryDate', type: 'date', value: (project) => project.deliveryDate },
    { key: 'endDate', type: 'date', value: (project) => project.endDate },
    { key: 'projectAddress', type: 'text', value: (project) => project.projectAddress },
    { key: 'projectPostalCode', type: 'text', value: (project) => project.projectPostalCode },
    { key: 'projectCity', type: 'text', value: (project) => project.projectCity },
    { key: 'projectValue', type: 'money', value: (project) => project.projectValue },
  ],
  // The list's own order, read once as ids; the rows by id a batch at a time (the invoice squares and
  // total are the screen's).
  batches: (ctx, actor, filters) =>
    orderedBatches(
      async () => {
        const queries = await projectFilterQueries(ctx, actor, filters);
        return (await queries.allIds()).map((row) => row.id);
      },
      async (ids) => projectDtos(ctx, actor.companyId, await projectRowsInOrder(ctx, actor.companyId, ids)),
    ),
});
