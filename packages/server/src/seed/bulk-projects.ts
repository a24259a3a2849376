import { addDays, daysBetween, splitPlan, vatTotals } from '@karm/domain/rules';
import { sql } from 'drizzle-orm';
import {
  CONFIRMATION_NUMBER_SEQUENCE,
  FIRST_CONFIRMATION_NUMBER,
} from '../modules/confirmations/confirmations.service';
import { confirmationPaymentRules, confirmations } from '../modules/confirmations/confirmations.tables';
import { customers } from '../modules/customers/customers.tables';
import { employees } from '../modules/employees/employees.tables';
import { FIRST_INVOICE_NUMBER, INVOICE_NUMBER_SEQUENCE } from '../modules/invoices/invoices.service';
import { invoices } from '../modules/invoices/invoices.tables';
import { projects } from '../modules/projects/projects.tables';
import { todayIn } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { takeNextNumber } from '../platform/db/number-sequences';
import { newId } from '../platform/ids';
import { DEMO_PAYMENT_PLAN } from './demo-invoicing';
import { seedCustomer, seedEmployee } from './factories';

/** A small seeded generator (mulberry32): the same seed gives the same data on every machine. */
const createRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const PLACES = [
  'Oslo',
  'Lillestrøm',
  'Drammen',
  'Asker',
  'Bærum',
  'Lørenskog',
  'Ski',
  'Moss',
  'Hamar',
  'Jessheim',
];
const KINDS = [
  'Skole',
  'Barnehage',
  'Idrettshall',
  'Kontorbygg',
  'Boligblokk',
  'Næringsbygg',
  'Sykehjem',
  'Butikk',
];
/** Place names built from common parts ("Lindheim", "Østberg"), so a specific search finds a few projects. */
const AREA_STARTS = [
  'Lind',
  'Øst',
  'Vest',
  'Bjørke',
  'Fjell',
  'Holm',
  'Eike',
  'Furu',
  'Rosen',
  'Solli',
  'Berg',
  'Haug',
  'Lunde',
  'Stein',
  'Myr',
  'Dal',
  'Nord',
  'Sør',
  'Bakke',
  'Skog',
];
const AREA_ENDS = [
  'heim',
  'berg',
  'haugen',
  'vollen',
  'lia',
  'åsen',
  'tun',
  'jordet',
  'gården',
  'stua',
  'vika',
  'moen',
  'dalen',
  'sletta',
  'bråten',
];
const BATCH = 1_000;

/**
 * `npm run seed -- --projects N`: adds N realistic projects to a company, with customers and
 * project managers to match, deterministically (seed 42). Used by the project-list benchmark.
 */
