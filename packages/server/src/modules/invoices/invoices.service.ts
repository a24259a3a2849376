import {
  INVOICE_PUSHES,
  type InvoiceConfirmationDto,
  type InvoiceDto,
  type InvoiceSendMethod,
  type InvoicesChangedPush,
  type invoiceCreateSchema,
  type invoiceDeleteSchema,
  type invoiceListQuerySchema,
  type invoiceUpdateSchema,
  type Page,
  periodOf,
} from '@karm/domain/contract';
import { addDays, VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, count, desc, eq, ilike, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountingSettings } from '../../integrations/accounting/accounting.tables';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { dateInRange } from '../../platform/db/date-range';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { conflict, notFound } from '../../platform/errors';
import { accountingPushJob } from '../accounting/accounting.jobs';
import { invoiceSettingsOf } from '../billing-settings/invoice-settings.service';
import { confirmationPaymentRules, confirmations } from '../confirmations/confirmations.tables';
import { effectivePaymentTerm } from '../customers/customer-billing';
import { customers } from '../customers/customers.tables';
import { files } from '../files/files.tables';
import { findReadableProject } from '../projects/project-access';
import { projects } from '../projects/projects.tables';
import { confirmationsWithSquares, statusOfInvoice } from './invoice-squares';
import { invoices } from './invoices.tables';

/**
 * Invoices per order square (issue 13). An administrator invoices one payment part of a project's
 * confirmation; with an accounting system the invoice is `pending` until the accounting push (a job,
 * invoices.accounting.ts) has made the order and the invoice there, else it is Karm's own (`local`,
 * numbered by Karm) and an administrator marks it sent and paid. Crediting keeps the row and frees
 * the square; a charged invoice gets a credit note in the accounting system, never a silent delete.
 */

/** Karm's own invoice numbers (no accounting system): a per-company sequence from 1. */
export const INVOICE_NUMBER_SEQUENCE = 'invoice';
export const FIRST_INVOICE_NUMBER = 1;

/** Days until an invoice to the customer falls due; a one-time customer gets the company's default. */
const dueDaysOf = async (db: Executor, companyId: string, customerId: string | null) =>
  customerId
    ? (await effectivePaymentTerm(db, companyId, customerId)).daysUntilDue
    : (await invoiceSettingsOf(db, companyId)).defaultDueDays;

/** How the invoice reaches the customer: the customer's send method, else the company's. */
const sendMethodOf = async (db: Executor, companyId: string, customerId: string | null) => {
  const [customer] = customerId
    ? await db
        .select({ method: customers.invoiceSendMethod })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)))
    : [];
  return (customer?.method ?? (await invoiceSettingsOf(db, companyId)).sendMethod) as InvoiceSendMethod;
};

/** Tells the company's browsers a project's squares changed: the Invoices tab, lists and project list refresh. */
export const invoicesChanged = (ctx: AppContext, companyId: string, projectId: string) => {
  const push: InvoicesChangedPush = { projectId };
  ctx.realtime.toCompany(companyId, INVOICE_PUSHES.changed, push);
};

/** Whether the company keeps its invoices in an accounting system (then Karm pushes them there). */
const hasAccountingSystem = async (db: Executor, companyId: string) => {
  const [settings] = await db
    .select({ provider: accountingSettings.provider })
    .from(accountingSettings)
    .where(eq(accountingSettings.companyId, companyId));
  return settings !== undefined && settings.provider !== 'none';
};

/** The rows behind the DTOs: each invoice with its project, confirmation and purchase order file. */
const selectInvoices = (db: Executor) =>
  db
    .select({
      invoice: invoices,
      projectNumber: projects.number,
      projectName: projects.name,
      confirmationKind: confirmations.kind,
      confirmationNumber: confirmations.number,
      fileName: files.originalName,
    })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(confirmations, eq(confirmations.id, invoices.confirmationId))
    .leftJoin(files, eq(files.id, invoices.purchaseOrderFileId));

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['where']>>[number];

