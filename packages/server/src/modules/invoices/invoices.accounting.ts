import { type ConfirmationKind, INVOICE_PUSHES, type InvoicesChangedPush } from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { and, eq, inArray, isNotNull, lte, ne, not, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  AccountingError,
  type AccountingInvoice,
  type AccountingPort,
  type AccountingSendType,
} from '../../integrations/accounting/port';
import type { AppContext } from '../../platform/context';
import { confirmations } from '../confirmations/confirmations.tables';
import { PUSH_LEASE_MS, pushCustomerNow, retryDelayMs } from '../customers/customers.accounting';
import { customers } from '../customers/customers.tables';
import { projects } from '../projects/projects.tables';
import { invoices } from './invoices.tables';
import { attachMissingPurchaseOrder } from './purchase-order.accounting';

/**
 * Invoices in the accounting system (issue 13, README "Invoicing"). Each pending invoice is pushed as
 * an order with one line — the payment part at its price including VAT, so the invoice comes out
 * exact to the øre — and then invoiced. Every step is recognised on a retry instead of repeated: the
 * order by its reference (`karm-invoice:<id>`), the invoice by its order, the signed order by its
 * file name among the order's documents. A credited invoice that was charged gets a credit note. An
 * invoice already there is pending again only for what it lacks (a signed order added later). The
 * sync reads back what is outstanding and the due dates.
 */

type InvoiceRow = typeof invoices.$inferSelect;

/** The order's comment in the accounting system names what the part belongs to (Norwegian: the customer reads it). */
const INVOICE_COMMENT_PREFIXES: Record<ConfirmationKind, string> = {
  confirmation: 'Ordrebekreftelse',
  invoicePlan: 'Fakturaplan',
};

export const orderReferenceOf = (invoiceId: string) => `karm-invoice:${invoiceId}`;

const SEND_TYPES: readonly string[] = ['EMAIL', 'EHF', 'PAPER'] satisfies AccountingSendType[];

const announce = (ctx: AppContext, row: InvoiceRow) => {
  const push: InvoicesChangedPush = { projectId: row.projectId };
  ctx.realtime.toCompany(row.companyId, INVOICE_PUSHES.changed, push);
};

/** Claims the company's invoices due for a push, moving them ahead so other instances skip them. */
const claimPending = async (ctx: AppContext, companyId: string, limit: number) => {
  const now = ctx.clock.now();
  const due = ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.syncStatus, 'pending'),
        lte(invoices.nextSyncAt, now),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(invoices)
    .set({ nextSyncAt: new Date(now.getTime() + PUSH_LEASE_MS) })
    .where(inArray(invoices.id, due))
    .returning();
};

/** What the accounting system says of the invoice: its number, dates and what is outstanding. */
const remoteValues = (remote: AccountingInvoice) => ({
  accountingInvoiceId: remote.externalId,
  number: remote.invoiceNumber,
  invoiceDate: remote.invoiceDate,
  dueDate: remote.invoiceDueDate,
  amountOutstanding: Math.max(0, remote.amountOutstanding),
  isSent: remote.isCharged,
});

const save = async (ctx: AppContext, row: InvoiceRow, values: PgUpdateSetSource<typeof invoices>) => {
  const [saved] = await ctx.db
    .update(invoices)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(invoices.id, row.id))
    .returning();
  return saved ?? row;
};

/** The order made for the invoice before an answer was lost, found by its reference on its date. */
const findOrder = async (port: AccountingPort, row: InvoiceRow) => {
  for (let from = 0; ; from += 100) {
    const page = await port.listOrders({
      orderDateFrom: row.invoiceDate,
      orderDateTo: addDays(row.invoiceDate, 1),
      from,
      count: 100,
    });
    const found = page.items.find((order) => order.reference === orderReferenceOf(row.id));
    if (found || page.isLast) return found ?? null;
  }
};

/** The invoice made of the order before an answer was lost (invoiced on the invoice's date or later). */
const findInvoiceOfOrder = async (
  ctx: AppContext,
  port: AccountingPort,
  row: InvoiceRow,
  orderId: string,
) => {
  const until = addDays(ctx.clock.now().toISOString().slice(0, 10), 2);
  for (let from = 0; ; from += 100) {
    const page = await port.listInvoices({
      invoiceDateFrom: row.invoiceDate,
      invoiceDateTo: until,
      from,
      count: 100,
    });
    const found = page.items.find(
      (invoice) => !invoice.isCreditNote && invoice.orderExternalIds.includes(orderId),
    );
    if (found || page.isLast) return found ?? null;
  }
};

