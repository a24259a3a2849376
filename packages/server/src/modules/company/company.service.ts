import {
  COMPANY_PUSHES,
  type CompanyChoice,
  type CompanyDto,
  type companyUpdateSchema,
} from '@karm/domain/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { filesReferable } from '../files/files.service';
import { companies } from './company.tables';

type CompanyRow = typeof companies.$inferSelect;

const fileLink = (companyId: string, fileId: string | null) =>
  fileId ? `/api/file?id=${fileId}&companyId=${companyId}` : null;

export const toCompanyDto = (row: CompanyRow): CompanyDto => ({
  id: row.id,
  nr: row.nr,
  name: row.name,
  organisationNumber: row.organisationNumber,
  address: row.address,
  postalCode: row.postalCode,
  city: row.city,
  phone: row.phone,
  email: row.email,
  web: row.web,
  bankAccount: row.bankAccount,
  isVatRegistered: row.isVatRegistered,
  documentLanguage: row.documentLanguage,
  logoFileId: row.logoFileId,
  footerFileId: row.footerFileId,
  logoUrl: fileLink(row.id, row.logoFileId),
  footerUrl: fileLink(row.id, row.footerFileId),
  serviceDepartment: row.serviceDepartment,
  serviceEmployeeCategory: row.serviceEmployeeCategory,
  version: row.version,
});

/** The signed-in user's company (SPEC §7 company:get-info). */
export const getCompanyInfo = async (ctx: AppContext, actor: Actor): Promise<CompanyDto> => {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, actor.companyId));
  if (!row) throw notFound('Company');
  return toCompanyDto(row);
};

/**
 * Saves the company settings (administrators only). The logo and footer must be images this company
 * uploaded as `logo` and `footer`; another company's file is answered like a missing one.
 */
export const updateCompany = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof companyUpdateSchema>,
): Promise<CompanyDto> => {
  if (actor.role !== 'admin') throw forbidden('Only administrators change the company settings');
  const { version, ...values } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      logoFileId: [filesReferable('logo'), values.logoFileId],
      footerFileId: [filesReferable('footer'), values.footerFileId],
    });
    const [updated] = await tx
      .update(companies)
      .set({
        ...values,
        organisationNumber: values.organisationNumber || null,
        serviceDepartment: values.serviceDepartment || null,
        serviceEmployeeCategory: values.serviceEmployeeCategory || null,
        updatedAt: ctx.clock.now(),
        version: sql`${companies.version} + 1`,
      })
      .where(and(eq(companies.id, actor.companyId), eq(companies.version, version)))
      .returning();
    return updated;
  });
  if (!row) throw conflict('The company settings were changed by someone else');
  const dto = toCompanyDto(row);
  ctx.realtime.toCompany(actor.companyId, COMPANY_PUSHES.changed, dto);
  return dto;
};

/** Names of the given companies, for the sign-in company choice. */
export const getCompanyChoices = async (db: Executor, companyIds: string[]): Promise<CompanyChoice[]> => {
  if (companyIds.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name, nr: companies.nr })
    .from(companies)
    .where(inArray(companies.id, companyIds))
    .orderBy(asc(companies.name));
};

export const createCompany = async (
  db: Executor,
  values: {
    name: string;
    nr: number;
    organisationNumber?: string | null;
    serviceEmployeeCategory?: string | null;
  },
): Promise<CompanyRow> => {
  const [row] = await db.insert(companies).values(values).returning();
  if (!row) throw new Error('Company insert returned nothing');
  return row;
};