const toDto = (row: JoinedRow, today: string): InvoiceDto => {
  const { invoice } = row;
  return {
    id: invoice.id,
    projectId: invoice.projectId,
    projectNumber: row.projectNumber,
    projectName: row.projectName,
    confirmationId: invoice.confirmationId,
    confirmationKind: row.confirmationKind,
    confirmationNumber: row.confirmationNumber,
    paymentRuleId: invoice.paymentRuleId,
    description: invoice.description,
    customerId: invoice.customerId,
    customerName: invoice.customerName,
    number: invoice.number,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    amount: invoice.amount,
    amountOutstanding: invoice.amountOutstanding,
    isSent: invoice.isSent,
    isCredited: invoice.isCredited,
    status: statusOfInvoice(invoice, today),
    syncStatus: invoice.syncStatus,
    syncError: invoice.syncError,
    purchaseOrderFile:
      invoice.purchaseOrderFileId && row.fileName
        ? { id: invoice.purchaseOrderFileId, name: row.fileName }
        : null,
    creditReason: invoice.creditReason,
    createdAt: invoice.createdAt.toISOString(),
    createdBy: invoice.createdBy,
    version: invoice.version,
  };
};

/** One of the company's invoices as a DTO; another company's is "not found". */
export const invoiceDto = async (ctx: AppContext, companyId: string, id: string) => {
  const [row] = await selectInvoices(ctx.db).where(
    and(eq(invoices.companyId, companyId), eq(invoices.id, id)),
  );
  if (!row) throw notFound('Invoice');
  return toDto(row, todayIn(ctx.clock));
};

/** `invoice:get` — one invoice of a project the actor may read. */
export const getInvoice = async (ctx: AppContext, actor: Actor, input: { id: string }) => {
  const dto = await invoiceDto(ctx, actor.companyId, input.id);
  await findReadableProject(ctx.db, actor, dto.projectId);
  return dto;
};

/**
 * Saves a change to a locked invoice as its next version. One in the accounting system (made while
 * the company had one) is pending again, its push queued in the same transaction, so a committed
 * change always reaches the accounting system.
 */
export const saveForPush = async (
  ctx: AppContext,
  tx: Executor,
  row: typeof invoices.$inferSelect,
  now: Date,
  changes: Partial<typeof invoices.$inferInsert>,
) => {
  const isInAccounting = row.syncStatus !== 'local';
  await tx
    .update(invoices)
    .set({
      ...changes,
      ...(isInAccounting && { syncStatus: 'pending' as const, nextSyncAt: now }),
      version: row.version + 1,
      updatedAt: now,
    })
    .where(eq(invoices.id, row.id));
  if (isInAccounting) await ctx.jobs.send(accountingPushJob, { companyId: row.companyId }, { tx });
};

/** The invoice at the version the client read, locked for the change. */
const lockedInvoice = async (tx: Executor, companyId: string, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .for('update');
  if (!row) throw notFound('Invoice');
  if (row.version !== version) throw conflict(MESSAGES.invoiceChanged, { currentVersion: row.version });
  return row;
};

/**
 * POST /invoices — invoices one payment part of a project's confirmation (administrators only: the
 * route's `invoices.write`). Refused with CONFLICT for a part already invoiced, an offer's
 * confirmation, or a repeated click (the same `requestId`); nothing is changed then.
 */
