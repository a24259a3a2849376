import { z } from 'zod';
import type { ProjectState } from '../rules/project-state';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import type { EffectivePaymentTerm } from './billing-settings';
import { collectionKeySchema } from './collection-key';
import { patchOf, socketEvent } from './define';
import { organisationNumberSchema } from './organisation-number-field';
import { type Page, pageQuerySchema } from './paging';

/** Where a customer comes from (SPEC §3 inquiry: accounting system, local database or one-time). */
export const CUSTOMER_SOURCES = ['accounting', 'local', 'one-time'] as const;
export type CustomerSource = (typeof CUSTOMER_SOURCES)[number];

/** SPEC §3 customer categories. */
export const CUSTOMER_CATEGORIES = ['private', 'company', 'project', 'hardwareStore', 'special'] as const;
export type CustomerCategory = (typeof CUSTOMER_CATEGORIES)[number];

/** Tripletex's invoice send methods (its field names are the spec's). */
export const INVOICE_SEND_METHODS = [
  'EMAIL',
  'EHF',
  'EFAKTURA',
  'AVTALEGIRO',
  'VIPPS',
  'PAPER',
  'MANUAL',
] as const;

/** Whether a record is in step with the accounting system ("pending sync" shows in the UI). */
export const SYNC_STATUSES = ['local', 'pending', 'synced', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const optionalText = (max: number) => text(max).default('');
const email = z.union([z.literal(''), z.email(MESSAGES.emailInvalid)]).default('');

export const addressSchema = z.object({
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  postalCode: optionalText(10),
  city: optionalText(100),
  countryCode: z.string().length(2).default('NO'),
});
export type Address = z.infer<typeof addressSchema>;

/** A customer kept on an inquiry or offer only: never saved as a customer, never sent to accounting. */
export const oneTimeCustomerSchema = z.object({
  name: text(200).min(1, MESSAGES.required),
  email,
  phone: optionalText(40),
  address: optionalText(300),
});
export type OneTimeCustomer = z.output<typeof oneTimeCustomerSchema>;

const organisationNumber = organisationNumberSchema.default('');

/** SPEC §3 customer creation payload, plus the physical address and Karm's category. */
export const customerCreateSchema = z
  .object({
    name: text(200).min(1, MESSAGES.required),
    organizationNumber: organisationNumber,
    isPrivateIndividual: z.boolean().default(false),
    email,
    invoiceEmail: email,
    phoneNumber: optionalText(40),
    phoneNumberMobile: optionalText(40),
    invoiceSendMethod: z.enum(INVOICE_SEND_METHODS).default('EMAIL'),
    isSupplier: z.boolean().default(false),
    supplierNumber: z.number().int().positive().nullable().default(null),
    /** Unique per company; Karm assigns the next free number when it is left out. */
    customerNumber: z.number().int().positive().max(999_999_999).nullable().default(null),
    postalAddress: addressSchema.default({
      addressLine1: '',
      addressLine2: '',
      postalCode: '',
      city: '',
      countryCode: 'NO',
    }),
    physicalAddress: addressSchema.nullable().default(null),
    category: collectionKeySchema.default('company'),
    /** The customer's own payment term; without it, its category's or the company's default applies. */
    paymentTermId: z.uuid().nullable().default(null),
    /** A one-time customer is kept for one inquiry or offer and never sent to the accounting system. */
    isOneTime: z.boolean().default(false),
  })
  .refine(
    (customer) => customer.isPrivateIndividual || customer.isOneTime || customer.organizationNumber !== '',
    {
      path: ['organizationNumber'],
      message: MESSAGES.mustBe9Characters,
    },
  );
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;

/** The customer fields a person edits; the update sends only those that changed. */
export const customerEditableSchema = z.object({
  name: text(200).min(1, MESSAGES.required),
  organizationNumber: organisationNumber,
  isPrivateIndividual: z.boolean(),
  email,
  invoiceEmail: email,
  phoneNumber: optionalText(40),
  phoneNumberMobile: optionalText(40),
  invoiceSendMethod: z.enum(INVOICE_SEND_METHODS),
  postalAddress: addressSchema,
  physicalAddress: addressSchema.nullable(),
  category: collectionKeySchema,
  paymentTermId: z.uuid().nullable(),
});

export const customerUpdateSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  changes: patchOf(customerEditableSchema),
});

