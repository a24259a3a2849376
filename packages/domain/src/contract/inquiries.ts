import { z } from 'zod';
import type { DeadlineFilter } from '../rules/inquiry-deadline';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { collectionKeySchema } from './collection-key';
import type { CreditScore, CustomerSource, LookupDto } from './customers';
import { type OneTimeCustomer, oneTimeCustomerSchema } from './customers';
import { dateOnlySchema } from './date-only';
import { patchOf, socketEvent } from './define';
import type { FileDto } from './files';
import { type Page, pageQuerySchema } from './paging';

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const optionalText = (max: number) => text(max).default('');
const _email = z.union([z.literal(''), z.email(MESSAGES.emailInvalid)]).default('');

/**
 * SPEC §3 inquiry fields a person edits. The customer is either one of the company's customers
 * (`customerId`; with an accounting id it came from Tripletex) or a one-time customer — never both.
 * The credit score is entered only for a one-time customer; a chosen customer brings its own.
 */
export const inquiryFieldsSchema = z.object({
  receivedDate: dateOnlySchema,
  deadline: dateOnlySchema.nullable().default(null),
  ownerId: z.uuid().nullable().default(null),
  projectName: text(200).min(1, MESSAGES.required),
  projectAddress: optionalText(200),
  postalCode: optionalText(10),
  city: optionalText(100),
  comment: optionalText(4000),
  projectCategory: collectionKeySchema.nullable().default(null),
  calculationGroup: optionalText(60),
  complexity: collectionKeySchema.nullable().default(null),
  customerCategory: collectionKeySchema.nullable().default(null),
  ownerType: collectionKeySchema.nullable().default(null),
  projectOwner: optionalText(200),
  architect: optionalText(200),
  consultant: optionalText(200),
  customerId: z.uuid().nullable().default(null),
  oneTimeCustomer: oneTimeCustomerSchema.nullable().default(null),
  contactId: z.uuid().nullable().default(null),
  creditScore: optionalText(40),
});
export type InquiryFieldsInput = z.input<typeof inquiryFieldsSchema>;
export type InquiryField = keyof z.output<typeof inquiryFieldsSchema>;

export const inquiryCreateSchema = inquiryFieldsSchema;

export const inquiryUpdateSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  changes: patchOf(inquiryFieldsSchema),
});

export const inquiryArchiveSchema = z.object({
  id: z.uuid(),
  reason: text(500).min(1, MESSAGES.archiveReasonRequired),
});

export const INQUIRY_SORT_FIELDS = [
  'number',
  'receivedDate',
  'deadline',
  'projectName',
  'customer',
  'owner',
] as const;
export type InquirySortField = (typeof INQUIRY_SORT_FIELDS)[number];

export const deadlineFilterSchema: z.ZodType<DeadlineFilter> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('overdue') }),
  z.object({ kind: z.literal('within'), days: z.number().int().min(0).max(366) }),
  z.object({ kind: z.literal('before'), date: dateOnlySchema }),
]);

/** "Inquiry management": filters, search and paging, all on the server. */
export const inquiryQuerySchema = pageQuerySchema.extend({
  ownerId: z.uuid().nullable().default(null),
  projectCategory: collectionKeySchema.nullable().default(null),
  deadline: deadlineFilterSchema.nullable().default(null),
  archived: z.boolean().default(false),
  /** Number, project name, address or customer name. */
  search: z.string().trim().max(200).default(''),
  sort: z.enum(INQUIRY_SORT_FIELDS).default('number'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type InquiryQuery = z.input<typeof inquiryQuerySchema>;

export type InquiryCustomerDto = {
  id: string;
  name: string;
  customerNumber: number | null;
  /** 'accounting' = from Tripletex, 'local' = only in Karm. */
  source: CustomerSource;
  creditScore: CreditScore;
};

export type InquiryDto = {
  id: string;
  number: number;
  receivedDate: string;
  deadline: string | null;
  owner: LookupDto | null;
  projectName: string;
  projectAddress: string;
  postalCode: string;
  city: string;
  comment: string;
  projectCategory: string | null;
  calculationGroup: string;
  complexity: string | null;
  customerCategory: string | null;
  ownerType: string | null;
  projectOwner: string;
  architect: string;
  consultant: string;
  customer: InquiryCustomerDto | null;
  oneTimeCustomer: OneTimeCustomer | null;
  /** The name the list shows: the customer's or the one-time customer's. */
  customerName: string | null;
  contact: LookupDto | null;
  /** Entered for a one-time customer; a chosen customer's own score is in `customer.creditScore`. */
  creditScore: string;
  archived: boolean;
  archiveReason: string | null;
  archivedAt: string | null;
  archivedBy: LookupDto | null;
  /** Set when the inquiry was converted to an offer (SPEC §4). */
  offerId: string | null;
  offerNumber: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export const INQUIRY_HISTORY_ACTIONS = [
  'created',
  'updated',
  'archived',
  'unarchived',
  'documentAdded',
  'documentDeleted',
  'convertedToOffer',
] as const;
export type InquiryHistoryAction = (typeof INQUIRY_HISTORY_ACTIONS)[number];

/** One changed field, values as shown to people (names rather than ids; codes and dates as stored). */
export type InquiryFieldChange = { field: InquiryField; from: string | null; to: string | null };

/** DESIGN rule 6: who changed what and when. */
export type InquiryHistoryDto = {
  id: string;
  at: string;
  user: { id: string; name: string } | null;
  action: InquiryHistoryAction;
  changes: InquiryFieldChange[];
  /** The archive reason, or the added or deleted document's name. */
  detail: string | null;
};

export type InquiryDetailsDto = InquiryDto & { history: InquiryHistoryDto[]; documents: FileDto[] };

/** The offer made from an inquiry, and the inquiry now linked to it. */
export type InquiryConversionDto = { offerId: string; offerNumber: number; inquiry: InquiryDetailsDto };

export const inquiryEvents = {
  'inquiries:get': socketEvent<Page<InquiryDto>>()(inquiryQuerySchema),
  'inquiry:get': socketEvent<InquiryDetailsDto>()(z.object({ id: z.uuid() })),
  'inquiry:create': socketEvent<InquiryDetailsDto>()(inquiryCreateSchema),
  'inquiry:update': socketEvent<InquiryDetailsDto>()(inquiryUpdateSchema),
  'inquiry:archive': socketEvent<InquiryDetailsDto>()(inquiryArchiveSchema),
  'inquiry:unarchive': socketEvent<InquiryDetailsDto>()(z.object({ id: z.uuid() })),
  /** SPEC §4: an inquiry becomes an offer carrying its customer, contact, address and project facts. */
  'inquiry:convert-to-offer': socketEvent<InquiryConversionDto>()(
    z.object({ id: z.uuid(), version: z.number().int().min(1) }),
  ),
};

/** Pushed to the company's room after a committed change (DESIGN rule 7). */
export const INQUIRY_PUSHES = {
  inquiryChanged: 'inquiry:changed',
} as const;
