import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/index';
import { validateUrl } from '../rules/url';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import type { EmployeeCategoryDto, LookupDto } from './customers';
import { socketEvent } from './define';
import type { DownloadLinkDto } from './files';
import { organisationNumberSchema } from './organisation-number-field';

/** Documents are Norwegian until an administrator says otherwise: the customers are Norwegian. */
export const DEFAULT_DOCUMENT_LANGUAGE: Locale = 'nb';

export type CompanyDto = {
  id: string;
  nr: number;
  name: string;
  organisationNumber: string | null;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  web: string;
  bankAccount: string;
  isVatRegistered: boolean;
  /** The language of documents (offers, work orders) when nobody picks one. */
  documentLanguage: (typeof LOCALES)[number];
  logoFileId: string | null;
  footerFileId: string | null;
  /** Download links of the logo and footer images (SPEC §3 logoUrl, footerUrl). */
  logoUrl: string | null;
  footerUrl: string | null;
  /** SPEC §3: the department service work belongs to. */
  serviceDepartment: LookupDto | null;
  /** SPEC §3: the employee category whose active employees are the service workers (GET employee/service). */
  serviceEmployeeCategory: Pick<EmployeeCategoryDto, 'id' | 'name'> | null;
  /** Administrators must sign in with a second factor (TOTP); they set it up at their next sign-in. */
  requireTwoFactorForAdmins: boolean;
  version: number;
};

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));

const url = text(300).superRefine((value, context) => {
  const problem = validateUrl(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** The settings an administrator saves on /company (the whole form; `nr` never changes). */
export const companyUpdateSchema = z.object({
  version: z.number().int().positive(),
  name: text(200).min(1, MESSAGES.required),
  organisationNumber: organisationNumberSchema,
  address: text(300),
  postalCode: text(10),
  city: text(100),
  phone: text(40),
  email: z.union([z.literal(''), z.email(MESSAGES.emailInvalid)]),
  web: url,
  bankAccount: text(40),
  isVatRegistered: z.boolean(),
  documentLanguage: z.enum(LOCALES),
  serviceDepartmentId: z.uuid().nullable(),
  serviceEmployeeCategoryId: z.uuid().nullable(),
  logoFileId: z.uuid().nullable(),
  footerFileId: z.uuid().nullable(),
  requireTwoFactorForAdmins: z.boolean(),
});
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;

/** The settings form of a stored company: what a save sends when nothing is changed. */
export const companyFormOf = (company: CompanyDto): Required<CompanyUpdateInput> => ({
  version: company.version,
  name: company.name,
  organisationNumber: company.organisationNumber ?? '',
  address: company.address,
  postalCode: company.postalCode,
  city: company.city,
  phone: company.phone,
  email: company.email,
  web: company.web,
  bankAccount: company.bankAccount,
  isVatRegistered: company.isVatRegistered,
  documentLanguage: company.documentLanguage,
  serviceDepartmentId: company.serviceDepartment?.id ?? null,
  serviceEmployeeCategoryId: company.serviceEmployeeCategory?.id ?? null,
  logoFileId: company.logoFileId,
  footerFileId: company.footerFileId,
  requireTwoFactorForAdmins: company.requireTwoFactorForAdmins,
});

/** The settings' fields as a history row names them. */
export type CompanyField = Exclude<keyof CompanyUpdateInput, 'version'>;

/**
 * One save of the company settings (DESIGN rule 6): who, when, and each changed field from what to
 * what, as people read them — files by their name, the department and category by theirs, the VAT
 * registration as `true`/`false` and the document language as its code.
 */
export type CompanyHistoryDto = {
  id: string;
  /** An instant (ISO). */
  at: string;
  user: { id: string; name: string } | null;
  changes: { field: CompanyField; from: string | null; to: string | null }[];
};

/**
 * SPEC §7 file:get_default_file_url: the company's logo and footer image as short-lived signed links
 * (like POST /api/download-links), or null where none is set.
 */
export type CompanyDefaultFilesDto = { logo: DownloadLinkDto | null; footer: DownloadLinkDto | null };

export const COMPANY_PUSHES = { changed: 'company:changed' } as const;

export const companyEvents = {
  'company:get-info': socketEvent<CompanyDto>()(z.unknown()),
  'company:update': socketEvent<CompanyDto>()(companyUpdateSchema),
  /** The settings' history, newest first (administrators). */
  'company:history': socketEvent<CompanyHistoryDto[]>()(z.unknown()),
  'file:get_default_file_url': socketEvent<CompanyDefaultFilesDto>()(z.unknown()),
};
