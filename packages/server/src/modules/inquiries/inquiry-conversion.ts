import { type InquiryConversionDto, offerCreateSchema } from '@karm/domain/contract';
import type { Actor, AppContext } from '../../platform/context';
import { conflict, fromZodError } from '../../platform/errors';
import { createOffer, publishOffer } from '../offers/offers.service';
import { changed, findOwnInquiry, updateAtVersion } from './inquiries.service';
import type { InquiryRow } from './inquiry-dto';
import { recordHistory } from './inquiry-history';

/**
 * Test seam: a failure injected after the offer insert must leave no offer and the inquiry as it
 * was (the conversion is all or nothing).
 */
export const inquiryConversionSteps: { afterOfferInsert?: () => Promise<void> } = {};

/** The offer an inquiry becomes: its customer, contact, owner, address and project facts. */
const offerFromInquiry = (inquiry: InquiryRow) => {
  const parsed = offerCreateSchema.safeParse({
    ownerId: inquiry.ownerId,
    customerId: inquiry.customerId,
    oneTimeCustomer: inquiry.oneTimeCustomer,
    contactId: inquiry.contactId,
    projectName: inquiry.projectName,
    projectAddress: inquiry.projectAddress,
    postalCode: inquiry.postalCode,
    city: inquiry.city,
    projectCategory: inquiry.projectCategory,
    complexity: inquiry.complexity,
    ownerType: inquiry.ownerType,
    projectOwner: inquiry.projectOwner,
    architect: inquiry.architect,
    consultant: inquiry.consultant,
    calculationGroup: inquiry.calculationGroup,
    comment: inquiry.comment,
    // The inquiry's deadline is when the customer expects the offer.
    offerDeadline: inquiry.deadline,
  });
  if (!parsed.success) throw fromZodError(parsed.error);
  return { ...parsed.data, inquiryId: inquiry.id, inquiryNumber: inquiry.number };
};

/**
 * SPEC §4 "Inquiry converts to offer": in one transaction the offer is created and the inquiry
 * linked to it at the version the person saw; both ends then show the link.
 */
export const convertInquiryToOffer = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version: number },
): Promise<InquiryConversionDto> => {
  const inquiry = await findOwnInquiry(ctx.db, actor.companyId, input.id);
  if (inquiry.offerId) {
    throw conflict('The inquiry is already an offer', {
      reason: 'alreadyConverted',
      offerNumber: inquiry.offerNumber,
    });
  }
  if (inquiry.archivedAt)
    throw conflict('An archived inquiry cannot become an offer', { reason: 'archived' });
  const offerInput = offerFromInquiry(inquiry);
  const { offer, row } = await ctx.db.transaction(async (tx) => {
    const offer = await createOffer(tx, actor, offerInput, ctx.clock);
    await inquiryConversionSteps.afterOfferInsert?.();
    // The version guard also makes a second, simultaneous conversion roll its offer back.
    const row = await updateAtVersion(tx, ctx, actor, inquiry.id, input.version, {
      offerId: offer.id,
      offerNumber: offer.number,
    });
    await recordHistory(tx, actor, inquiry.id, { action: 'convertedToOffer', detail: String(offer.number) });
    return { offer, row };
  });
  await publishOffer(ctx, actor.companyId, offer);
  return { offerId: offer.id, offerNumber: offer.number, inquiry: await changed(ctx, actor.companyId, row) };
};