export const seedBulkProjects = async (ctx: AppContext, companyId: string, count: number, seed = 42) => {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

  const existingCustomers = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`${customers.companyId} = ${companyId}`);
  const customerIds = existingCustomers.map((row) => row.id);
  for (let index = customerIds.length; index < 2_000; index++) {
    customerIds.push(
      (await seedCustomer(ctx.db, companyId, { name: `${pick(KINDS)}bygg ${pick(PLACES)} ${index} AS` })).id,
    );
  }
  const existingManagers = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(sql`${employees.companyId} = ${companyId}`);
  const managerIds = existingManagers.map((row) => row.id);
  for (let index = managerIds.length; index < 30; index++) {
    managerIds.push(
      (await seedEmployee(ctx.db, companyId, { firstName: 'Prosjektleder', lastName: String(index) })).id,
    );
  }

  const customerNames = new Map(
    (
      await ctx.db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(sql`${customers.companyId} = ${companyId}`)
    ).map((row) => [row.id, row.name]),
  );
  // The money side draws from a stream of its own, so the projects stay the same as before it existed.
  const money = createRandom(seed + 1);
  const today = todayIn(ctx.clock);

  let analyzedAt = 0;
  for (let done = 0; done < count; done += BATCH) {
    // PGlite has no autovacuum: the invoice triggers' queries would be planned for the tables as they
    // were before the load (near empty) and slow down with every batch. Statistics whenever the
    // tables have doubled keep the plans right for a few analyses in all.
    if (done >= 2 * analyzedAt && done > 0) {
      await ctx.db.execute(sql`analyze projects, confirmations, confirmation_payment_rules, invoices`);
      analyzedAt = done;
    }
    const size = Math.min(BATCH, count - done);
    const first = await reserveNumbers(ctx, companyId, 'project', 1_001, size);
    const rows = Array.from({ length: size }, (_, offset) => {
      const start = addDays('2019-01-07', Math.floor(random() * 2_900));
      const delivery = addDays(start, 21 + Math.floor(random() * 180));
      const roll = random();
      const state = roll < 0.55 ? 'active' : roll < 0.9 ? 'completed' : 'archived';
      return {
        companyId,
        number: first + offset,
        name: `${pick(KINDS)} ${pick(AREA_STARTS)}${pick(AREA_ENDS)} ${first + offset}`,
        state: state as 'active' | 'completed' | 'archived',
        customerId: pick(customerIds),
        projectManagerId: pick(managerIds),
        startDate: start,
        deliveryDate: delivery,
        endDate: state === 'active' ? null : addDays(delivery, Math.floor(random() * 30)),
        isClosed: state !== 'active',
        isService: random() < 0.1,
        projectAddress: `${pick(['Storgata', 'Kirkeveien', 'Industriveien', 'Skolegata'])} ${1 + Math.floor(random() * 120)}`,
        projectCity: pick(PLACES),
        projectValue: Math.floor(random() * 5_000_000) * 100,
      };
    });
    const inserted = await ctx.db
      .insert(projects)
      .values(rows)
      .returning({ id: projects.id, state: projects.state });
    await seedOrderSquares(
      ctx,
      companyId,
      rows.map((row, index) => ({
        ...row,
        id: inserted[index]?.id ?? '',
        customerName: customerNames.get(row.customerId) ?? '',
      })),
      money,
      today,
    );
  }
};

/** `size` numbers of a company's sequence in two statements (one per call otherwise); the first is returned. */
const reserveNumbers = async (
  ctx: AppContext,
  companyId: string,
  kind: string,
  first: number,
  size: number,
) => {
  if (size === 0) return first;
  const start = await takeNextNumber(ctx.db, companyId, kind, first);
  if (size > 1)
    await ctx.db.execute(
      sql`update number_sequences set last_value = last_value + ${size - 1} where company_id = ${companyId} and kind = ${kind}`,
    );
  return start;
};

type Random = () => number;
type SeededProject = {
  id: string;
  name: string;
  state: 'active' | 'completed' | 'archived';
  customerId: string;
  customerName: string;
  startDate: string;
  deliveryDate: string;
  projectValue: number;
};
type InvoiceStatus = 'notSent' | 'pendingPayment' | 'pastDue' | 'paid';

/** Which status an invoice on a project in this state has: mostly paid once the project is done. */
const invoiceStatusFor = (state: SeededProject['state'], roll: number): InvoiceStatus => {
  if (state === 'archived') return 'paid';
  const [notSent, pending, pastDue] = state === 'completed' ? [0.05, 0.13, 0.2] : [0.2, 0.4, 0.55];
  return roll < notSent ? 'notSent' : roll < pending ? 'pendingPayment' : roll < pastDue ? 'pastDue' : 'paid';
};

/** Whether a part of the 30/60/10 plan is invoiced: all of a finished project's, fewer of an active one's. */
const isInvoiced = (project: SeededProject, position: number, roll: number, today: string) => {
  if (project.state !== 'active') return true;
  if (position === 0) return roll < 0.75;
  if (position === 1) return roll < (project.deliveryDate <= today ? 0.6 : 0.1);
  return roll < 0.15;
};

const DUE_DAYS = 14;
const CREDITED_SHARE = 0.04;
/** Rows per insert, well under PostgreSQL's 65 535 parameters for the widest table. */
const INSERT_ROWS = 1_000;

const insertInChunks = async <Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += INSERT_ROWS)
    await insert(rows.slice(start, start + INSERT_ROWS));
};

/**
 * A confirmation per project (the demo's 30/60/10 plan on the project value with VAT) and invoices
 * on a realistic share of its three parts, in every status: not sent, pending payment, past due,
 * paid, and credited (half of those invoiced again). Batched: a few inserts per batch of projects.
 */
