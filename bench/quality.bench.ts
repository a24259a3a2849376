import { deviationListQuerySchema, paretoQuerySchema } from '@karm/domain/contract';
import { deviationPareto, listDeviations } from '@karm/server/modules/quality/deviation-list';
import { deviationActions, deviations } from '@karm/server/modules/quality/quality.tables';
import { administrativeActor } from '@karm/server/platform/context';
import { newId } from '@karm/server/platform/ids';
import { startBenchServer } from './bench-server';
import { browsers, getOkJson } from './http-get';
import { measureAlternately, printFigures, printMemory, printRatio } from './measure';

const DEVIATIONS = Number(process.env.BENCH_DEVIATIONS ?? 50_000);
/**
 * REST calls per path: 300, so that p95 is not one pause among 100. Each path calls from its own
 * address (`browsers`): the API allows 1 200 calls a minute from one; beyond it the answers are
 * 429s, and the run stops (getOkJson) rather than print them.
 */
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const BATCH = 1_000;

const PRODUCTS = Array.from({ length: 120 }, (_, index) => `Dør D-${100 + index}`);
const SUPPLIERS = ['Beslag AS', 'Glass AS', 'Tetning AS', 'Motor AS', 'Profil AS', 'Karm AS', 'Lås AS', ''];
const CATEGORIES = [
  'product',
  'production',
  'installation',
  'service',
  'hms',
  'supplier',
  'customer-complaint',
] as const;
const SEVERITIES = ['low', 'medium', 'high'] as const;
const STATUSES = ['open', 'in-progress', 'closed', 'closed', 'closed'] as const;

/** A skewed pick, so the Pareto chart has a head and a tail as real data does. */
const skewed = <T>(list: readonly T[], seed: number) => list[Math.floor(list.length * (seed % 1) ** 2)] as T;

/**
 * `npm run bench -- quality`: 50 000 deviations over three years (with an action each for a third),
 * then the deviation list with filters and the Pareto aggregation for a year, through REST as the
 * browser asks, next to the same use case's SQL called in process — measured call by call in turn —
 * with the ratio.
 */
export const run = async () => {
  const server = await startBenchServer();
  const browser = browsers();
  try {
    const admin = await server.signedInUser({ role: 'admin' });
    const { companyId } = admin;
    const { db } = server.ctx;
    const started = performance.now();
    for (let offset = 0; offset < DEVIATIONS; offset += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, DEVIATIONS - offset) }, (_, index) => {
        const number = offset + index + 1;
        const seed = Math.sin(number) * 10_000;
        const day = new Date(Date.UTC(2024, 0, 1) + (number % 1_095) * 86_400_000).toISOString().slice(0, 10);
        return {
          id: newId(),
          companyId,
          number,
          title: `Avvik ${number}: ${skewed(['lekkasje', 'riper', 'feil mål', 'manglende del', 'skadet glass'], seed)}`,
          description: 'Oppdaget ved kontroll',
          category: skewed(CATEGORIES, seed * 3),
          severity: SEVERITIES[number % 3] ?? 'low',
          status: STATUSES[number % 5] ?? 'open',
          date: day,
          product: skewed(PRODUCTS, seed * 7),
          supplier: skewed(SUPPLIERS, seed * 11),
          reportedBy: admin.userId,
          reportedAt: new Date(`${day}T10:00:00Z`),
          handlerId: number % 4 === 0 ? admin.userId : null,
          costOre: (number % 50) * 10_000,
        };
      });
      await db.insert(deviations).values(rows);
      await db.insert(deviationActions).values(
        rows
          .filter((_, index) => index % 3 === 0)
          .map((row) => ({
            companyId,
            deviationId: row.id,
            position: 0,
            description: 'Bytt delen',
            kind: 'corrective' as const,
            dueDate: row.date,
            isDone: row.status === 'closed',
          })),
      );
    }
    await server.ctx.database.runSql('analyze');
    console.log(
      `database: ${server.ctx.database.kind}, deviations: ${DEVIATIONS}, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s, calls: ${CALLS}`,
    );

    const actor = administrativeActor(companyId, admin.userId);
    const headers = { token: admin.token };
    const LISTS = {
      'list, not closed, newest first': 'status=not-closed',
      'list, a year, high severity, product category, page 3':
        'from=2025-01-01&to=2025-12-31&severity=high&category=product&page=3',
      'list, search "glass"': 'search=glass',
      'list, a year, one supplier (a Pareto bar)': 'from=2025-01-01&to=2025-12-31&supplier=Glass%20AS',
    } as const;
    for (const [label, query] of Object.entries(LISTS)) {
      const parsed = deviationListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const agent = browser.next();
      const [rest, direct] = await measureAlternately(
        CALLS,
        () => getOkJson(`${server.url}/api/quality/deviations?${query}`, headers, agent),
        () => listDeviations(server.ctx, actor, parsed),
      );
      printFigures(`${label} — REST`, rest);
      printFigures(`${label} — same SQL directly`, direct);
      printRatio(`${label} — REST / SQL`, rest, direct);
    }
    for (const by of ['product', 'supplier', 'category'] as const) {
      const query = `by=${by}&from=2025-01-01&to=2025-12-31&measure=cost`;
      const parsed = paretoQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const agent = browser.next();
      const [rest, direct] = await measureAlternately(
        CALLS,
        () => getOkJson(`${server.url}/api/quality/pareto?${query}`, headers, agent),
        () => deviationPareto(server.ctx, actor, parsed),
      );
      printFigures(`Pareto by ${by}, a year — REST`, rest);
      printFigures(`Pareto by ${by}, a year — same SQL directly`, direct);
      printRatio(`Pareto by ${by}, a year — REST / SQL`, rest, direct);
    }
    printMemory();
  } finally {
    browser.close();
    await server.close();
  }
};
