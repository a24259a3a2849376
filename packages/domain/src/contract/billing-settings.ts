import { z } from 'zod';
import { WHOLE_IN_BASIS_POINTS } from '../rules/payment-plan';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { collectionKeySchema } from './collection-key';
import { socketEvent } from './define';

/**
 * Billing settings (SPEC §2 admin tabs "Invoices", "Payment terms" and "Credit score", issue 13): one
 * module, because the three are small company-level settings about getting paid that the same
 * people keep and that refer to each other (the invoice settings' due days are the last fallback of
 * the payment terms).
 *
 * - Payment terms: named terms with the days until an invoice is due. One may be the company's
 *   default, each customer category may have a default, and a customer may carry its own; the
 *   effective one is sent to the accounting system (Tripletex `invoicesDueIn`).
 * - Credit bands: the company's bands (A…E) with the lowest first-payment share a payment plan must
 *   start with and whether an admin must approve the confirmation. A customer's (or inquiry's) credit
 *   score names its band by code.
 * - Invoice settings: default due days, send method and the text printed on invoices.
 *
 * Percents are basis points (0–10000 = 0–100 %), as the confirmations' payment plans store them.
 */
export const BILLING_LIMITS = {
  termNameLength: 100,
  maxDaysUntilDue: 365,
  terms: 100,
  bandCodeLength: 10,
  bandNameLength: 100,
  bands: 30,
  invoiceTextLength: 1000,
} as const;

export const INVOICE_SETTINGS_SEND_METHODS = ['EMAIL', 'EHF', 'PAPER'] as const;
export type InvoiceSettingsSendMethod = (typeof INVOICE_SETTINGS_SEND_METHODS)[number];

const tooLong = (max: number) => messageWithParams(MESSAGES.tooLong, { max });
const requiredText = (max: number) => z.string().trim().min(1, MESSAGES.required).max(max, tooLong(max));
const id = z.uuid();
const version = z.number().int().min(1);
const atLeastOne = (values: Record<string, unknown>) =>
  Object.values(values).some((value) => value !== undefined);

const daysUntilDue = z
  .number()
  .int()
  .min(0)
  .max(
    BILLING_LIMITS.maxDaysUntilDue,
    messageWithParams(MESSAGES.numberRange, { min: 0, max: BILLING_LIMITS.maxDaysUntilDue }),
  );

// ---------------------------------------------------------------- payment terms

export type PaymentTermDto = {
  id: string;
  name: string;
  daysUntilDue: number;
  isActive: boolean;
  /** The company's default: customers without their own term and without a category default get it. */
  isDefault: boolean;
  /** Customers and category defaults that point at it; over 0, it can only be deactivated. */
  usage: number;
  version: number;
};

/** A customer category's default term (the category is a key of the `customerCategory` collection). */
export type CategoryPaymentTermDto = { categoryKey: string; paymentTermId: string };

export type PaymentTermsDto = { terms: PaymentTermDto[]; categoryDefaults: CategoryPaymentTermDto[] };

/** Where a customer's effective payment term comes from, most specific first. */
export const PAYMENT_TERM_SOURCES = ['customer', 'category', 'company', 'invoiceSettings'] as const;
export type PaymentTermSource = (typeof PAYMENT_TERM_SOURCES)[number];

/**
 * The term that applies to a customer: its own, else its category's default, else the company's
 * default term, else the invoice settings' default due days (then without a term id and name).
 */
export type EffectivePaymentTerm = {
  paymentTermId: string | null;
  name: string;
  daysUntilDue: number;
  source: PaymentTermSource;
};

export const paymentTermAddSchema = z.object({
  name: requiredText(BILLING_LIMITS.termNameLength),
  daysUntilDue,
  isDefault: z.boolean().default(false),
});

export const paymentTermUpdateSchema = z.object({
  id,
  version,
  values: z
    .object({
      name: requiredText(BILLING_LIMITS.termNameLength).optional(),
      daysUntilDue: daysUntilDue.optional(),
      isActive: z.boolean().optional(),
      /** true makes it the company default (the former one stops being it); false leaves none. */
      isDefault: z.boolean().optional(),
    })
    .refine(atLeastOne, MESSAGES.required),
});

export const paymentTermDeleteSchema = z.object({ id, version });

