import type { InvoiceConfirmationDto, OrderSquareDto, ProjectInvoiceSquaresDto } from '@karm/domain/contract';
import { INVOICE_STATUS_CODES, type InvoiceStatusCode, invoiceStatusCode } from '@karm/domain/rules';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { confirmationPaymentRules, confirmations } from '../confirmations/confirmations.tables';
import { doneCellsOfProjects } from '../processes/process-entries.service';
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
    .orderBy(asc(confirmations.number), asc(confirmationPaymentRules.position));
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
        confirmationNumber: confirmation.number,
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

/**
 * The project list's invoice filters as SQL over `projects.id`: a project with some square in one of
 * the given codes (none/pending/sent/paid, PROJECT_INVOICE_FILTERS), or with any invoice at all
 * (`hasInvoice`). Past due depends on the day, so it is worked out here from the due date.
 *
 * An invoiced square is found from the invoice alone: an open invoice is always on a square of its
 * project's confirmation (made only for a project's confirmation, which is then never moved or
 * deleted), and carries the project id, so no join over the confirmations and their parts is needed
 * (measured on 100 000 projects, PGlite: about a third of the time). Only "no invoice" reads the parts.
 */
export const projectsWithSquareStatus = (
  companyId: string,
  projectId: ReturnType<typeof sql>,
  codes: readonly InvoiceStatusCode[],
  today: string,
) => {
  const invoiceCodes = codes.filter((code) => code !== INVOICE_STATUS_CODES.noInvoice);
  const code = sql`case
    when i.amount_outstanding <= 0 then ${INVOICE_STATUS_CODES.paid}
    when not i.is_sent then ${INVOICE_STATUS_CODES.notSent}
    when i.due_date < ${today} then ${INVOICE_STATUS_CODES.pastDueDate}
    else ${INVOICE_STATUS_CODES.pendingPayment} end`;
  const invoiced =
    invoiceCodes.length === 0
      ? undefined
      : sql`exists (
    select 1 from invoices i
    where i.company_id = ${companyId} and i.project_id = ${projectId} and not i.is_credited
      and (${code}) in (${sql.join(
        invoiceCodes.map((value) => sql`${value}`),
        sql`, `,
      )})
  )`;
  const uninvoiced = codes.includes(INVOICE_STATUS_CODES.noInvoice)
    ? sql`exists (
    select 1 from confirmations c
    join confirmation_payment_rules r on r.confirmation_id = c.id
    where c.company_id = ${companyId} and c.entity_type = 'project' and c.entity_id = ${projectId}
      and not exists (select 1 from invoices i where i.payment_rule_id = r.id and not i.is_credited)
  )`
    : undefined;
  if (invoiced && uninvoiced) return sql`(${invoiced} or ${uninvoiced})`;
  return invoiced ?? uninvoiced ?? sql`false`;
};

/** A project with at least one invoice not credited. */
export const projectsWithInvoice = (companyId: string, projectId: ReturnType<typeof sql>) =>
  sql`exists (select 1 from invoices i where i.company_id = ${companyId} and i.project_id = ${projectId} and not i.is_credited)`;