const customerAccountingId = async (ctx: AppContext, row: InvoiceRow) => {
  if (!row.customerId) throw new AccountingError('validation', 'The invoice has no customer');
  const read = async () =>
    (
      await ctx.db
        .select({ accountingId: customers.accountingId })
        .from(customers)
        .where(and(eq(customers.companyId, row.companyId), eq(customers.id, row.customerId as string)))
    )[0]?.accountingId ?? null;
  const known = await read();
  if (known) return known;
  // A customer kept in Karm only goes to the accounting system first (as on converting an offer).
  await pushCustomerNow(ctx, row.companyId, row.customerId);
  const pushed = await read();
  if (!pushed) throw new AccountingError('validation', 'The customer is not in the accounting system');
  return pushed;
};

/** Makes the order (or finds the one a lost answer made) and invoices it (or finds that invoice). */
const pushInvoice = async (ctx: AppContext, port: AccountingPort, claimed: InvoiceRow) => {
  let row = claimed;
  const isRetry = row.syncAttempts > 0;
  let orderId = row.accountingOrderId;
  // An order that existed before this round may have been invoiced before an answer was lost.
  let mayBeInvoiced = orderId !== null;
  if (!orderId) {
    const found = isRetry ? await findOrder(port, row) : null;
    mayBeInvoiced = found !== null;
    if (found) orderId = found.externalId;
    else {
      const [context] = await ctx.db
        .select({
          confirmationKind: confirmations.kind,
          confirmationNumber: confirmations.number,
          projectAccountingId: projects.accountingId,
        })
        .from(confirmations)
        .innerJoin(projects, eq(projects.id, row.projectId))
        .where(eq(confirmations.id, row.confirmationId));
      const order = await port.createOrder({
        customerExternalId: await customerAccountingId(ctx, row),
        projectExternalId: context?.projectAccountingId ?? null,
        orderDate: row.invoiceDate,
        deliveryDate: row.invoiceDate,
        reference: orderReferenceOf(row.id),
        invoiceComment: context
          ? `${INVOICE_COMMENT_PREFIXES[context.confirmationKind]} ${context.confirmationNumber}`
          : '',
        lines: [
          {
            description: row.description || 'Delbetaling',
            count: 1,
            unitPriceExcludingVat: 0,
            unitPriceIncludingVat: row.amount,
            discountPercent: 0,
            vatTypeExternalId: null,
          },
        ],
      });
      orderId = order.externalId;
    }
    row = await save(ctx, row, { accountingOrderId: orderId });
  }
  const existing = mayBeInvoiced ? await findInvoiceOfOrder(ctx, port, row, orderId) : null;
  const remote =
    existing ??
    (await port.invoiceOrder(orderId, {
      invoiceDate: row.invoiceDate,
      sendToCustomer: true,
      ...(SEND_TYPES.includes(row.sendMethod) && { sendType: row.sendMethod as AccountingSendType }),
    }));
  return save(ctx, row, remoteValues(remote));
};

/** Credits a charged invoice with a credit note (once: a credited one is recognised on a retry). */
const pushCredit = async (ctx: AppContext, port: AccountingPort, row: InvoiceRow) => {
  let invoiceId = row.accountingInvoiceId;
  // Credited before its push finished: the order may have been invoiced all the same.
  if (!invoiceId && row.accountingOrderId) {
    invoiceId = (await findInvoiceOfOrder(ctx, port, row, row.accountingOrderId))?.externalId ?? null;
  }
  if (invoiceId) {
    const current = await port.getInvoice(invoiceId);
    if (!current.isCredited) {
      await port.createCreditNote(invoiceId, {
        date: ctx.clock.now().toISOString().slice(0, 10),
        comment: row.creditReason,
        sendToCustomer: true,
      });
    }
  }
  return save(ctx, row, { ...(invoiceId && { accountingInvoiceId: invoiceId }), isCreditPending: false });
};

/**
 * The last step of every push: the signed order, if one still has to go to the order, then "synced".
 * It comes after the invoice or credit note, so a file the accounting system refuses never holds
 * them up (the invoice then stays pending for the file alone). A change saved while this push ran —
 * a credit, a signed order uploaded — was not seen by it: every such change is a new version, so a row
 * no longer at the version claimed stays due, decided in the same statement that would mark it synced.
 */
const finishPush = async (ctx: AppContext, port: AccountingPort, claimed: InvoiceRow, row: InvoiceRow) => {
  const attached = await attachMissingPurchaseOrder(ctx, port, row);
  const now = ctx.clock.now();
  const isUnchanged = sql`${invoices.version} = ${claimed.version}`;
  return save(ctx, row, {
    ...attached,
    syncStatus: sql`case when ${isUnchanged} then 'synced' else 'pending' end`,
    syncError: null,
    nextSyncAt: sql`case when ${isUnchanged} then null else ${now.toISOString()}::timestamptz end`,
  });
};

