import type { InvoiceConfirmationDto, OrderSquareDto, ProjectInvoiceSquaresDto } from '@karm/domain/contract';
import { INVOICE_STATUS_CODES, type InvoiceStatusCode, invoiceStatusCode } from '@karm/domain/rules';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { confirmationPaymentRules, confirmations } from '../confirmations/confirmations.tables';
import { doneCellsOfProjects } from '../processes/process-entries.service';
import { projects } from '../projects/projects.tables';
import { invoices } from './invoices.tables';

/**
 * The order squares of projects (SPEC §3/§4/§9): every payment part of a project's confirmations with
 * the invoice made for it. Read for a page of projects at once (three queries, whatever the page
 * size), so the project list never asks per row.
 */

type InvoiceRow = typeof invoices.$inferSelect;

/** SPEC's square code of an invoice (or of none) on `today`. */
export const statusOfInvoice = (invoice: InvoiceRow | null | undefined, today: string): InvoiceStatusCode =>
  invoiceStatusCode({
    hasInvoice: Boolean(invoice) && !invoice?.isCredited,
    isSent: invoice?.isSent ?? false,
    isPaid: (invoice?.amountOutstanding ?? 1) <= 0,
    dueDate: invoice?.dueDate ?? null,
    today,
  });

/** Whether a part has fallen due on `today`: its date, the delivery, or its process step done. */
const isPartDue = (
  part: typeof confirmationPaymentRules.$inferSelect,
  context: {
    projectId: string;
    deliveryDate: string | null;
    confirmationDate: string;
    doneCells: Set<string>;
  },
  today: string,
) => {
  switch (part.dueKind) {
    case 'onOrder':
      return context.confirmationDate <= today;
    case 'onDate':
      return part.dueDate !== null && part.dueDate <= today;
    case 'atDelivery':
      return context.deliveryDate !== null && context.deliveryDate <= today;
    case 'processColumnCompleted':
      return part.dueColumnId !== null && context.doneCells.has(`${context.projectId}|${part.dueColumnId}`);
  }
};

/** The confirmations of the given projects, each with its squares, in confirmation and part order. */
export const confirmationsWithSquares = async (
  db: Executor,
  companyId: string,
  projects: { id: string; deliveryDate: string | null }[],
  today: string,
): Promise<Map<string, InvoiceConfirmationDto[]>> => {
  const byProject = new Map<string, InvoiceConfirmationDto[]>();
  const projectIds = projects.map((project) => project.id);
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .select({ confirmation: confirmations, part: confirmationPaymentRules })
    .from(confirmations)
    .innerJoin(confirmationPaymentRules, eq(confirmationPaymentRules.confirmationId, confirmations.id))
    .where(
      and(
        eq(confirmations.companyId, companyId),
        eq(confirmations.entityType, 'project'),
        inArray(confirmations.entityId, projectIds),
      ),
    )
    // Order confirmations first, then the project's own invoice plan ('confirmation' < 'invoicePlan').
    .orderBy(asc(confirmations.kind), asc(confirmations.number), asc(confirmationPaymentRules.position));
  if (rows.length === 0) return byProject;
  const [openInvoices, doneCells] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          inArray(invoices.projectId, projectIds),
          not(invoices.isCredited),
        ),
      ),
    doneCellsOfProjects(db, companyId, projectIds),
  ]);
  const invoiceOfPart = new Map(openInvoices.map((invoice) => [invoice.paymentRuleId, invoice]));
  const deliveryOf = new Map(projects.map((project) => [project.id, project.deliveryDate]));
  const byConfirmation = new Map<string, InvoiceConfirmationDto>();
  for (const { confirmation, part } of rows) {
    let entry = byConfirmation.get(confirmation.id);
    if (!entry) {
      entry = {
        confirmationId: confirmation.id,
        confirmationKind: confirmation.kind,
        confirmationNumber: confirmation.number,
        version: confirmation.version,
        isInvoiced: false,
        date: confirmation.date,
        total: confirmation.total,
        customerName: confirmation.customerName,
        squares: [],
      };
      byConfirmation.set(confirmation.id, entry);
      byProject.set(confirmation.entityId, [...(byProject.get(confirmation.entityId) ?? []), entry]);
    }
    const invoice = invoiceOfPart.get(part.id);
    const square: OrderSquareDto = {
      paymentRuleId: part.id,
      position: part.position,
      description: part.description,
      amount: part.amount,
      share:
        part.basisPoints === null
          ? { type: 'fixed', amount: part.fixedAmount ?? 0 }
          : { type: 'percent', basisPoints: part.basisPoints },
      due:
        part.dueKind === 'onDate'
          ? { kind: 'onDate', date: part.dueDate ?? '' }
          : part.dueKind === 'processColumnCompleted'
            ? { kind: 'processColumnCompleted', columnId: part.dueColumnId ?? '' }
            : { kind: part.dueKind },
      isDue: isPartDue(
        part,
        {
          projectId: confirmation.entityId,
          deliveryDate: deliveryOf.get(confirmation.entityId) ?? null,
          confirmationDate: confirmation.date,
          doneCells,
        },
        today,
      ),
      status: statusOfInvoice(invoice, today),
      invoice: invoice
        ? {
            id: invoice.id,
            number: invoice.number,
            amount: invoice.amount,
            amountOutstanding: invoice.amountOutstanding,
            dueDate: invoice.dueDate,
            syncStatus: invoice.syncStatus,
            syncError: invoice.syncError,
            version: invoice.version,
          }
        : null,
    };
    entry.squares.push(square);
    if (part.invoiceId !== null) entry.isInvoiced = true;
  }
  return byProject;
};

