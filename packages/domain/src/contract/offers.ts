import { z } from 'zod';
import { isPaymentPlanComplete } from '../rules/offer-deadline';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { collectionKeySchema } from './collection-key';
import { type LookupDto, type OneTimeCustomer, oneTimeCustomerSchema } from './customers';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { listPeriodShape, periodInOrder } from './list-period';
import { pageQuerySchema } from './paging';
import { type OrderLineDto, orderLineSchema } from './projects';

/**
 * Offers (SPEC §3 Offer, §4, §7 REST /offers, /offer-statuses, offer-config); confirmations.ts has
 * the order confirmations.
 * Offers travel over REST, as SPEC §7 lists them; changes are pushed on the socket (OFFER_PUSHES).
 */

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const hours = z.number().min(0).max(100_000).nullable();
const staff = z.number().int().min(0).max(1_000).nullable();
const version = z.number().int().positive();

/** Offer lines are order lines (SPEC §3): the same fields and the same øre arithmetic. */
export const offerLineSchema = orderLineSchema;
export type OfferLineDto = OrderLineDto;

export const paymentPlanPartSchema = z.object({
  description: text(200).default(''),
  percent: z.number().min(0).max(100),
});
export type PaymentPlanPart = z.output<typeof paymentPlanPartSchema>;

export const paymentPlanSchema = z
  .array(paymentPlanPartSchema)
  .max(20)
  .refine(isPaymentPlanComplete, MESSAGES.paymentPlanSum);

/** What a person edits in the offer dialog. */
export const offerFieldsSchema = z.object({
  /** Null: the default status of the offer config. */
  statusId: z.uuid().nullable().default(null),
  offerDeadline: dateOnlySchema.nullable().default(null),
  startedAt: dateOnlySchema.nullable().default(null),
  /**
   * When the customer wants it delivered, if the offer is won: places its hours in the capacity
   * forecast and becomes the project's delivery date on conversion.
   */
  expectedDeliveryDate: dateOnlySchema.nullable().default(null),
  productionHours: hours.default(null),
  productionStaff: staff.default(null),
  installationHours: hours.default(null),
  installationStaff: staff.default(null),
  paymentPlan: paymentPlanSchema.default([]),
  ownerId: z.uuid().nullable().default(null),
  customerId: z.uuid().nullable().default(null),
  oneTimeCustomer: oneTimeCustomerSchema.nullable().default(null),
  contactId: z.uuid().nullable().default(null),
  projectName: text(200).min(1, MESSAGES.required),
  projectAddress: text(200).default(''),
  postalCode: text(10).default(''),
  city: text(100).default(''),
  projectCategory: collectionKeySchema.nullable().default(null),
  complexity: collectionKeySchema.nullable().default(null),
  ownerType: collectionKeySchema.nullable().default(null),
  projectOwner: text(200).default(''),
  architect: text(200).default(''),
  consultant: text(200).default(''),
  calculationGroup: text(100).default(''),
  comment: text(4000).default(''),
});
export type OfferFieldsInput = z.input<typeof offerFieldsSchema>;

const offerLines = z.array(offerLineSchema).max(500);

export const offerCreateSchema = offerFieldsSchema.extend({ lines: offerLines.default([]) });
export type OfferCreateInput = z.input<typeof offerCreateSchema>;

/** PATCH /offers/{id}: the changed fields and, when present, the offer's lines in full. */
export const offerPatchBodySchema = z.object({
  version,
  changes: patchOf(offerFieldsSchema).default({}),
  lines: offerLines.optional(),
});
/** PATCH /offers (SPEC §7 lists it without an id): the body names the offer. */
export const offerUpdateSchema = offerPatchBodySchema.extend({ id: z.uuid() });
export type OfferUpdateInput = z.input<typeof offerUpdateSchema>;

export const offerArchiveSchema = z.object({
  version,
  reason: text(1000).min(1, MESSAGES.archiveReasonRequired),
});
export const offerUnarchiveSchema = z.object({ version });