export const createInvoice = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof invoiceCreateSchema>,
): Promise<InvoiceDto> => {
  const today = todayIn(ctx.clock);
  let invoiceId: string;
  let projectId: string;
  try {
    ({ invoiceId, projectId } = await ctx.db.transaction(async (tx) => {
      const [confirmation] = await tx
        .select()
        .from(confirmations)
        .where(and(eq(confirmations.companyId, actor.companyId), eq(confirmations.id, input.confirmationId)))
        .for('update');
      if (!confirmation) throw notFound('Confirmation');
      if (confirmation.entityType !== 'project') throw conflict(MESSAGES.invoiceNeedsProject);
      await findReadableProject(tx, actor, confirmation.entityId);
      const [part] = await tx
        .select()
        .from(confirmationPaymentRules)
        .where(
          and(
            eq(confirmationPaymentRules.confirmationId, confirmation.id),
            eq(confirmationPaymentRules.id, input.paymentRuleId),
          ),
        );
      if (!part) throw notFound('Payment part');
      // One open invoice per part; a credited one frees it (the partial unique index holds the race).
      const [open] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.paymentRuleId, part.id), not(invoices.isCredited)));
      if (open) throw conflict(MESSAGES.invoiceExists);
      const isLocal = !(await hasAccountingSystem(tx, actor.companyId));
      const now = ctx.clock.now();
      const [row] = await tx
        .insert(invoices)
        .values({
          companyId: actor.companyId,
          projectId: confirmation.entityId,
          confirmationId: confirmation.id,
          paymentRuleId: part.id,
          requestId: input.requestId,
          description: part.description,
          customerId: confirmation.customerId,
          customerName: confirmation.customerName,
          number: isLocal
            ? await takeNextNumber(tx, actor.companyId, INVOICE_NUMBER_SEQUENCE, FIRST_INVOICE_NUMBER)
            : null,
          invoiceDate: today,
          // The customer's payment term (its own, its category's, the company's), in days.
          dueDate: addDays(today, await dueDaysOf(tx, actor.companyId, confirmation.customerId)),
          sendMethod: await sendMethodOf(tx, actor.companyId, confirmation.customerId),
          amount: part.amount,
          amountOutstanding: part.amount,
          syncStatus: isLocal ? 'local' : 'pending',
          nextSyncAt: isLocal ? null : now,
          createdAt: now,
          createdBy: actor.userId,
          updatedAt: now,
        })
        .returning({ id: invoices.id });
      if (!row) throw new Error('Invoice insert returned nothing');
      await tx
        .update(confirmationPaymentRules)
        .set({ invoiceId: row.id })
        .where(eq(confirmationPaymentRules.id, part.id));
      if (!isLocal) await ctx.jobs.send(accountingPushJob, { companyId: actor.companyId }, { tx });
      return { invoiceId: row.id, projectId: confirmation.entityId };
    }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same click twice, or two people invoicing the same part at once: one invoice is made.
    const [repeated] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, actor.companyId), eq(invoices.requestId, input.requestId)));
    throw conflict(repeated ? MESSAGES.invoiceDuplicate : MESSAGES.invoiceExists);
  }
  invoicesChanged(ctx, actor.companyId, projectId);
  return invoiceDto(ctx, actor.companyId, invoiceId);
};

/**
 * DELETE /invoices/{id} and `invoices:del` — credits the invoice with the reason given. Karm's own
 * invoice is credited at once; one in the accounting system gets a credit note there (pushed by the
 * accounting job, `isCreditPending` until then). The row stays as history and the part keeps pointing
 * at it (the confirmation stays invoiced: its plan no longer changes), yet the square is free again.
 */
export const creditInvoice = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof invoiceDeleteSchema>,
): Promise<InvoiceDto> => {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockedInvoice(tx, actor.companyId, input.id, input.version);
    await findReadableProject(tx, actor, row.projectId);
    if (row.isCredited) throw conflict(MESSAGES.invoiceCredited);
    const isInAccounting = row.syncStatus !== 'local';
    const now = ctx.clock.now();
    await saveForPush(ctx, tx, row, now, {
      isCredited: true,
      creditReason: input.reason,
      creditedAt: now,
      creditedBy: actor.userId,
      amountOutstanding: 0,
      isCreditPending: isInAccounting,
      ...(isInAccounting && { syncAttempts: 0 }),
    });
    return row.projectId;
  });
  invoicesChanged(ctx, actor.companyId, projectId);
  return invoiceDto(ctx, actor.companyId, input.id);
};

/**
 * `invoices:upd` — for Karm's own invoices (no accounting system): mark it sent, register a payment.
 * An invoice in the accounting system follows it (the sync reads what is outstanding): refused.
 */
export const updateInvoice = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof invoiceUpdateSchema>,
): Promise<InvoiceDto> => {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockedInvoice(tx, actor.companyId, input.id, input.version);
    await findReadableProject(tx, actor, row.projectId);
    if (row.syncStatus !== 'local') throw conflict(MESSAGES.invoiceFollowsAccounting);
    if (row.isCredited) throw conflict(MESSAGES.invoiceCredited);
    const { isSent, paymentAmount } = input.changes;
    if (isSent && row.isSent) throw conflict(MESSAGES.invoiceAlreadySent);
    if (paymentAmount !== undefined && paymentAmount > row.amountOutstanding) {
      throw conflict(MESSAGES.invoiceOverpaid, { amountOutstanding: row.amountOutstanding });
    }
    await tx
      .update(invoices)
      .set({
        ...(isSent && { isSent: true }),
        ...(paymentAmount !== undefined && { amountOutstanding: row.amountOutstanding - paymentAmount }),
        version: row.version + 1,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(invoices.id, row.id));
    return row.projectId;
  });
  invoicesChanged(ctx, actor.companyId, projectId);
  return invoiceDto(ctx, actor.companyId, input.id);
};

