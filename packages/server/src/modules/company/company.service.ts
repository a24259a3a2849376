import type { CompanyChoice, CompanyDto } from '@karm/domain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { companies } from './company.tables';

type CompanyRow = typeof companies.$inferSelect;

const fileLink = (companyId: string, fileId: string | null) =>
  fileId ? `/api/file?id=${fileId}&companyId=${companyId}` : null;

export const toCompanyDto = (row: CompanyRow): CompanyDto => ({
  id: row.id,
  nr: row.nr,
  name: row.name,
  organisationNumber: row.organisationNumber,
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
