import { confirmationCreateSchema, invoiceCreateSchema, offerConvertSchema } from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { createConfirmation } from '../modules/confirmations/confirmations.service';
import { createInvoice, updateInvoice } from '../modules/invoices/invoices.service';
import { convertOfferToProject } from '../modules/offers/offer-conversion';
import { offers } from '../modules/offers/offers.tables';
import { type AppContext, administrativeActor } from '../platform/context';
import { newId } from '../platform/ids';

/** The demo's 30/60/10 plan: on order, at delivery, and when the installation step is done. */
export const DEMO_PAYMENT_PLAN = [
  { description: 'Ved ordre', share: { type: 'percent', basisPoints: 3000 }, due: { kind: 'onOrder' } },
  { description: 'Ved levering', share: { type: 'percent', basisPoints: 6000 }, due: { kind: 'atDelivery' } },
  { description: 'Sluttoppgjør', share: { type: 'percent', basisPoints: 1000 }, due: { kind: 'onOrder' } },
] as const;

const offerNamed = async (ctx: AppContext, companyId: string, projectName: string) =>
  (
    await ctx.db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.companyId, companyId), eq(offers.projectName, projectName)))
  )[0]?.id;

/**
 * The demo's money side, made through the same use cases people use: the school's offer gets an order
 * confirmation (still an offer); the office building's is confirmed 30/60/10 and converted to a project,
 * whose first part is invoiced, sent and paid and whose second is invoiced and not yet sent. The demo
 * company keeps no accounting system, so the invoices are Karm's own.
 */
export const seedDemoInvoicing = async (ctx: AppContext, companyId: string, adminUserId: string) => {
  const actor = administrativeActor(companyId, adminUserId, 'demo-seed');
  const confirm = (offerId: string) =>
    createConfirmation(
      ctx,
      actor,
      confirmationCreateSchema.parse({
        requestId: newId(),
        entityType: 'offer',
        entityId: offerId,
        terms: 'Tilbudet gjelder i 30 dager. Betaling 14 dager netto.',
        paymentRules: DEMO_PAYMENT_PLAN,
      }),
    );
  const school = await offerNamed(ctx, companyId, 'Lørenskog skole – nye ytterdører');
  if (school) await confirm(school);
  const office = await offerNamed(ctx, companyId, 'Kontorbygg Økern – automatdører');
  if (!office) return;
  const confirmation = await confirm(office);
  await convertOfferToProject(ctx, actor, office, offerConvertSchema.parse({}));
  const [first, second] = confirmation.paymentRules;
  if (!first || !second) return;
  const invoicePart = (paymentRuleId: string) =>
    createInvoice(
      ctx,
      actor,
      invoiceCreateSchema.parse({ confirmationId: confirmation.id, paymentRuleId, requestId: newId() }),
    );
  const paid = await invoicePart(first.id);
  const sent = await updateInvoice(ctx, actor, {
    id: paid.id,
    version: paid.version,
    changes: { isSent: true },
  });
  await updateInvoice(ctx, actor, {
    id: sent.id,
    version: sent.version,
    changes: { paymentAmount: sent.amountOutstanding },
  });
  await invoicePart(second.id);
};