/** The list filters as SQL (past due and unpaid follow the calendar, so they read the due date). */
export const invoiceListFilter = (
  filter: z.output<typeof invoiceListQuerySchema>['filter'],
  today: string,
): SQL | undefined => {
  const open = and(not(invoices.isCredited), sql`${invoices.amountOutstanding} > 0`);
  switch (filter) {
    case 'all':
      return undefined;
    case 'notSent':
      return and(open, not(invoices.isSent));
    case 'unpaid':
      return and(open, eq(invoices.isSent, true));
    case 'pastDue':
      return and(open, eq(invoices.isSent, true), lt(invoices.dueDate, today));
    case 'paid':
      return and(not(invoices.isCredited), sql`${invoices.amountOutstanding} <= 0`);
    case 'credited':
      return eq(invoices.isCredited, true);
  }
};

type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

/** The list's condition under every filter but paging; `isSearch` says whether it reads the projects' names too. */
const invoiceListCondition = async (ctx: AppContext, actor: Actor, query: InvoiceListQuery) => {
  const today = todayIn(ctx.clock);
  if (query.projectId) await findReadableProject(ctx.db, actor, query.projectId);
  const term = query.search.trim();
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = and(
    eq(invoices.companyId, actor.companyId),
    query.projectId ? eq(invoices.projectId, query.projectId) : undefined,
    invoiceListFilter(query.filter, today),
    dateInRange(invoices.invoiceDate, periodOf(query)),
    term
      ? or(
          ilike(invoices.customerName, pattern),
          ilike(invoices.description, pattern),
          ilike(projects.name, pattern),
          sql`${invoices.number}::text = ${term}`,
          sql`${projects.number}::text = ${term}`,
        )
      : undefined,
  );
  return { where, today, isSearch: term !== '' };
};

/**
 * The list's total. The projects are joined only to search their names: counting the dashboard's
 * past-due alert through a join hashed all 100 000 projects of a large company for nothing.
 */
const totalOf = (db: Executor, where: SQL | undefined, isSearch: boolean) =>
  isSearch
    ? db
        .select({ value: count() })
        .from(invoices)
        .innerJoin(projects, eq(projects.id, invoices.projectId))
        .where(where)
    : db.select({ value: count() }).from(invoices).where(where);

/** The list's total alone (the dashboard's alert): no page of rows is read. */
export const invoiceListTotal = async (ctx: AppContext, actor: Actor, query: InvoiceListQuery) => {
  const { where, isSearch } = await invoiceListCondition(ctx, actor, query);
  const [total] = await totalOf(ctx.db, where, isSearch);
  return total?.value ?? 0;
};

/** `invoices:get` — the company's invoices, newest first, filtered and paged on the server. */
export const listInvoices = async (
  ctx: AppContext,
  actor: Actor,
  query: InvoiceListQuery,
): Promise<Page<InvoiceDto>> => {
  const { where, today, isSearch } = await invoiceListCondition(ctx, actor, query);
  const [rows, [total]] = await Promise.all([
    selectInvoices(ctx.db)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    totalOf(ctx.db, where, isSearch),
  ]);
  return {
    items: rows.map((row) => toDto(row, today)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** GET /invoices-confirmations/project/{id} — the project's confirmations with their squares. */
export const invoiceConfirmationsOfProject = async (
  ctx: AppContext,
  actor: Actor,
  projectId: string,
): Promise<InvoiceConfirmationDto[]> => {
  const project = await findReadableProject(ctx.db, actor, projectId);
  const byProject = await confirmationsWithSquares(
    ctx.db,
    actor.companyId,
    [{ id: project.id, deliveryDate: project.deliveryDate }],
    todayIn(ctx.clock),
  );
  return byProject.get(project.id) ?? [];
};
