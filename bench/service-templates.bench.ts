import { serviceTemplates } from '@karm/server/modules/service-templates/service-templates.tables';
import { ensureStarters } from '@karm/server/modules/service-templates/starters';
import { getFullTemplate } from '@karm/server/modules/service-templates/template-tree';
import type { Database } from '@karm/server/platform/db/client';
import { and, eq, like } from 'drizzle-orm';
import { startBenchServer } from './bench-server';
import { measureAlternately, printFigures, printMemory, printRatio } from './measure';
import { seedBenchTemplate } from './template-seed';

const GROUPS = 30;
const ROWS_PER_GROUP = 20;
const ANSWERS_PER_ROW = 5;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const ANSWER_NAMES = ['OK', 'Ikke OK', 'Justert', 'Byttet', 'Ikke aktuelt'];
const ANSWER_COLOURS = ['#2f9e44', '#e03131', '#f08c00', '#1c7ed6', '#999999'];

/** The database, counting the statements started through it (`select`, `execute`…). */
const counting = (db: Database) => {
  let statements = 0;
  const proxy = new Proxy(db, {
    get: (target, property, receiver) => {
      const value = Reflect.get(target, property, receiver);
      if (
        typeof value !== 'function' ||
        !['select', 'execute', 'selectDistinct'].includes(String(property))
      ) {
        return value;
      }
      return (...args: unknown[]) => {
        statements += 1;
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, taken: () => statements, reset: () => (statements = 0) };
};

/**
 * `npm run bench -- service-templates`: a template of 30 groups × 20 rows × 5 answers (600 rows, 3 000
 * answers), then `admin-service:get-full-service-template` through the socket next to the same use
 * case's SQL called in process (`getFullTemplate`: the template with its use, its groups, its rows,
 * its answers, and the tree built from them), with the ratio; and how many statements one read
 * takes, for this template and for an empty one (the same number: no query per row).
 */
export const run = async () => {
  const server = await startBenchServer();
  try {
    const admin = await server.signedInUser({ role: 'admin' });
    const { companyId } = admin;
    const { db } = server.ctx;
    await db.transaction((tx) => ensureStarters(tx, companyId));
    const template = await seedBenchTemplate(db, companyId, {
      name: 'Benk — 30 grupper × 20 rader × 5 svar',
      groups: GROUPS,
      rows: ROWS_PER_GROUP,
      answers: ANSWER_NAMES.slice(0, ANSWERS_PER_ROW).map((name, position) => ({
        name,
        color: ANSWER_COLOURS[position] ?? '#999999',
        isCommentRequired: position > 0,
        isPictureRequired: position === 1,
        isDeviationRequired: position === 1,
      })),
      note: 'Se servicemanualen',
      url: 'https://example.com/manual.pdf',
    });
    const [empty] = await db.insert(serviceTemplates).values({ companyId, name: 'Tom' }).returning();
    await server.ctx.database.runSql('analyze');
    const first = await admin.client.request('admin-service:get-full-service-template', { id: template.id });
    const answers = first.groups.reduce(
      (sum, group) => sum + group.rows.reduce((rowSum, row) => rowSum + row.answers.length, 0),
      0,
    );
    console.log(
      `database: ${server.ctx.database.kind}, groups: ${first.groups.length}, rows: ${first.rowCount}, answers: ${answers}, answer size: ${(JSON.stringify(first).length / 1024).toFixed(0)} KiB, calls: ${CALLS}`,
    );

    const counter = counting(db);
    for (const [label, id] of [
      ['30 × 20 × 5', template.id],
      ['empty', empty?.id ?? ''],
    ] as const) {
      counter.reset();
      await getFullTemplate(counter.db, companyId, id);
      console.log(`statements per get-full-service-template (${label}): ${counter.taken()}`);
    }

    // The big template, and the shipped EN 16005 inspection (7 groups, 36 rows): a template of real size.
    const [shipped] = await db
      .select({ id: serviceTemplates.id })
      .from(serviceTemplates)
      .where(and(eq(serviceTemplates.companyId, companyId), like(serviceTemplates.name, '%EN 16005%')));
    for (const [label, id] of [
      ['30×20×5', template.id],
      ['EN 16005 (shipped)', shipped?.id ?? ''],
    ] as const) {
      // In turn, call by call, so both see the same machine.
      const [socketFigures, sqlFigures] = await measureAlternately(
        CALLS,
        () => admin.client.request('admin-service:get-full-service-template', { id }),
        () => getFullTemplate(db, companyId, id),
      );
      printFigures(`get-full-service-template ${label} — socket`, socketFigures);
      printFigures(`get-full-service-template ${label} — same SQL directly`, sqlFigures);
      printRatio(`get-full-service-template ${label} — socket / SQL`, socketFigures, sqlFigures);
    }
    printMemory();
  } finally {
    await server.close();
  }
};
