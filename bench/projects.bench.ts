import { printMemory } from './measure';
import { benchProjectFilters } from './project-filters';
import { withSeededServer } from './seeded-server';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);

/**
 * `npm run seed -- --projects 100000` first (same DATA_DIR or DATABASE_URL), then this: the project
 * list (`projects:filter_new`) for seven typical filters, through the socket as the browser asks it,
 * against the same two SQL statements run directly on the database. The ratio is what the
 * transport, validation, name look-ups and serialisation add.
 */
export const run = async () => {
  await withSeededServer(async (server) => {
    const { ctx, client } = server;
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
    await benchProjectFilters(server, FILTERS, CALLS);
    printMemory();
  });
};
