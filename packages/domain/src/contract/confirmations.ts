import { z } from 'zod';
import { type PaymentDue, type PaymentShare, WHOLE_IN_BASIS_POINTS } from '../rules/payment-plan';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { orderLineDtoSchema } from './projects';

/**
 * Order confirmations (SPEC §3 "Confirmation and invoice", §7 REST confirmations, issue 13): linked
 * to an offer or a project, with a snapshot of its lines, totals ex. VAT / VAT 25 % / total in øre,
 * and a payment plan whose parts ("payment rules") are percentages (basis points) or fixed øre, each
 * falling due on a rule. The amounts come from `splitPlan` (rules/payment-plan.ts).
 */

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const version = z.number().int().positive();
/** Money is integer øre (DESIGN rule 8); a part is never negative. */
const MAX_ORE = 1_000_000_000_000;
const MAX_PAYMENT_RULES = 20;

export const CONFIRMATION_ENTITY_TYPES = ['offer', 'project'] as const;
export type ConfirmationEntityType = (typeof CONFIRMATION_ENTITY_TYPES)[number];

/**
 * What a confirmation row is: an order confirmation the customer was sent, or a project's own invoice
 * plan (SPEC §3 "own invoice plan", for a project without an order confirmation). A plan is stored
 * like a confirmation so its parts are order squares invoiced the same way, but it is numbered on its
 * own, has no PDF and is not listed among the order confirmations.
 */
export const CONFIRMATION_KINDS = ['confirmation', 'invoicePlan'] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

export const paymentShareSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('percent'),
    /** 1 % = 100; 100 % = 10 000. */
    basisPoints: z
      .number()
      .int()
      .min(0, MESSAGES.paymentPartNegative)
      .max(WHOLE_IN_BASIS_POINTS, MESSAGES.paymentPercentOver100),
  }),
  z.object({
    type: z.literal('fixed'),
    amount: z.number().int().min(0, MESSAGES.paymentPartNegative).max(MAX_ORE),
  }),
]) satisfies z.ZodType<PaymentShare>;

export const paymentDueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('onOrder') }),
  z.object({ kind: z.literal('onDate'), date: dateOnlySchema }),
  z.object({ kind: z.literal('atDelivery') }),
  /** A process column of the company that carries the invoice flag. */
  z.object({ kind: z.literal('processColumnCompleted'), columnId: z.uuid() }),
]) satisfies z.ZodType<PaymentDue>;

/** One milestone of the payment plan. */
export const paymentRuleSchema = z.object({
  description: text(200).default(''),
  share: paymentShareSchema,
  due: paymentDueSchema.default({ kind: 'onOrder' }),
});
export type PaymentRuleInput = z.input<typeof paymentRuleSchema>;
export type PaymentRule = z.output<typeof paymentRuleSchema>;

export const paymentRulesSchema = z
  .array(paymentRuleSchema)
  .min(1, MESSAGES.paymentPlanEmpty)
  .max(MAX_PAYMENT_RULES, messageWithParams(MESSAGES.tooMany, { max: MAX_PAYMENT_RULES }));

/** What a person edits on a confirmation. */
const confirmationFieldsSchema = z.object({
  /** The confirmation's date; today (Europe/Oslo) when left out. */
  date: dateOnlySchema,
  /** Null: the offer's or project's customer (and contact). */
  customerId: z.uuid().nullable(),
  contactId: z.uuid().nullable(),
  /** Validity and payment terms as printed. */
  terms: text(2000),
  paymentRules: paymentRulesSchema,
});

/** POST /confirmations. */
export const confirmationCreateSchema = z.object({
  /**
   * Made by the client once per create dialog: a second create with the same key (a double click,
   * a retried request) is refused with CONFLICT `validation.confirmationDuplicate` and changes nothing.
   */
  requestId: z.uuid(),
  entityType: z.enum(CONFIRMATION_ENTITY_TYPES),
  entityId: z.uuid(),
  date: confirmationFieldsSchema.shape.date.optional(),
  customerId: confirmationFieldsSchema.shape.customerId.optional(),
  contactId: confirmationFieldsSchema.shape.contactId.optional(),
  terms: confirmationFieldsSchema.shape.terms.default(''),
  paymentRules: paymentRulesSchema,
  /**
   * An administrator approves a plan that breaks the customer's credit band (too little prepayment,
   * or a band that always needs approval); others may not set it.
   */
  isCreditApproved: z.boolean().default(false),
});
export type ConfirmationCreateInput = z.input<typeof confirmationCreateSchema>;

/** PATCH /confirmations/{id}: the changed fields at the version read; the payment rules in full. */
export const confirmationPatchSchema = z.object({
  version,
  changes: confirmationFieldsSchema.partial().default({}),
  /** Takes the lines and totals from the offer or project again (only while nothing is invoiced). */
  refreshLines: z.boolean().default(false),
  /** As on create: an administrator's approval of a plan the customer's credit band refuses. */
  isCreditApproved: z.boolean().default(false),
});
export type ConfirmationPatchInput = z.input<typeof confirmationPatchSchema>;

/** A line as confirmed: the offer's or project's order line when the confirmation was made. */
export const confirmationLineDtoSchema = orderLineDtoSchema.omit({ id: true, costPrice: true });
export type ConfirmationLineDto = z.output<typeof confirmationLineDtoSchema>;

export const paymentRuleDtoSchema = paymentRuleSchema.extend({
  id: z.string(),
  /** The part's amount in øre; the amounts add up to the confirmation's total exactly. */
  amount: z.number(),
  /** The invoice made for this part, once there is one. */
  invoiceId: z.string().nullable(),
});
export type PaymentRuleDto = z.output<typeof paymentRuleDtoSchema>;

export const confirmationDtoSchema = z.object({
  id: z.string(),
  entityType: z.enum(CONFIRMATION_ENTITY_TYPES),
  entityId: z.string(),
  /** The offer the confirmation was made for (kept when the offer becomes a project). */
  offerId: z.string().nullable(),
  number: z.number(),
  date: z.string(),
  customerId: z.string().nullable(),
  /** The customer's name when the confirmation was made (also for a one-time customer). */
  customerName: z.string(),
  contactId: z.string().nullable(),
  lines: z.array(confirmationLineDtoSchema),
  /** øre */
  totalExVat: z.number(),
  vat: z.number(),
  total: z.number(),
  terms: z.string(),
  paymentRules: z.array(paymentRuleDtoSchema),
  /** Some part is invoiced: the confirmation can no longer be changed or deleted. */
  isInvoiced: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type ConfirmationDto = z.output<typeof confirmationDtoSchema>;
export const confirmationsDtoSchema = z.array(confirmationDtoSchema);

/** GET /confirmations/payment_rules: the company's payment plans to start a confirmation from. */
export const paymentRuleTemplateDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  paymentRules: z.array(paymentRuleSchema),
});
export type PaymentRuleTemplateDto = z.output<typeof paymentRuleTemplateDtoSchema>;

export const CONFIRMATION_PUSHES = {
  confirmationChanged: 'confirmation:changed',
} as const;
