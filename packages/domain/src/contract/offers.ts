import { z } from 'zod';
import { isPaymentPlanComplete } from '../rules/offer-deadline';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { collectionKeySchema } from './collection-key';
import { lookupDtoSchema, oneTimeCustomerSchema } from './customers';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { listPeriodShape, periodInOrder } from './list-period';
import { pageQuerySchema, pageSchema } from './paging';
import { type OrderLineDto, orderLineDtoSchema, orderLineSchema } from './projects';

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
export const offerRecordDtoSchema = z.object({
  id: z.string(),
  number: z.number(),
  statusId: z.string().nullable(),
  /** The day the status was last set: the deadline counts from here (SPEC §4). */
  statusChangedAt: z.string(),
  /** statusChangedAt + the status's deadline days (or the config's); none once won or lost. */
  statusDeadline: z.string().nullable(),
  offerDeadline: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  expectedDeliveryDate: z.string().nullable(),
  /** Sum of the lines' sales prices, øre. */
  value: z.number(),
  /** Value less the lines' cost, øre. */
  contributionMargin: z.number(),
  productionHours: z.number().nullable(),
  productionStaff: z.number().nullable(),
  installationHours: z.number().nullable(),
  installationStaff: z.number().nullable(),
  paymentPlan: z.array(paymentPlanPartSchema),
  ownerId: z.string().nullable(),
  customerId: z.string().nullable(),
  oneTimeCustomer: oneTimeCustomerSchema.nullable(),
  contactId: z.string().nullable(),
  projectName: z.string(),
  projectAddress: z.string(),
  postalCode: z.string(),
  city: z.string(),
  projectCategory: z.string().nullable(),
  complexity: z.string().nullable(),
  ownerType: z.string().nullable(),
  projectOwner: z.string(),
  architect: z.string(),
  consultant: z.string(),
  calculationGroup: z.string(),
  comment: z.string(),
  inquiryId: z.string().nullable(),
  inquiryNumber: z.number().nullable(),
  projectId: z.string().nullable(),
  projectNumber: z.number().nullable(),
  confirmationCount: z.number(),
  archived: z.boolean(),
  archiveReason: z.string().nullable(),
  archivedAt: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type OfferRecordDto = z.output<typeof offerRecordDtoSchema>;

/** The offer with the names it refers to, and the displayed status with its deadline (GET /offers/populated). */
export const offerDtoSchema = offerRecordDtoSchema.extend({
  status: z.object({ id: z.string(), name: z.string() }).nullable(),
  owner: lookupDtoSchema.nullable(),
  customer: z.object({ id: z.string(), name: z.string(), customerNumber: z.number().nullable() }).nullable(),
  contact: lookupDtoSchema.nullable(),
  /** What the list shows: "Sent · 3 days left". */
  displayedStatus: z.object({ name: z.string(), deadline: z.string().nullable() }),
});
export type OfferDto = z.output<typeof offerDtoSchema>;

/** GET /offers and GET /offers/populated. */
export const offerRecordPageSchema = pageSchema(offerRecordDtoSchema);
export const offerPageSchema = pageSchema(offerDtoSchema);

export const OFFER_HISTORY_ACTIONS = ['created', 'updated', 'archived', 'unarchived', 'converted'] as const;
export type OfferHistoryAction = (typeof OFFER_HISTORY_ACTIONS)[number];

/**
 * One changed field, values as people read them: names rather than ids (status, salesperson,
 * customer, contact), dates and codes as stored, money in øre as digits, the payment plan as text.
 * History written before values were kept has neither value (both null): a real change never has.
 */
export const offerFieldChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type OfferFieldChange = z.output<typeof offerFieldChangeSchema>;

/** DESIGN rule 6: who changed what, from what to what, and when. */
export const offerHistoryDtoSchema = z.object({
  id: z.string(),
  action: z.enum(OFFER_HISTORY_ACTIONS),
  changes: z.array(offerFieldChangeSchema),
  /** The archive reason. */
  reason: z.string().nullable(),
  /** The project the offer became (action `converted`). */
  projectNumber: z.number().nullable(),
  user: lookupDtoSchema.nullable(),
  at: z.string(),
});
export type OfferHistoryDto = z.output<typeof offerHistoryDtoSchema>;

/** GET /offers/{id}: the offer, its lines and its history. */
export const offerDetailDtoSchema = z.object({
  offer: offerDtoSchema,
  lines: z.array(orderLineDtoSchema),
  history: z.array(offerHistoryDtoSchema),
  /** The customer is missing in the connected accounting system: converting asks first (SPEC §4). */
  isAccountingCustomerMissing: z.boolean(),
});
export type OfferDetailDto = z.output<typeof offerDetailDtoSchema>;

export const offerConversionDtoSchema = z.object({
  projectId: z.string(),
  projectNumber: z.number(),
});
export type OfferConversionDto = z.output<typeof offerConversionDtoSchema>;

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

export const offerStatusDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  deadlineDays: z.number().nullable(),
  position: z.number(),
  isDefault: z.boolean(),
  isDeleted: z.boolean(),
  /** Offers move here when converted to a project; at most one status is. */
  isWon: z.boolean(),
  /** An offer the customer turned down. */
  isLost: z.boolean(),
  /** How likely an offer in this status is to be won, 0–100 % (the capacity forecast's weight). */
  likelihoodPercent: z.number(),
  /** Offers that have this status (SPEC §3 "usage"). */
  usage: z.number(),
  version: z.number(),
});
export type OfferStatusDto = z.output<typeof offerStatusDtoSchema>;

/** GET /offer-statuses/owner-types: SPEC §3's owner types with their labels. */
export const ownerTypeDtoSchema = z.object({
  code: z.string(),
  labels: z.object({ en: z.string(), nb: z.string() }),
});
export type OwnerTypeDto = z.output<typeof ownerTypeDtoSchema>;

/** GET /offer-statuses/{id}/usage: how many offers have the status. */
export const offerStatusUsageDtoSchema = z.object({ count: z.number() });

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

export const offerConfigDtoSchema = z.object({
  deadlineDays: z.number(),
  defaultStatusId: z.string().nullable(),
  firstNumber: z.number(),
  validityDays: z.number(),
  version: z.number(),
});
export type OfferConfigDto = z.output<typeof offerConfigDtoSchema>;

export const OFFER_PUSHES = {
  offerChanged: 'offer:changed',
  offerStatusesChanged: 'offer-statuses:changed',
  offerConfigChanged: 'offer-config:changed',
} as const;
