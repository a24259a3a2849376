import { projectFiltersSchema } from '@karm/domain/rules';
import { projectFilterQueries } from '@karm/server/modules/projects/project-filter';
import { measure, printFigures, printMemory, printRatio } from './measure';
import { withSeededServer } from './seeded-server';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);

/**
 * `npm run seed -- --projects 100000` first (same DATA_DIR or DATABASE_URL), then this: the project
 * list (`projects:filter_new`) for seven typical filters, through the socket as the browser asks it,
 * against the same two SQL statements run directly on the database. The ratio is what the
 * transport, validation, name look-ups and serialisation add.
 */
export const run = async () => {
  await withSeededServer(async ({ ctx, client, actor }) => {
    const someCustomer =
      (await client.request('customer:get', { pageSize: 1, search: 'bygg' })).items[0]?.id ?? null;

    const FILTERS = {
      'default (mine, active, by delivery)': {},
      'all, newest number first': {
        who: 'alle',
        status: 'all',
        projectSortType: 'number',
        sortDirection: 'desc',
      },
      'search "lindheim" (a place)': { who: 'alle', status: 'all', searchQuery: 'lindheim' },
      'search "skole" (matches a third)': { who: 'alle', status: 'all', searchQuery: 'skole' },
      'customer, completed last year': {
        who: 'alle',
        status: 'completed',
        customer: someCustomer,
        endedRange: 365,
      },
      'active by customer name, page 50': {
        who: 'alle',
        status: 'active',
        projectSortType: 'customer',
        pageNumber: 50,
      },
      'active by project manager, then customer': {
        who: 'alle',
        status: 'active',
        projectSortType: 'projectManager',
        projectSorts: [{ projectSortType: 'customer', sortDirection: 'asc' }],
      },
    } as const;

    const total = (await client.request('projects:filter_new', { who: 'alle', status: 'all', pageSize: 1 }))
      .total;
    console.log(
      `database: ${ctx.database.kind}, projects in the company: ${total}, calls per filter: ${CALLS}`,
    );
    for (const [label, input] of Object.entries(FILTERS)) {
      const filters = projectFiltersSchema.parse(input);
      const socket = await measure(CALLS, () => client.request('projects:filter_new', filters));
      const direct = await measure(CALLS, async () => {
        const queries = await projectFilterQueries(ctx, actor, filters);
        await Promise.all([queries.rows, queries.total]);
      });
      printFigures(`${label} — socket`, socket);
      printFigures(`${label} — SQL directly`, direct);
      printRatio(`${label} — socket / SQL`, socket, direct);
    }
    printMemory();
  });
};
