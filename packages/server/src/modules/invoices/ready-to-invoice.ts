import { INVOICE_PUSHES, type ProcessEntryDto, type ReadyToInvoicePush } from '@karm/domain/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { companyAdministrators } from '../auth/users.repository';
import { confirmationPaymentRules, confirmations } from '../confirmations/confirmations.tables';
import { projects } from '../projects/projects.tables';
import { invoices } from './invoices.tables';

/** A process step is done once its completed (or received) date is set. */
const isStepDone = (noteDates: Record<string, string>) => Boolean(noteDates.completed || noteDates.received);

/**
 * Milestone (a-konto) invoicing driven by the production process: when a step of a column that
 * carries the invoice flag is completed, the payment parts due on it are ready to invoice, and the
 * company's administrators are told at once (a notice in their open tabs naming the project and the
 * parts); the project's Invoices tab marks those squares, and one click invoices each.
 */
export const announcePartsDueOnStep = async (
  ctx: AppContext,
  companyId: string,
  entry: ProcessEntryDto,
  completedNow: boolean,
) => {
  if (!completedNow || !isStepDone(entry.noteDates)) return;
  const due = await ctx.db
    .select({
      description: confirmationPaymentRules.description,
      amount: confirmationPaymentRules.amount,
      projectNumber: projects.number,
      projectName: projects.name,
    })
    .from(confirmationPaymentRules)
    .innerJoin(confirmations, eq(confirmations.id, confirmationPaymentRules.confirmationId))
    .innerJoin(projects, eq(projects.id, confirmations.entityId))
    .leftJoin(
      invoices,
      and(eq(invoices.paymentRuleId, confirmationPaymentRules.id), eq(invoices.isCredited, false)),
    )
    .where(
      and(
        eq(confirmations.companyId, companyId),
        eq(confirmations.entityType, 'project'),
        eq(confirmations.entityId, entry.projectId),
        eq(confirmationPaymentRules.dueKind, 'processColumnCompleted'),
        eq(confirmationPaymentRules.dueColumnId, entry.processColumnId),
        isNull(invoices.id),
      ),
    );
  const [first] = due;
  if (!first) return;
  const push: ReadyToInvoicePush = {
    projectId: entry.projectId,
    projectNumber: first.projectNumber,
    projectName: first.projectName,
    parts: due.map((part) => ({ description: part.description, amount: part.amount })),
  };
  for (const admin of await companyAdministrators(ctx.db, companyId)) {
    ctx.realtime.toUser(admin.id, INVOICE_PUSHES.readyToInvoice, push);
  }
};
