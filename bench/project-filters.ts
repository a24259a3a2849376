import { projectFiltersSchema } from '@karm/domain/rules';
import { filterProjects } from '@karm/server/modules/projects/project-filter';
import { measure, printFigures, printRatio } from './measure';
import type { SeededServer } from './seeded-server';

/**
 * The project list (`projects:filter_new`) for each filter through the socket as the browser asks
 * it, against the same SQL run directly — the use case itself (page, total, the page's names and
 * order squares), called in process — printed with the ratio: what the socket, the session and
 * permission check, validation and serialisation add.
 */
export const benchProjectFilters = async (
  { ctx, client, actor }: SeededServer,
  filters: Record<string, object>,
  calls: number,
) => {
  for (const [label, input] of Object.entries(filters)) {
    const parsed = projectFiltersSchema.parse(input);
    const socket = await measure(calls, () => client.request('projects:filter_new', parsed));
    const direct = await measure(calls, () => filterProjects(ctx, actor, parsed));
    printFigures(`${label} — socket`, socket);
    printFigures(`${label} — same SQL directly`, direct);
    printRatio(`${label} — socket / SQL`, socket, direct);
  }
};