/** How many squares each order shows in the project list (SPEC §9: 3 orders, 3 columns). */
const SHOWN = 3;

/** The project list's squares of a page of projects. */
export const projectListSquares = async (
  db: Executor,
  companyId: string,
  projects: { id: string; deliveryDate: string | null }[],
  today: string,
): Promise<Map<string, ProjectInvoiceSquaresDto>> => {
  const all = await confirmationsWithSquares(db, companyId, projects, today);
  return new Map(
    [...all].map(([projectId, orders]) => [
      projectId,
      orders.slice(0, SHOWN).map((order) => ({
        confirmationKind: order.confirmationKind,
        confirmationNumber: order.confirmationNumber,
        squares: order.squares.slice(0, SHOWN).map((square) => ({
          status: square.status,
          number: square.invoice?.number ?? null,
          amount: square.invoice?.amount ?? square.amount,
          dueDate: square.invoice?.dueDate ?? null,
        })),
        moreCount: Math.max(0, order.squares.length - SHOWN),
      })),
    ]),
  );
};

/** The project's invoice columns (kept by the database, migration 0029) that hold a status code. */
const projectHasCode = (code: InvoiceStatusCode, today: string) => {
  switch (code) {
    case INVOICE_STATUS_CODES.noInvoice:
      return sql`${projects.hasUninvoicedPart}`;
    case INVOICE_STATUS_CODES.notSent:
      return sql`${projects.hasUnsentInvoice}`;
    case INVOICE_STATUS_CODES.paid:
      return sql`${projects.hasPaidInvoice}`;
    case INVOICE_STATUS_CODES.pastDueDate:
      return sql`${projects.unpaidDueFirst} < ${today}`;
    case INVOICE_STATUS_CODES.pendingPayment:
      return sql`${projects.unpaidDueLast} >= ${today}`;
  }
};

/**
 * The project list's invoice filters as a condition on `projects`: some square in one of the given
 * codes (none/pending/sent/paid, PROJECT_INVOICE_FILTERS). Read from the project's own invoice
 * columns, which the database keeps in step with every invoice and payment part (migration 0029):
 * working the squares out per project took 200–570 ms at p50 on 100 000 projects (PGlite), a
 * column check does not. Past due depends on the day, so it is compared with the kept due dates.
 */
export const projectsWithSquareStatus = (codes: readonly InvoiceStatusCode[], today: string) =>
  codes.length === 0
    ? sql`false`
    : sql`(${sql.join(
        codes.map((code) => projectHasCode(code, today)),
        sql` or `,
      )})`;
