import { z } from 'zod';
import { DEFAULT_SERVICE_INTERVAL, PRICE_INDEX_LIMITS, SERVICE_INTERVALS } from '../rules/service-agreements';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { type LookupDto, lookupDtoSchema } from './customers';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { pageQuerySchema, pageSchema } from './paging';

/**
 * Service agreements (issue 19; SPEC §1 "service agreements", §2 the service agreement dialog, §3
 * service info: serviceWorkers, interval default none). One agreement per service project: who does
 * the visits, how often, from when, at what price, which of the project's service items it covers
 * and whom to tell. The next visit falls one interval after the last completed one (rule
 * `nextVisitDate`); each due visit is a task for the service workers and lists under "service due".
 * Each year an administrator applies a price index; the agreement keeps its price history.
 */

export { SERVICE_INTERVALS, type ServiceInterval } from '../rules/service-agreements';

export const SERVICE_AGREEMENT_LIMITS = {
  /** 100 million kroner, in øre. */
  priceOre: 10_000_000_000,
  workers: 50,
  items: 500,
  contactName: 200,
  contactPhone: 40,
  note: 2_000,
  /** The due list looks at most this many weeks ahead. */
  weeksAhead: 104,
} as const;

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const version = z.coerce.number().int().positive();
const priceOre = z
  .number()
  .int()
  .min(0, MESSAGES.priceNegative)
  .max(SERVICE_AGREEMENT_LIMITS.priceOre, MESSAGES.priceTooHigh);
const uniqueIdList = (max: number) =>
  z
    .array(z.uuid())
    .max(max, messageWithParams(MESSAGES.tooMany, { max }))
    .refine((ids) => new Set(ids).size === ids.length, MESSAGES.duplicateId);

const agreementFieldsSchema = z.object({
  /** Employees from `GET employee/service`. */
  serviceWorkerIds: uniqueIdList(SERVICE_AGREEMENT_LIMITS.workers).default([]),
  interval: z.enum(SERVICE_INTERVALS).default(DEFAULT_SERVICE_INTERVAL),
  startDate: dateOnlySchema,
  pricePerVisitOre: priceOre.default(0),
  pricePerYearOre: priceOre.default(0),
  /** Service items of the agreement's project. */
  itemIds: uniqueIdList(SERVICE_AGREEMENT_LIMITS.items).default([]),
  contactName: text(SERVICE_AGREEMENT_LIMITS.contactName).default(''),
  contactEmail: z.union([z.literal(''), z.email(MESSAGES.emailInvalid)]).default(''),
  contactPhone: text(SERVICE_AGREEMENT_LIMITS.contactPhone).default(''),
});

/** POST /service-agreements: the agreement of a service project (one per project). */
export const serviceAgreementCreateSchema = agreementFieldsSchema.extend({ projectId: z.uuid() });
export type ServiceAgreementCreateInput = z.input<typeof serviceAgreementCreateSchema>;

/** PATCH /service-agreements/{id}: the fields that change, at the version read. */
export const serviceAgreementPatchSchema = z.object({
  version,
  changes: patchOf(agreementFieldsSchema).refine(
    (changes) => Object.values(changes).some((value) => value !== undefined),
    MESSAGES.required,
  ),
});
export type ServiceAgreementPatchInput = z.input<typeof serviceAgreementPatchSchema>;

export const serviceAgreementParamsSchema = z.object({ id: z.uuid() });
/** GET /service-agreements/of-project?projectId=… */
export const serviceAgreementOfProjectQuerySchema = z.object({ projectId: z.uuid() });

/** POST /service-agreements/{id}/visits: a visit done on `date` (today or earlier); moves the next one. */
export const serviceVisitDoneSchema = z.object({
  version,
  date: dateOnlySchema,
  note: text(SERVICE_AGREEMENT_LIMITS.note).default(''),
});
export type ServiceVisitDoneInput = z.input<typeof serviceVisitDoneSchema>;

/**
 * POST /service-agreements/price-index: an index change in percent (e.g. the consumer price index,
 * 3.1) applied from `date` to the agreements named, or to every agreement of the company. An
 * agreement already indexed in that year is left as it is (and counted as skipped).
 */
