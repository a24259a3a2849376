import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { validateUrl } from '../rules/url';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';
import { organisationNumberSchema } from './organisation-number-field';

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
  serviceDepartment: string | null;
  serviceEmployeeCategory: string | null;
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
  serviceDepartment: text(200),
  serviceEmployeeCategory: text(200),
  logoFileId: z.uuid().nullable(),
  footerFileId: z.uuid().nullable(),
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
  serviceDepartment: company.serviceDepartment ?? '',
  serviceEmployeeCategory: company.serviceEmployeeCategory ?? '',
  logoFileId: company.logoFileId,
  footerFileId: company.footerFileId,
});

export const COMPANY_PUSHES = { changed: 'company:changed' } as const;

export const companyEvents = {
  'company:get-info': socketEvent<CompanyDto>()(z.unknown()),
  'company:update': socketEvent<CompanyDto>()(companyUpdateSchema),
};