export const offerConvertSchema = z.object({
  /** The person agreed to create the missing customer in the accounting system first (SPEC §4). */
  createCustomerInAccounting: z.boolean().default(false),
});

export const idParamsSchema = z.object({ id: z.uuid() });

export const OFFER_SORT_FIELDS = [
  'number',
  'projectName',
  'status',
  'statusDeadline',
  'offerDeadline',
  'createdAt',
  'value',
  'contributionMargin',
] as const;
export type OfferSortField = (typeof OFFER_SORT_FIELDS)[number];

/** Query strings carry booleans as text; `z.coerce.boolean` would read "false" as true. */
const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

export const offerListQuerySchema = pageQuerySchema
  .extend({
    statusId: z.uuid().optional(),
    ownerId: z.uuid().optional(),
    archived: queryBoolean.default(false),
    /** Only offers whose status deadline has passed. */
    overdue: queryBoolean.default(false),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(OFFER_SORT_FIELDS).default('number'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    /** The days the offers were created (Oslo time), as the offers-by-status report counts them. */
    ...listPeriodShape,
  })
  .refine(...periodInOrder);
export type OfferListQuery = z.input<typeof offerListQuerySchema>;

export const offerPdfQuerySchema = z.object({
  download: z.enum(['0', '1']).optional(),
  locale: z.enum(['en', 'nb']).optional(),
});

/** The offer as stored, with ids only (GET /offers). */
export type OfferRecordDto = {
  id: string;
  number: number;
  statusId: string | null;
  /** The day the status was last set: the deadline counts from here (SPEC §4). */
  statusChangedAt: string;
  /** statusChangedAt + the status's deadline days (or the config's); none once won or lost. */
  statusDeadline: string | null;
  offerDeadline: string | null;
  createdAt: string;
  startedAt: string | null;
  expectedDeliveryDate: string | null;
  /** Sum of the lines' sales prices, øre. */
  value: number;
  /** Value less the lines' cost, øre. */
  contributionMargin: number;
  productionHours: number | null;
  productionStaff: number | null;
  installationHours: number | null;
  installationStaff: number | null;
  paymentPlan: PaymentPlanPart[];
  ownerId: string | null;
  customerId: string | null;
  oneTimeCustomer: OneTimeCustomer | null;
  contactId: string | null;
  projectName: string;
  projectAddress: string;
  postalCode: string;
  city: string;
  projectCategory: string | null;
  complexity: string | null;
  ownerType: string | null;
  projectOwner: string;
  architect: string;
  consultant: string;
  calculationGroup: string;
  comment: string;
  inquiryId: string | null;
  inquiryNumber: number | null;
  projectId: string | null;
  projectNumber: number | null;
  confirmationCount: number;
  archived: boolean;
  archiveReason: string | null;
  archivedAt: string | null;
  version: number;
  updatedAt: string;
};

/** The offer with the names it refers to, and the displayed status with its deadline (GET /offers/populated). */
export type OfferDto = OfferRecordDto & {
  status: { id: string; name: string } | null;
  owner: LookupDto | null;
  customer: { id: string; name: string; customerNumber: number | null } | null;
  contact: LookupDto | null;
  /** What the list shows: "Sent · 3 days left". */
  displayedStatus: { name: string; deadline: string | null };
};

export const OFFER_HISTORY_ACTIONS = ['created', 'updated', 'archived', 'unarchived', 'converted'] as const;
export type OfferHistoryAction = (typeof OFFER_HISTORY_ACTIONS)[number];

/**
 * One changed field, values as people read them: names rather than ids (status, salesperson,
 * customer, contact), dates and codes as stored, money in øre as digits, the payment plan as text.
 * History written before values were kept has neither value (both null): a real change never has.
 */
export type OfferFieldChange = { field: string; from: string | null; to: string | null };

/** DESIGN rule 6: who changed what, from what to what, and when. */
export type OfferHistoryDto = {
  id: string;
  action: OfferHistoryAction;
  changes: OfferFieldChange[];
  /** The archive reason. */
  reason: string | null;
  /** The project the offer became (action `converted`). */
  projectNumber: number | null;
  user: LookupDto | null;
  at: string;
};

/** GET /offers/{id}: the offer, its lines and its history. */
export type OfferDetailDto = {
  offer: OfferDto;
  lines: OfferLineDto[];
  history: OfferHistoryDto[];
  /** The customer is missing in the connected accounting system: converting asks first (SPEC §4). */
  isAccountingCustomerMissing: boolean;
};

export type OfferConversionDto = { projectId: string; projectNumber: number };

// --- statuses ---------------------------------------------------------------------------------

const LIKELIHOOD_RANGE = messageWithParams(MESSAGES.numberRange, { min: 0, max: 100 });

export const offerStatusInputSchema = z.object({
  name: text(60).min(1, MESSAGES.required),
  /** Days the offer may stay in this status; null falls back to the config's default days. */
  deadlineDays: z.number().int().min(0).max(365).nullable().default(null),
  /**
   * The status an offer takes when it becomes a project. One status at most: converting needs one
   * place to move the offer to, and the hit rate counts it. Setting it on one status takes it off another.
   */
  isWon: z.boolean().default(false),
  /** The customer said no. Any number of statuses may be lost ones ("Tapt – pris", "Tapt – utsatt"). */
  isLost: z.boolean().default(false),
  /**
   * How likely an offer in this status is to be won, 0–100 %: the capacity forecast weighs open
   * offers' hours by it. Left out, it follows the outcome (rules/planner `defaultLikelihoodPercent`).
   */
  likelihoodPercent: z
    .number(LIKELIHOOD_RANGE)
    .int(LIKELIHOOD_RANGE)
    .min(0, LIKELIHOOD_RANGE)
    .max(100, LIKELIHOOD_RANGE)
    .optional(),
});
export const offerStatusPatchSchema = patchOf(offerStatusInputSchema).extend({
  /** Makes this the one default status. */
  isDefault: z.literal(true).optional(),
  /** The status's version as read: a change made since then is refused (CONFLICT). */
  version: version.optional(),
});
export const offerStatusListQuerySchema = z.object({ includeDeleted: queryBoolean.default(false) });
export const offerStatusReorderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(200) });