/** The longest reason an archiving may give. */
export const CUSTOMER_ARCHIVE_REASON_MAX = 500;

/** SPEC §4: archiving asks why. The version guards against archiving what someone else just changed. */
export const customerArchiveSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  reason: text(CUSTOMER_ARCHIVE_REASON_MAX).min(1, MESSAGES.archiveReasonRequired),
});

export const customerUnarchiveSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
});

/** Who archived a customer, when and why (DESIGN rule 6); the name is the one at the time. */
export type CustomerArchive = {
  at: string;
  by: { id: string | null; displayName: string };
  reason: string;
};

export type CreditScore = { score: string; date: string; source: string } | null;

export type CustomerDto = {
  id: string;
  source: CustomerSource;
  customerNumber: number | null;
  name: string;
  /** SPEC §3 selected customer: orgnr, address, city, postalCode, email, phoneNumberMobile. */
  organizationNumber: string;
  orgnr: string;
  address: string;
  city: string;
  postalCode: string;
  isPrivateIndividual: boolean;
  email: string;
  invoiceEmail: string;
  phoneNumber: string;
  phoneNumberMobile: string;
  invoiceSendMethod: (typeof INVOICE_SEND_METHODS)[number];
  isSupplier: boolean;
  supplierNumber: number | null;
  postalAddress: Address;
  physicalAddress: Address | null;
  /** A key of the company's customer categories (collections). */
  category: string;
  creditScore: CreditScore;
  /** The customer's own payment term, if it has one. */
  paymentTermId: string | null;
  /** The term that applies (its own, its category's, the company's) and where it comes from. */
  paymentTerm: EffectivePaymentTerm;
  accountingId: string | null;
  syncStatus: SyncStatus;
  syncError: string | null;
  /** Archived in Karm or inactive in the accounting system: hidden from pickers and lists by default. */
  isInactive: boolean;
  /** Who archived it in Karm, when and why; null while active or when archived in the accounting system. */
  archive: CustomerArchive | null;
  version: number;
  updatedAt: string;
};

export const customerQuerySchema = pageQuerySchema.extend({
  /** Name, organisation number, customer number, e-mail or phone. */
  search: z.string().trim().max(200).default(''),
  source: z.enum(CUSTOMER_SOURCES).optional(),
  /** The list's "Show archived": archived (inactive) customers too. */
  includeInactive: z.boolean().default(false),
});

/** SPEC §3 contact creation payload. The add-contact dialog does not validate (SPEC §5). */
export const contactCreateSchema = z.object({
  customerId: z.uuid(MESSAGES.mustSelectCustomer),
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: optionalText(200),
  phoneNumberMobile: optionalText(40),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

/** The contact fields a person edits; the contact stays with its customer. */
const contactEditableSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: optionalText(200),
  phoneNumberMobile: optionalText(40),
  phoneNumber: optionalText(40),
});

export const contactUpdateSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  changes: patchOf(contactEditableSchema),
});

/** Removes a contact from its customer's list (kept for the records that name it). */
export const contactArchiveSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
});

/** SPEC §3 contact record: id, displayName, orgnr, email, phoneNumberMobile, phoneNumber, address, city, postalCode. */
export type ContactDto = {
  id: string;
  customerId: string;
  customer: { id: string; name: string };
  firstName: string;
  lastName: string;
  displayName: string;
  orgnr: string;
  email: string;
  phoneNumberMobile: string;
  phoneNumber: string;
  address: string;
  city: string;
  postalCode: string;
  syncStatus: SyncStatus;
  version: number;
};

export type CustomerInquirySummary = {
  id: string;
  number: number;
  /** The project name. */
  name: string;
  receivedDate: string;
  /** Set once the inquiry became an offer. */
  offerNumber: number | null;
  isArchived: boolean;
};