const seedOrderSquares = async (
  ctx: AppContext,
  companyId: string,
  batch: SeededProject[],
  random: Random,
  today: string,
) => {
  const firstConfirmation = await reserveNumbers(
    ctx,
    companyId,
    CONFIRMATION_NUMBER_SEQUENCE,
    FIRST_CONFIRMATION_NUMBER,
    batch.length,
  );
  const confirmationRows: (typeof confirmations.$inferInsert)[] = [];
  const partRows: (typeof confirmationPaymentRules.$inferInsert)[] = [];
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const between = (from: string, to: string) =>
    addDays(from, Math.floor(random() * Math.max(1, daysBetween(from, to) + 1)));
  for (const [index, project] of batch.entries()) {
    const date = project.startDate <= today ? project.startDate : today;
    const totals = vatTotals(project.projectValue);
    const split = splitPlan(totals.total, DEMO_PAYMENT_PLAN);
    if (!split.ok) throw new Error(`The demo plan does not split ${totals.total}`);
    const confirmation = {
      id: newId(),
      companyId,
      entityType: 'project' as const,
      entityId: project.id,
      number: firstConfirmation + index,
      date,
      customerId: project.customerId,
      customerName: project.customerName,
      lines: [
        {
          description: project.name,
          count: 1,
          unitPrice: project.projectValue,
          discountPercent: 0,
          salesPrice: project.projectValue,
          vatPercent: 25,
        },
      ],
      ...totals,
    };
    confirmationRows.push(confirmation);
    for (const [position, rule] of DEMO_PAYMENT_PLAN.entries()) {
      const amount = split.amounts[position] ?? 0;
      const part = {
        id: newId(),
        companyId,
        confirmationId: confirmation.id,
        position,
        description: rule.description,
        basisPoints: rule.share.basisPoints,
        amount,
        dueKind: rule.due.kind,
        invoiceId: null as string | null,
      };
      partRows.push(part);
      if (!isInvoiced(project, position, random(), today)) continue;
      const makeInvoice = (status: InvoiceStatus, isCredited: boolean) => {
        // Pending payment is due from today on; past due fell due before today; the rest any time since the order.
        const invoiceDate =
          status === 'pendingPayment' || status === 'notSent'
            ? addDays(today, -Math.floor(random() * DUE_DAYS))
            : status === 'pastDue'
              ? addDays(today, -(DUE_DAYS + 1 + Math.floor(random() * 120)))
              : between(
                  date < today ? date : today,
                  project.deliveryDate < today ? project.deliveryDate : today,
                );
        const invoice = {
          id: newId(),
          companyId,
          projectId: project.id,
          confirmationId: confirmation.id,
          paymentRuleId: part.id,
          requestId: newId(),
          description: part.description,
          customerId: project.customerId,
          customerName: project.customerName,
          invoiceDate,
          dueDate: addDays(invoiceDate, DUE_DAYS),
          amount,
          amountOutstanding: status === 'paid' ? 0 : amount,
          isSent: status !== 'notSent',
          isCredited,
          creditReason: isCredited ? 'Feil beløp' : '',
          creditedAt: isCredited ? new Date(`${invoiceDate}T12:00:00Z`) : null,
          syncStatus: 'local' as const,
          createdAt: new Date(`${invoiceDate}T08:00:00Z`),
          updatedAt: new Date(`${invoiceDate}T08:00:00Z`),
        };
        invoiceRows.push(invoice);
        part.invoiceId = invoice.id;
      };
      if (random() < CREDITED_SHARE) {
        makeInvoice('notSent', true);
        if (random() < 0.5) continue;
      }
      makeInvoice(invoiceStatusFor(project.state, random()), false);
    }
  }
  const firstInvoice = await reserveNumbers(
    ctx,
    companyId,
    INVOICE_NUMBER_SEQUENCE,
    FIRST_INVOICE_NUMBER,
    invoiceRows.length,
  );
  for (const [index, invoice] of invoiceRows.entries()) invoice.number = firstInvoice + index;
  await ctx.db.insert(confirmations).values(confirmationRows);
  await insertInChunks(partRows, (chunk) => ctx.db.insert(confirmationPaymentRules).values(chunk));
  await insertInChunks(invoiceRows, (chunk) => ctx.db.insert(invoices).values(chunk));
};
