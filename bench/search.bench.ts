import { globalSearchStatement } from '@karm/server/modules/search/search.service';
import { measure, printFigures, printMemory, printRatio } from './measure';
import { withSeededServer } from './seeded-server';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const LIMIT_PER_KIND = 5;

/**
 * `npm run seed -- --projects 100000` first (same DATA_DIR or DATABASE_URL), then this: the header's
 * global search (`search:global`) for typical terms, through the socket as the browser asks it,
 * against the one union statement run directly on the database. The SQL figures show whether the
 * trigram indexes carry the search; the ratio is what transport, validation and grouping add.
 */
export const run = async () => {
  await withSeededServer(async ({ ctx, client, actor }) => {
    const newest = (
      await client.request('projects:filter_new', {
        who: 'alle',
        status: 'all',
        projectSortType: 'number',
        sortDirection: 'desc',
        pageSize: 1,
      })
    ).items[0];
    const TERMS = {
      'a number': String(newest?.number ?? 1),
      'a common word "skole"': 'skole',
      'a customer name part "bygg"': 'bygg',
      'a street "gata"': 'gata',
      'nothing matches': 'xqzxqzxq',
    };
    console.log(`database: ${ctx.database.kind}, calls per term: ${CALLS}`);
    for (const [label, term] of Object.entries(TERMS)) {
      const socket = await measure(CALLS, () =>
        client.request('search:global', { term, limitPerKind: LIMIT_PER_KIND }),
      );
      const statement = globalSearchStatement({ companyId: actor.companyId, term, limit: LIMIT_PER_KIND });
      const direct = await measure(CALLS, async () => {
        if (statement) await ctx.db.execute(statement);
      });
      printFigures(`${label} — socket`, socket);
      printFigures(`${label} — SQL directly`, direct);
      printRatio(`${label} — socket / SQL`, socket, direct);
    }
    printMemory();
  });
};
