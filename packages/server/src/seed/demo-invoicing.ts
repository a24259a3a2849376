import {
  confirmationCreateSchema,
  invoiceCreateSchema,
  invoicePlanSaveSchema,
  offerConvertSchema,
  projectCreateSchema,
} from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { createConfirmation } from '../modules/confirmations/confirmations.service';
import { customers } from '../modules/customers/customers.tables';
import { saveInvoicePlan } from '../modules/invoices/invoice-plan.service';
import { createInvoice, updateInvoice } from '../modules/invoices/invoices.service';
import { convertOfferToProject } from '../modules/offers/offer-conversion';
import { offers } from '../modules/offers/offers.tables';
import { createProject } from '../modules/projects/projects.service';
import { todayIn } from '../platform/clock';
import { type Actor, type AppContext, administrativeActor } from '../platform/context';
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
 * whose first part is invoiced, sent and paid and whose second is invoiced and not yet sent; a direct
 * project without an offer gets its own invoice plan. The demo company keeps no accounting system, so
 * the invoices are Karm's own.
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
  await seedDirectProjectWithOwnPlan(ctx, actor);
};

/**
 * A direct job without an offer (a broken automatic door replaced at a hardware store): its order
 * lines, and an own invoice plan of 40 % on order (invoiced and sent, due in a week) and 60 % at delivery.
 */
const seedDirectProjectWithOwnPlan = async (ctx: AppContext, actor: Actor) => {
  const [customer] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, actor.companyId), eq(customers.name, 'Jernvare Strømmen AS')));
  const today = todayIn(ctx.clock);
  const project = await createProject(
    ctx,
    actor,
    projectCreateSchema.parse({
      name: 'Jernvare Strømmen – bytte av automatdør',
      description: 'Skyvedøra ved hovedinngangen er påkjørt og byttes komplett.',
      customerId: customer?.id ?? null,
      isDirect: true,
      projectAddress: 'Strømsveien 12',
      projectPostalCode: '2010',
      projectCity: 'Strømmen',
      startDate: today,
      deliveryDate: addDays(today, 21),
      installationHours: 12,
      orders: [
        {
          title: 'Automatdør hovedinngang',
          lines: [
            {
              description: 'Skyvedørautomatikk, 2-fløyet, komplett',
              count: 1,
              unitPrice: 68_500_00,
              costPrice: 41_000_00,
            },
            { description: 'Glassfelt herdet 10 mm', count: 2, unitPrice: 7_900_00, costPrice: 4_600_00 },
            { description: 'Montering og igangkjøring', count: 12, unitPrice: 1_150_00, costPrice: 620_00 },
          ],
        },
      ],
    }),
  );
  const plan = await saveInvoicePlan(
    ctx,
    actor,
    invoicePlanSaveSchema.parse({
      projectId: project.id,
      version: null,
      requestId: newId(),
      paymentRules: [
        {
          description: 'Ved bestilling',
          share: { type: 'percent', basisPoints: 4000 },
          due: { kind: 'onOrder' },
        },
        {
          description: 'Ved ferdigstillelse',
          share: { type: 'percent', basisPoints: 6000 },
          due: { kind: 'atDelivery' },
        },
      ],
    }),
  );
  const [onOrder] = plan.squares;
  if (!onOrder) return;
  const invoice = await createInvoice(
    ctx,
    actor,
    invoiceCreateSchema.parse({
      confirmationId: plan.confirmationId,
      paymentRuleId: onOrder.paymentRuleId,
      requestId: newId(),
    }),
  );
  await updateInvoice(ctx, actor, { id: invoice.id, version: invoice.version, changes: { isSent: true } });
};
