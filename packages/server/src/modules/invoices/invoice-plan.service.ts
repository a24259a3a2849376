import type {
  InvoiceConfirmationDto,
  invoicePlanDeleteSchema,
  invoicePlanSaveSchema,
} from '@karm/domain/contract';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, notFound } from '../../platform/errors';
import {
  findOwnConfirmation,
  invoicePlanOfProject,
  isConfirmationInvoiced,
} from '../confirmations/confirmation-dto';
import {
  assertNewRequest,
  changeConfirmation,
  changedElsewhere,
  duplicate,
  insertConfirmation,
  removeConfirmation,
} from '../confirmations/confirmations.service';
import { findReadableProject } from '../projects/project-access';
import { confirmationsWithSquares } from './invoice-squares';
import { invoicesChanged } from './invoices.service';

/**
 * A project's own invoice plan (SPEC §3 "invoices by order, own invoice plan"): for a project without
 * an order confirmation — a direct project, a service job, extra work — an administrator plans the
 * parts to invoice over the project's value (its order lines with VAT 25 %). The plan is stored as a
 * confirmation of kind `invoicePlan` (at most one per project, numbered on its own), so its parts are
 * order squares invoiced, pushed to the accounting system and filtered on exactly as a confirmation's.
 * Each save takes the project's lines, totals and customer anew; nothing changes once a part is invoiced.
 */

type SaveInput = z.output<typeof invoicePlanSaveSchema>;

const KIND = 'invoicePlan' as const;

/**
 * `invoice-plan:save` — makes the project's plan (`version` null) or replaces its parts at the version
 * read. A double click (the same request id) is refused as a duplicate; a create when the project has
 * a plan already, or a stale version, with CONFLICT and the current version, as PATCH confirmations.
 */
export const saveInvoicePlan = async (
  ctx: AppContext,
  actor: Actor,
  input: SaveInput,
): Promise<InvoiceConfirmationDto> => {
  const project = await ctx.db
    .transaction(async (tx) => {
      const own = await findReadableProject(tx, actor, input.projectId);
      const current = await invoicePlanOfProject(tx, actor.companyId, own.id);
      if (input.version === null) {
        await assertNewRequest(tx, actor.companyId, KIND, input.requestId);
        if (current) throw changedElsewhere(KIND, current.version);
        await insertConfirmation(tx, ctx, actor, KIND, {
          requestId: input.requestId,
          entityType: 'project',
          entityId: own.id,
          terms: '',
          paymentRules: input.paymentRules,
          isCreditApproved: input.isCreditApproved,
        });
        return own;
      }
      if (!current) throw notFound('Invoice plan');
      await changeConfirmation(tx, ctx, actor, current, {
        version: input.version,
        // The plan follows the project: its customer, its lines and totals as they are now.
        changes: {
          paymentRules: input.paymentRules,
          customerId: own.customerId,
          contactId: own.contactId,
        },
        refreshLines: true,
        isCreditApproved: input.isCreditApproved,
      });
      return own;
    })
    .catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      // The same click twice at once, or two people making the project's plan at once.
      await assertNewRequest(ctx.db, actor.companyId, KIND, input.requestId);
      const made = await invoicePlanOfProject(ctx.db, actor.companyId, input.projectId);
      throw made ? changedElsewhere(KIND, made.version) : duplicate(KIND);
    });
  invoicesChanged(ctx, actor.companyId, project.id);
  const orders = await confirmationsWithSquares(
    ctx.db,
    actor.companyId,
    [{ id: project.id, deliveryDate: project.deliveryDate }],
    todayIn(ctx.clock),
  );
  const plan = orders.get(project.id)?.find((order) => order.confirmationKind === KIND);
  if (!plan) throw new Error('The saved invoice plan was not read back');
  return plan;
};

/** `invoice-plan:del` — deletes the project's plan at the version read; refused once a part is invoiced. */
export const deleteInvoicePlan = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof invoicePlanDeleteSchema>,
) => {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await findOwnConfirmation(tx, actor.companyId, input.id);
    if (row.kind !== KIND) throw notFound('Invoice plan');
    await findReadableProject(tx, actor, row.entityId);
    if (row.version !== input.version) throw changedElsewhere(KIND, row.version);
    await removeConfirmation(tx, actor.companyId, row);
    return row.entityId;
  });
  invoicesChanged(ctx, actor.companyId, projectId);
  return { id: input.id };
};

/**
 * Takes the project's lines anew into its invoice plan, in the caller's transaction, when that can be
 * done without a person: a plan exists, none of its parts is invoiced, and its parts still split over
 * the new total within the customer's credit band. Answers whether the plan was refreshed; when it
 * was not, the caller's change stands and the plan shows as behind until an administrator saves it.
 * Used when parts and hours are recorded on a project (products module), so they are invoiced.
 */
export const carryLinesToInvoicePlan = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  projectId: string,
): Promise<boolean> => {
  const plan = await invoicePlanOfProject(tx, actor.companyId, projectId);
  if (!plan || (await isConfirmationInvoiced(tx, actor.companyId, plan.id))) return false;
  try {
    // A savepoint: a plan that no longer fits (credit band, a rule's amount above the total) is left
    // as it was, and the caller's transaction goes on.
    await tx.transaction((savepoint) =>
      changeConfirmation(savepoint, ctx, actor, plan, {
        version: plan.version,
        changes: {},
        refreshLines: true,
        isCreditApproved: false,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
};