/** Sets (or with null clears) a customer category's default term. */
export const categoryPaymentTermSchema = z.object({
  categoryKey: collectionKeySchema,
  paymentTermId: id.nullable(),
});

// ---------------------------------------------------------------- credit bands

export type CreditBandDto = {
  id: string;
  code: string;
  name: string;
  /** The lowest share of the total the first part of a payment plan must be, in basis points. */
  minPrepaymentBasisPoints: number;
  requiresAdminApproval: boolean;
  position: number;
  version: number;
};

const bandCode = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(BILLING_LIMITS.bandCodeLength, tooLong(BILLING_LIMITS.bandCodeLength));
const basisPoints = z
  .number()
  .int()
  .min(0)
  .max(
    WHOLE_IN_BASIS_POINTS,
    messageWithParams(MESSAGES.numberRange, { min: 0, max: WHOLE_IN_BASIS_POINTS }),
  );

export const creditBandAddSchema = z.object({
  code: bandCode,
  name: z
    .string()
    .trim()
    .max(BILLING_LIMITS.bandNameLength, tooLong(BILLING_LIMITS.bandNameLength))
    .default(''),
  minPrepaymentBasisPoints: basisPoints,
  requiresAdminApproval: z.boolean().default(false),
});

export const creditBandUpdateSchema = z.object({
  id,
  version,
  values: z
    .object({
      code: bandCode.optional(),
      name: z
        .string()
        .trim()
        .max(BILLING_LIMITS.bandNameLength, tooLong(BILLING_LIMITS.bandNameLength))
        .optional(),
      minPrepaymentBasisPoints: basisPoints.optional(),
      requiresAdminApproval: z.boolean().optional(),
      /** Its place in the list (0 first); the others move to make room. */
      position: z.number().int().min(0).max(BILLING_LIMITS.bands).optional(),
    })
    .refine(atLeastOne, MESSAGES.required),
});

export const creditBandDeleteSchema = z.object({ id, version });

// ---------------------------------------------------------------- invoice settings

export type InvoiceSettingsDto = {
  defaultDueDays: number;
  sendMethod: InvoiceSettingsSendMethod;
  invoiceText: string;
  /** 0 until the company first saves its settings (the defaults apply until then). */
  version: number;
};

export const invoiceSettingsUpdateSchema = z.object({
  version: z.number().int().min(0),
  values: z
    .object({
      defaultDueDays: daysUntilDue.optional(),
      sendMethod: z.enum(INVOICE_SETTINGS_SEND_METHODS).optional(),
      invoiceText: z
        .string()
        .max(BILLING_LIMITS.invoiceTextLength, tooLong(BILLING_LIMITS.invoiceTextLength))
        .optional(),
    })
    .refine(atLeastOne, MESSAGES.required),
});

export const billingSettingsEvents = {
  /** The company's payment terms (inactive ones too) with usage, and the category defaults. */
  'payment_term:list': socketEvent<PaymentTermsDto>()(z.unknown()),
  'payment_term:add': socketEvent<PaymentTermsDto>()(paymentTermAddSchema),
  'payment_term:upd': socketEvent<PaymentTermsDto>()(paymentTermUpdateSchema),
  'payment_term:del': socketEvent<PaymentTermsDto>()(paymentTermDeleteSchema),
  'payment_term:category': socketEvent<PaymentTermsDto>()(categoryPaymentTermSchema),
  /** The company's credit bands in their order. */
  'credit_band:list': socketEvent<CreditBandDto[]>()(z.unknown()),
  'credit_band:add': socketEvent<CreditBandDto[]>()(creditBandAddSchema),
  'credit_band:upd': socketEvent<CreditBandDto[]>()(creditBandUpdateSchema),
  'credit_band:del': socketEvent<CreditBandDto[]>()(creditBandDeleteSchema),
  'invoice_settings:get': socketEvent<InvoiceSettingsDto>()(z.unknown()),
  'invoice_settings:upd': socketEvent<InvoiceSettingsDto>()(invoiceSettingsUpdateSchema),
};

/** Told to the company after a change, so open lists and customer pages read again. */
export const BILLING_PUSHES = {
  paymentTermsChanged: 'payment_terms:changed',
  creditBandsChanged: 'credit_bands:changed',
  invoiceSettingsChanged: 'invoice_settings:changed',
} as const;