const recordFailure = async (ctx: AppContext, row: InvoiceRow, error: AccountingError) => {
  const attempts = row.syncAttempts + 1;
  const fields = error.details?.fields ? ` (${Object.values(error.details.fields).join('; ')})` : '';
  // Refused data is shown as failed but tried again (at most hourly): a person may fix the customer.
  const saved = await save(ctx, row, {
    syncStatus: error.kind === 'validation' ? 'failed' : 'pending',
    syncError: `${error.message}${fields}`,
    syncAttempts: attempts,
    nextSyncAt: new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)),
  });
  announce(ctx, saved);
};

/**
 * Pushes every invoice of the company that is due (new ones, and credits of charged ones). Stops at
 * an outage or refused credentials: the rest stay pending and nothing is lost.
 */
export const pushPendingInvoices = async (ctx: AppContext, companyId: string, port: AccountingPort) => {
  const counts = { created: 0, credited: 0, attached: 0, deferred: 0, failed: 0 };
  const errors: string[] = [];
  // Failed ones (refused data) are due again on their own schedule, as pending ones are.
  await ctx.db
    .update(invoices)
    .set({ syncStatus: 'pending' })
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.syncStatus, 'failed'),
        lte(invoices.nextSyncAt, ctx.clock.now()),
      ),
    );
  const claimed = await claimPending(ctx, companyId, 100);
  for (const [index, row] of claimed.entries()) {
    // Already invoiced, or credited before it got there: only its signed order may be missing.
    const isThere = row.accountingInvoiceId !== null || row.isCredited;
    const step = row.isCreditPending ? 'credited' : isThere ? 'attached' : 'created';
    try {
      const pushed =
        step === 'credited'
          ? await pushCredit(ctx, port, row)
          : step === 'created'
            ? await pushInvoice(ctx, port, row)
            : row;
      const saved = await finishPush(ctx, port, row, pushed);
      counts[step]++;
      announce(ctx, saved);
    } catch (error) {
      if (!(error instanceof AccountingError)) throw error;
      await recordFailure(ctx, row, error);
      counts[error.kind === 'validation' ? 'failed' : 'deferred']++;
      errors.push(`Invoice ${row.description || row.id}: ${error.message}`);
      if (error.kind === 'validation' || error.kind === 'not-found' || error.kind === 'conflict') continue;
      const rest = claimed.slice(index + 1).map((remaining) => remaining.id);
      if (rest.length > 0) {
        await ctx.db.update(invoices).set({ nextSyncAt: ctx.clock.now() }).where(inArray(invoices.id, rest));
      }
      break;
    }
  }
  return { counts, errors };
};

/**
 * Reads back the company's open invoices from the accounting system: what is outstanding (paid or
 * not), due dates, and credit notes made there. One page of invoices per date range, never one call
 * per invoice.
 */
export const pullInvoiceStatuses = async (ctx: AppContext, companyId: string, port: AccountingPort) => {
  const open = await ctx.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.syncStatus, 'synced'),
        isNotNull(invoices.accountingInvoiceId),
        or(not(invoices.isCredited), eq(invoices.isCreditPending, true)),
        ne(invoices.amountOutstanding, 0),
      ),
    );
  if (open.length === 0) return { updated: 0 };
  const from = open.reduce(
    (earliest, row) => (row.invoiceDate < earliest ? row.invoiceDate : earliest),
    '9999-12-31',
  );
  const until = addDays(ctx.clock.now().toISOString().slice(0, 10), 2);
  const byId = new Map(open.map((row) => [row.accountingInvoiceId as string, row]));
  let updated = 0;
  for (let offset = 0; ; offset += 1000) {
    const page = await port.listInvoices({
      invoiceDateFrom: from,
      invoiceDateTo: until,
      from: offset,
      count: 1000,
    });
    for (const remote of page.items) {
      const row = byId.get(remote.externalId);
      if (!row) continue;
      const values = remoteValues(remote);
      const isCreditedThere = remote.isCredited && !row.isCredited;
      if (
        values.amountOutstanding === row.amountOutstanding &&
        values.dueDate === row.dueDate &&
        values.isSent === row.isSent &&
        !isCreditedThere
      ) {
        continue;
      }
      const saved = await save(ctx, row, {
        amountOutstanding: values.amountOutstanding,
        dueDate: values.dueDate,
        isSent: values.isSent,
        ...(isCreditedThere && {
          isCredited: true,
          creditReason: 'Kreditert i regnskapssystemet',
          creditedAt: ctx.clock.now(),
        }),
        version: row.version + 1,
      });
      updated++;
      announce(ctx, saved);
    }
    if (page.isLast) break;
  }
  return { updated };
};
