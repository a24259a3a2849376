import { Agent } from 'node:http';
import { confirmationPaymentRules } from '@karm/server/modules/confirmations/confirmations.tables';
import { invoiceConfirmationsOfProject } from '@karm/server/modules/invoices/invoices.service';
import { invoices } from '@karm/server/modules/invoices/invoices.tables';
import { projects } from '@karm/server/modules/projects/projects.tables';
import { count, eq, sql } from 'drizzle-orm';
import { getOkJson } from './http-get';
import { measureAlternately, printFigures, printMemory, printRatio } from './measure';
import { benchProjectFilters } from './project-filters';
import { withSeededServer } from './seeded-server';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
/** The squares call is cheap: it gets its own count (`BENCH_SQUARE_CALLS`). */
const SQUARE_CALLS = Number(process.env.BENCH_SQUARE_CALLS ?? 200);
/** How many different projects the squares call cycles through. */
const PROJECT_SAMPLE = 200;

/**
 * `npm run seed -- --projects 100000` first (same DATA_DIR or DATABASE_URL; it seeds a confirmation
 * with three order squares per project and invoices in every status), then this: the project list's
 * invoice filters (`projects:filter_new` with `hasInvoice` and the invoice statuses) through the
 * socket, and a project's squares (`GET /api/invoices-confirmations/project/{id}`) over REST, each
 * against the same SQL run directly: the use case called in process (for the squares: the project's
 * access check and `confirmationsWithSquares`). The ratio is what transport, the session and
 * permission check, validation and serialisation add.
 */
export const run = async () => {
  await withSeededServer(async (server) => {
    const { ctx, client, actor, url, accessToken } = server;
    const FILTERS = {
      // The baseline: the same list with no invoice filter, counting the same 100 000 projects.
      'no invoice filter (baseline)': { who: 'alle', status: 'all' },
      'has an invoice': { who: 'alle', status: 'all', hasInvoice: true },
      'has no invoice': { who: 'alle', status: 'all', hasInvoice: false },
      'a square without invoice (none)': { who: 'alle', status: 'none' },
      'a square invoiced, not sent (pending)': { who: 'alle', status: 'pending' },
      'a square sent, not paid (sent)': { who: 'alle', status: 'sent' },
      'a square paid (paid)': { who: 'alle', status: 'paid' },
    } as const;

    const countOf = async (table: typeof confirmationPaymentRules | typeof invoices) =>
      (await ctx.db.select({ value: count() }).from(table).where(eq(table.companyId, actor.companyId)))[0]
        ?.value ?? 0;
    const counts = { squares: await countOf(confirmationPaymentRules), invoices: await countOf(invoices) };
    const total = (await client.request('projects:filter_new', { who: 'alle', status: 'all', pageSize: 1 }))
      .total;
    console.log(
      `database: ${ctx.database.kind}, projects: ${total}, order squares: ${counts.squares}, invoices: ${counts.invoices}, calls per filter: ${CALLS}, per squares path: ${SQUARE_CALLS}`,
    );
    // PGlite answers on the event loop the socket's heartbeat needs too: a dropped socket would leave
    // an ack waiting forever, so it ends the run instead.
    client.socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      console.error(`The bench's socket was disconnected (${reason}); the figures stop here.`);
      process.exit(1);
    });
    // Random projects, the same ones for REST and SQL: setseed makes the sample repeatable.
    const sample = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select setseed(0.42)`);
      return tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.companyId, actor.companyId))
        .orderBy(sql`random()`)
        .limit(PROJECT_SAMPLE);
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // The same project for both ways in each turn, so both read the same rows.
    let next = 0;
    const nextProject = () => sample[Math.floor(next++ / 2) % sample.length] ?? { id: '' };
    const [rest, direct] = await measureAlternately(
      SQUARE_CALLS,
      async () => {
        await getOkJson(
          `${url}/api/invoices-confirmations/project/${nextProject().id}`,
          { token: accessToken },
          agent,
        );
      },
      () => invoiceConfirmationsOfProject(ctx, actor, nextProject().id),
    );
    agent.destroy();
    const label = `a project's squares (${sample.length} random projects)`;
    printFigures(`${label} — REST`, rest);
    printFigures(`${label} — same SQL directly`, direct);
    printRatio(`${label} — REST / SQL`, rest, direct);

    // Each label names how many projects the filter matches.
    const labelled: Record<string, object> = {};
    for (const [label, input] of Object.entries(FILTERS)) {
      const matching = (await client.request('projects:filter_new', { ...input, pageSize: 1 })).total;
      labelled[`${label} [${matching}]`] = input;
    }
    await benchProjectFilters(server, labelled, CALLS);
    printMemory();
  });
};
