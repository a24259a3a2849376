import type { OfferConversionDto, offerConvertSchema, VAT_RATES } from '@karm/domain/contract';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { AppError, validationError } from '../../platform/errors';
import { moveConfirmationsToProject } from '../confirmations/confirmations.service';
import { pushCustomerNow } from '../customers/customers.accounting';
import { departmentOfEmployee } from '../employees/employees.service';
import { insertProject, publishProject } from '../projects/projects.service';
import { recordOfferHistory } from './offer-history';
import { linesOfOffer } from './offer-lines';
import { findOwnStatus, findWonStatus } from './offer-statuses.service';
import {
  assertNotConverted,
  findOwnOffer,
  isAccountingCustomerMissing,
  publishOffer,
  recordOfferStatusEvent,
  updateOfferAtVersion,
} from './offers.service';

/**
 * Steps a test can hook into, to prove the conversion is all-or-nothing: a hook that throws after
 * the project is inserted must leave no project, no order and the offer unchanged.
 */
export const conversionSteps: { afterProjectInsert?: () => Promise<void> } = {};

const conversionFailed = (error: unknown) =>
  error instanceof AppError
    ? error
    : new AppError('UPSTREAM', 'Conversion failed!', {
        reason: 'conversionFailed',
        message: error instanceof Error ? error.message : String(error),
      });

/**
 * SPEC §4 offer → project. In one transaction: the project (name, customer, contact, address,
 * hours, a link to the offer) with one order carrying the offer's lines, and the offer's link to
 * the project; the offer's order confirmations move to the project. The offer's salesperson
 * becomes the project manager and their department the project's, so the project shows among
 * theirs at once; the offer moves to the won status (when the company has one), with the status
 * change in its history. Any failure leaves nothing behind.
 *
 * The customer must come from the register: a one-time customer is refused with "You must select a
 * customer" (SPEC §5), since a project's customer is invoiced and synced. When the customer is
 * missing in the connected accounting system and the person agreed, it is created there first —
 * outside the transaction, as an accounting id on a customer is right on its own.
 */
export const convertOfferToProject = async (
  ctx: AppContext,
  actor: Actor,
  offerId: string,
  input: z.output<typeof offerConvertSchema>,
): Promise<OfferConversionDto> => {
  const offer = await findOwnOffer(ctx.db, actor.companyId, offerId);
  assertNotConverted(offer);
  if (!offer.customerId) {
    throw validationError({ customerId: 'validation.mustSelectCustomer' }, 'You must select a customer');
  }
  if (input.createCustomerInAccounting && (await isAccountingCustomerMissing(ctx, actor.companyId, offer))) {
    await pushCustomerNow(ctx, actor.companyId, offer.customerId).catch((error: unknown) => {
      throw conversionFailed(error);
    });
  }
  const { project, offerRow } = await ctx.db
    .transaction(async (tx) => {
      const current = await findOwnOffer(tx, actor.companyId, offerId);
      assertNotConverted(current);
      const lines = await linesOfOffer(tx, actor.companyId, offerId);
      const won = await findWonStatus(tx, actor.companyId);
      const isWinning = won !== undefined && won.id !== current.statusId;
      const project = await insertProject(tx, ctx, actor, {
        name: current.projectName,
        description: current.comment,
        departmentId: current.ownerId
          ? await departmentOfEmployee(tx, actor.companyId, current.ownerId)
          : null,
        projectCategory: current.projectCategory,
        customerId: current.customerId,
        contactId: current.contactId,
        projectManagerId: current.ownerId,
        startDate: null,
        endDate: null,
        // The delivery the customer wanted sets the project's process dates at once.
        deliveryDate: current.expectedDeliveryDate,
        agreedInstallationDate: null,
        isClosed: false,
        isDirect: false,
        isService: false,
        projectAddress: current.projectAddress,
        projectPostalCode: current.postalCode,
        projectCity: current.city,
        noteToPlanner: '',
        workOrderNotes: '',
        siteContactName: '',
        siteContactPhone: '',
        productionHours: current.productionHours,
        installationHours: current.installationHours,
        installationStaff: current.installationStaff,
        missingData: false,
        missingDataComment: '',
        offerId: current.id,
        orders: [
          {
            title: '',
            lines: lines.map(({ salesPrice: _derived, id: _id, ...line }) => ({
              ...line,
              // Stored from a validated offer line, so it is one of the VAT rates.
              vatPercent: line.vatPercent as (typeof VAT_RATES)[number],
            })),
          },
        ],
      });
      await moveConfirmationsToProject(tx, ctx, actor.companyId, current.id, project.id);
      await conversionSteps.afterProjectInsert?.();
      // The version guard makes a second, simultaneous conversion fail and roll its project back.
      const offerRow = await updateOfferAtVersion(tx, ctx, actor, current.id, current.version, {
        projectId: project.id,
        projectNumber: project.number,
        ...(isWinning ? { statusId: won.id, statusChangedAt: todayIn(ctx.clock) } : {}),
      });
      await recordOfferHistory(tx, actor, current.id, 'converted', {
        projectId: project.id,
        projectNumber: project.number,
        fields: isWinning
          ? [
              {
                field: 'statusId',
                from: current.statusId
                  ? (await findOwnStatus(tx, actor.companyId, current.statusId)).name
                  : null,
                to: won.name,
              },
            ]
          : [],
      });
      await recordOfferStatusEvent(tx, ctx, current.statusId, offerRow);
      return { project, offerRow };
    })
    .catch((error: unknown) => {
      throw conversionFailed(error);
    });
  await Promise.all([
    publishProject(ctx, actor.companyId, project),
    publishOffer(ctx, actor.companyId, offerRow),
  ]);
  return { projectId: project.id, projectNumber: project.number };
};
