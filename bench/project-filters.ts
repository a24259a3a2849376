import { projectFiltersSchema } from '@karm/domain/rules';
import { projectFilterQueries } from '@karm/server/modules/projects/project-filter';
import { measure, printFigures, printRatio } from './measure';
import type { SeededServer } from './seeded-server';

/**
 * The project list (`projects:filter_new`) for each filter through the socket as the browser asks
 * it, against the same two SQL statements (page and total) run directly, printed with the ratio.
 */
export const benchProjectFilters = async (
  { ctx, client, actor }: SeededServer,
  filters: Record<string, object>,
  calls: number,
) => {
  for (const [label, input] of Object.entries(filters)) {
    const parsed = projectFiltersSchema.parse(input);
    const socket = await measure(calls, () => client.request('projects:filter_new', parsed));
    const direct = await measure(calls, async () => {
      const queries = await projectFilterQueries(ctx, actor, parsed);
      await Promise.all([queries.rows, queries.total]);
    });
    printFigures(`${label} — socket`, socket);
    printFigures(`${label} — SQL directly`, direct);
    printRatio(`${label} — socket / SQL`, socket, direct);
  }
};