export type OfferStatusDto = {
  id: string;
  name: string;
  deadlineDays: number | null;
  position: number;
  isDefault: boolean;
  isDeleted: boolean;
  /** Offers move here when converted to a project; at most one status is. */
  isWon: boolean;
  /** An offer the customer turned down. */
  isLost: boolean;
  /** How likely an offer in this status is to be won, 0–100 % (the capacity forecast's weight). */
  likelihoodPercent: number;
  /** Offers that have this status (SPEC §3 "usage"). */
  usage: number;
  version: number;
};

/** GET /offer-statuses/owner-types: SPEC §3's owner types with their labels. */
export type OwnerTypeDto = { code: string; labels: { en: string; nb: string } };

// --- config -----------------------------------------------------------------------------------

export const DEFAULT_OFFER_CONFIG = { deadlineDays: 14, firstNumber: 10_001, validityDays: 30 } as const;

export const offerConfigPatchSchema = z.object({
  version,
  deadlineDays: z.number().int().min(0).max(365).optional(),
  defaultStatusId: z.uuid().optional(),
  /** The number the next offer gets at least (numbering). */
  firstNumber: z.number().int().min(1).max(99_999_999).optional(),
  /** How long an offer PDF says it is valid. */
  validityDays: z.number().int().min(1).max(365).optional(),
});

export type OfferConfigDto = {
  deadlineDays: number;
  defaultStatusId: string | null;
  firstNumber: number;
  validityDays: number;
  version: number;
};

export const OFFER_PUSHES = {
  offerChanged: 'offer:changed',
  offerStatusesChanged: 'offer-statuses:changed',
  offerConfigChanged: 'offer-config:changed',
} as const;