export type CustomerOfferSummary = {
  id: string;
  number: number;
  name: string;
  /** The admin-defined status's name, or null without one. */
  status: string | null;
  createdAt: string;
  /** Set once the offer became a project. */
  projectNumber: number | null;
  isArchived: boolean;
};

export type CustomerProjectSummary = {
  id: string;
  number: number;
  name: string;
  state: ProjectState;
  isService: boolean;
  deliveryDate: string | null;
};

/**
 * The customer panel's inquiries, offers and projects: of each, the first page of
 * `CUSTOMER_RELATED_LIMIT`, newest first, with the total.
 */
export type CustomerRelatedDto = {
  inquiries: Page<CustomerInquirySummary>;
  offers: Page<CustomerOfferSummary>;
  projects: Page<CustomerProjectSummary>;
};

export const CUSTOMER_RELATED_LIMIT = 50;

/** SPEC §3 department and customer lookups. */
export const lookupDtoSchema = z.object({ id: z.string(), displayName: z.string() });
export type LookupDto = z.output<typeof lookupDtoSchema>;

export const employeeDtoSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** SPEC §3 keeps the Norwegian names of the old record. */
  fornavn: z.string(),
  etternavn: z.string(),
  displayName: z.string(),
  fullName: z.string(),
  accountingId: z.string().nullable(),
  employeeCategory: z.object({ id: z.string(), name: z.string() }).nullable(),
  department: lookupDtoSchema.nullable(),
  workGroup: z.string().nullable(),
  email: z.string(),
  phoneNumberMobile: z.string(),
  birthDate: z.string().nullable(),
  employmentDate: z.string().nullable(),
  isActive: z.boolean(),
  userId: z.string().nullable(),
});
export type EmployeeDto = z.output<typeof employeeDtoSchema>;

export type EmployeeCategoryDto = { id: string; name: string; number: string };

/** SPEC §6: the admin list starts with this entry, meaning nobody chosen. */
export const NO_ONE_CHOSEN = '(Ingen valgt)';

export const postalCodeSchema = z.object({
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, MESSAGES.postalCodeInvalid),
});
export type PostalPlace = { postalCode: string; city: string };

export const customerEvents = {
  'customer:get': socketEvent<Page<CustomerDto>>()(customerQuerySchema),
  'customer:get-one': socketEvent<CustomerDto>()(z.object({ id: z.uuid() })),
  'customer:create': socketEvent<CustomerDto>()(customerCreateSchema),
  'customer:update': socketEvent<CustomerDto>()(customerUpdateSchema),
  'customer:archive': socketEvent<CustomerDto>()(customerArchiveSchema),
  'customer:unarchive': socketEvent<CustomerDto>()(customerUnarchiveSchema),
  'customer:related': socketEvent<CustomerRelatedDto>()(z.object({ id: z.uuid() })),
  'contacts:get': socketEvent<ContactDto[]>()(z.object({ customerId: z.uuid(MESSAGES.noCustomerSelected) })),
  'contact:get': socketEvent<ContactDto>()(z.object({ id: z.uuid() })),
  'contact:create': socketEvent<ContactDto>()(contactCreateSchema),
  'contact:update': socketEvent<ContactDto>()(contactUpdateSchema),
  'contact:archive': socketEvent<ContactDto>()(contactArchiveSchema),
  'employee:get': socketEvent<EmployeeDto[]>()(
    z.object({ includeInactive: z.boolean().default(false) }).default({ includeInactive: false }),
  ),
  'employee:get-categories': socketEvent<EmployeeCategoryDto[]>()(z.unknown()),
  'admin:get-users': socketEvent<{ id: string | null; displayName: string }[]>()(z.unknown()),
  'project-manager:get': socketEvent<LookupDto[]>()(z.unknown()),
  'project_department:get': socketEvent<LookupDto[]>()(z.unknown()),
  'admin:postaladdress': socketEvent<PostalPlace>()(postalCodeSchema),
};

/** Pushed to the company's room after a committed change (DESIGN rule 7). */
export const CUSTOMER_PUSHES = {
  customerChanged: 'customer:changed',
  contactChanged: 'contact:changed',
  employeesChanged: 'employees:changed',
} as const;