export const priceIndexSchema = z.object({
  percent: z
    .number()
    .finite()
    .min(PRICE_INDEX_LIMITS.min, MESSAGES.priceIndexRange)
    .max(PRICE_INDEX_LIMITS.max, MESSAGES.priceIndexRange)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, MESSAGES.priceIndexRange),
  date: dateOnlySchema,
  agreementIds: uniqueIdList(10_000).optional(),
});
export type PriceIndexInput = z.input<typeof priceIndexSchema>;
export const priceIndexResultDtoSchema = z.object({ adjusted: z.number(), skipped: z.number() });
export type PriceIndexResultDto = z.output<typeof priceIndexResultDtoSchema>;

/** GET /service-agreements/due: visits due within `weeks` weeks from today, overdue first, paged. */
export const dueServiceQuerySchema = pageQuerySchema.extend({
  weeks: z.coerce.number().int().min(0).max(SERVICE_AGREEMENT_LIMITS.weeksAhead).default(4),
});
export type DueServiceQuery = z.input<typeof dueServiceQuerySchema>;

/** A person named on an agreement (a service worker): the shared lookup shape. */
export type NamedRefDto = LookupDto;

export const serviceAgreementDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  serviceWorkers: z.array(lookupDtoSchema),
  interval: z.enum(SERVICE_INTERVALS),
  startDate: z.string(),
  pricePerVisitOre: z.number(),
  pricePerYearOre: z.number(),
  /** Items still on the project (one removed from the map drops out). */
  itemIds: z.array(z.string()),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  lastVisitDate: z.string().nullable(),
  /** Null: no visit to come (no interval, and the one visit is done). */
  nextVisitDate: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type ServiceAgreementDto = z.output<typeof serviceAgreementDtoSchema>;

/** GET /service-agreements/of-project: the project's agreement, or none yet. */
export const serviceAgreementOfProjectDtoSchema = z.object({
  agreement: serviceAgreementDtoSchema.nullable(),
});
export type ServiceAgreementOfProjectDto = z.output<typeof serviceAgreementOfProjectDtoSchema>;

export const serviceVisitDtoSchema = z.object({
  id: z.string(),
  date: z.string(),
  note: z.string(),
  doneByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceVisitDto = z.output<typeof serviceVisitDtoSchema>;

export const servicePriceChangeDtoSchema = z.object({
  id: z.string(),
  date: z.string(),
  oldPricePerVisitOre: z.number(),
  newPricePerVisitOre: z.number(),
  oldPricePerYearOre: z.number(),
  newPricePerYearOre: z.number(),
  /** The index in percent; null for a price typed in the dialog. */
  indexPercent: z.number().nullable(),
  byName: z.string().nullable(),
});
export type ServicePriceChangeDto = z.output<typeof servicePriceChangeDtoSchema>;

export const serviceAgreementHistoryEntryDtoSchema = z.object({
  id: z.string(),
  action: z.enum(['created', 'updated', 'visitDone', 'priceIndexed']),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  byName: z.string().nullable(),
  at: z.string(),
});
export type ServiceAgreementHistoryEntryDto = z.output<typeof serviceAgreementHistoryEntryDtoSchema>;

/** GET /service-agreements/{id}/history: visits, prices and every change, newest first. */
export const serviceAgreementHistoryDtoSchema = z.object({
  visits: z.array(serviceVisitDtoSchema),
  prices: z.array(servicePriceChangeDtoSchema),
  changes: z.array(serviceAgreementHistoryEntryDtoSchema),
});
export type ServiceAgreementHistoryDto = z.output<typeof serviceAgreementHistoryDtoSchema>;

/** One visit due (the due service list and the dispatch view). */
export const dueServiceVisitDtoSchema = z.object({
  agreementId: z.string(),
  projectId: z.string(),
  projectNumber: z.number(),
  projectName: z.string(),
  nextVisitDate: z.string(),
  lastVisitDate: z.string().nullable(),
  interval: z.enum(SERVICE_INTERVALS),
  isOverdue: z.boolean(),
  serviceWorkers: z.array(lookupDtoSchema),
  itemCount: z.number(),
  version: z.number(),
});
export type DueServiceVisitDto = z.output<typeof dueServiceVisitDtoSchema>;

/** GET /service-agreements/due. */
export const dueServiceVisitPageSchema = pageSchema(dueServiceVisitDtoSchema);

export const SERVICE_AGREEMENT_PUSHES = { changed: 'service-agreements:changed' } as const;
export type ServiceAgreementsChangedPush = { projectIds: string[] };
