import { z } from 'zod';
import {
  DEFAULT_SERVICE_INTERVAL,
  PRICE_INDEX_LIMITS,
  SERVICE_INTERVALS,
  type ServiceInterval,
} from '../rules/service-agreements';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { pageQuerySchema } from './paging';

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
export type PriceIndexResultDto = { adjusted: number; skipped: number };

/** GET /service-agreements/due: visits due within `weeks` weeks from today, overdue first, paged. */
export const dueServiceQuerySchema = pageQuerySchema.extend({
  weeks: z.coerce.number().int().min(0).max(SERVICE_AGREEMENT_LIMITS.weeksAhead).default(4),
});
export type DueServiceQuery = z.input<typeof dueServiceQuerySchema>;

export type NamedRefDto = { id: string; displayName: string };

export type ServiceAgreementDto = {
  id: string;
  projectId: string;
  serviceWorkers: NamedRefDto[];
  interval: ServiceInterval;
  startDate: string;
  pricePerVisitOre: number;
  pricePerYearOre: number;
  /** Items still on the project (one removed from the map drops out). */
  itemIds: string[];
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  lastVisitDate: string | null;
  /** Null: no visit to come (no interval, and the one visit is done). */
  nextVisitDate: string | null;
  createdAt: string;
  version: number;
};

/** GET /service-agreements/of-project: the project's agreement, or none yet. */
export type ServiceAgreementOfProjectDto = { agreement: ServiceAgreementDto | null };

export type ServiceVisitDto = {
  id: string;
  date: string;
  note: string;
  doneByName: string | null;
  createdAt: string;
};

export type ServicePriceChangeDto = {
  id: string;
  date: string;
  oldPricePerVisitOre: number;
  newPricePerVisitOre: number;
  oldPricePerYearOre: number;
  newPricePerYearOre: number;
  /** The index in percent; null for a price typed in the dialog. */
  indexPercent: number | null;
  byName: string | null;
};

export type ServiceAgreementHistoryEntryDto = {
  id: string;
  action: 'created' | 'updated' | 'visitDone' | 'priceIndexed';
  changes: Record<string, { from: unknown; to: unknown }>;
  byName: string | null;
  at: string;
};

/** GET /service-agreements/{id}/history: visits, prices and every change, newest first. */
export type ServiceAgreementHistoryDto = {
  visits: ServiceVisitDto[];
  prices: ServicePriceChangeDto[];
  changes: ServiceAgreementHistoryEntryDto[];
};

/** One visit due (the due service list and the dispatch view). */
export type DueServiceVisitDto = {
  agreementId: string;
  projectId: string;
  projectNumber: number;
  projectName: string;
  nextVisitDate: string;
  lastVisitDate: string | null;
  interval: ServiceInterval;
  isOverdue: boolean;
  serviceWorkers: NamedRefDto[];
  itemCount: number;
  version: number;
};

export const SERVICE_AGREEMENT_PUSHES = { changed: 'service-agreements:changed' } as const;
export type ServiceAgreementsChangedPush = { projectIds: string[] };
