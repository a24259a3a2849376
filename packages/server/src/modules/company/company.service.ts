import {
  COMPANY_PUSHES,
  type CompanyChoice,
  type CompanyDto,
  type companyUpdateSchema,
} from '@karm/domain/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, notFound } from '../../platform/errors';
import {
  DEPARTMENTS_REFERABLE,
  departmentSummaries,
  EMPLOYEE_CATEGORIES_REFERABLE,
  employeeCategorySummaries,
} from '../employees/employees.service';
import type { FileUser } from '../files/file-users';
import { filesReferable, removeUnusedFilesLater } from '../files/files.service';
import { companies } from './company.tables';
import { describeCompanyChanges, recordCompanyHistory } from './company-history';

export type CompanyRow = typeof companies.$inferSelect;

const fileLink = (companyId: string, fileId: string | null) =>
  fileId ? `/api/file?id=${fileId}&companyId=${companyId}` : null;

/** The stored row with the names of the service department and category it points at. */
const toCompanyDto = async (ctx: AppContext, row: CompanyRow): Promise<CompanyDto> => {
  const [departments, categories] = await Promise.all([
    departmentSummaries(ctx, row.id, row.serviceDepartmentId ? [row.serviceDepartmentId] : []),
    employeeCategorySummaries(
      ctx,
      row.id,
      row.serviceEmployeeCategoryId ? [row.serviceEmployeeCategoryId] : [],
    ),
  ]);
  return {
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
    serviceDepartment: (row.serviceDepartmentId && departments.get(row.serviceDepartmentId)) || null,
    serviceEmployeeCategory:
      (row.serviceEmployeeCategoryId && categories.get(row.serviceEmployeeCategoryId)) || null,
    requireTwoFactorForAdmins: row.requireTwoFactorForAdmins,
    version: row.version,
  };
};

export const findCompanyRow = async (db: Executor, companyId: string) => {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  return row;
};

/**
 * The signed-in user's company (SPEC §7 company:get-info), read fresh every time: documents made
 * right after a save show the change.
 */
export const getCompanyInfo = async (ctx: AppContext, actor: Actor): Promise<CompanyDto> =>
  toCompanyDto(ctx, await findCompanyRow(ctx.db, actor.companyId));

type CompanyUpdate = z.output<typeof companyUpdateSchema>;

/** The row's editable values as a save writes them: an empty organisation number is none. */
const storedValuesOf = ({ version: _version, ...values }: CompanyUpdate) => ({
  ...values,
  organisationNumber: values.organisationNumber || null,
});

const conflictError = () => conflict('The company settings were changed by someone else');

/**
 * Saves the company settings (administrators only) and writes what changed to the history. The
 * logo and footer must be images this company uploaded as `logo` and `footer`, the service
 * department and category the company's own; another company's id is answered like a missing one.
 * A logo or footer the save replaces or removes is deleted ten minutes after the save has committed
 * (`removeUnusedFilesLater`): open tabs still show it until the change's push reaches them.
 */
export const updateCompany = async (
  ctx: AppContext,
  actor: Actor,
  input: CompanyUpdate,
): Promise<CompanyDto> => {
  const before = await findCompanyRow(ctx.db, actor.companyId);
  if (before.version !== input.version) throw conflictError();
  const values = storedValuesOf(input);
  // Names are read before the transaction; the version check below makes sure `before` is still current.
  const changes = await describeCompanyChanges(ctx, actor.companyId, before, values);
  if (changes.length === 0) return toCompanyDto(ctx, before);
  const row = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      logoFileId: [filesReferable('logo'), values.logoFileId],
      footerFileId: [filesReferable('footer'), values.footerFileId],
      serviceDepartmentId: [DEPARTMENTS_REFERABLE, values.serviceDepartmentId],
      serviceEmployeeCategoryId: [EMPLOYEE_CATEGORIES_REFERABLE, values.serviceEmployeeCategoryId],
    });
    const [updated] = await tx
      .update(companies)
      .set({ ...values, updatedAt: ctx.clock.now(), version: sql`${companies.version} + 1` })
      .where(and(eq(companies.id, actor.companyId), eq(companies.version, input.version)))
      .returning();
    if (!updated) throw conflictError();
    await recordCompanyHistory(tx, ctx, actor, changes);
    return updated;
  });
  await removeUnusedFilesLater(
    ctx,
    actor.companyId,
    [before.logoFileId, before.footerFileId].filter(
      (fileId): fileId is string =>
        fileId !== null && fileId !== row.logoFileId && fileId !== row.footerFileId,
    ),
  );
  const dto = await toCompanyDto(ctx, row);
  ctx.realtime.toCompany(actor.companyId, COMPANY_PUSHES.changed, dto);
  return dto;
};

/** The company's logo and footer image are in use: the files module never deletes them under it. */
export const companyFileUser: FileUser = {
  uses: async (db, companyId, fileId) => {
    const [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.id, companyId),
          or(eq(companies.logoFileId, fileId), eq(companies.footerFileId, fileId)),
        ),
      );
    return row !== undefined;
  },
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

/**
 * Which of the given companies require two-factor sign-in of their administrators (for sign-in,
 * and for refusing to turn it off).
 */
export const companiesRequiringTwoFactor = async (db: Executor, companyIds: string[]) => {
  if (companyIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), eq(companies.requireTwoFactorForAdmins, true)));
  return new Set(rows.map((row) => row.id));
};

export const createCompany = async (
  db: Executor,
  values: {
    name: string;
    nr: number;
    organisationNumber?: string | null;
    requireTwoFactorForAdmins?: boolean;
  },
): Promise<CompanyRow> => {
  const [row] = await db.insert(companies).values(values).returning();
  if (!row) throw new Error('Company insert returned nothing');
  return row;
};

/**
 * Points the company at its service department and employee category (the demo and tests, which
 * make them after the company).
 */
export const setCompanyService = (
  db: Executor,
  companyId: string,
  service: { departmentId?: string | null; employeeCategoryId?: string | null },
) =>
  db
    .update(companies)
    .set({
      serviceDepartmentId: service.departmentId,
      serviceEmployeeCategoryId: service.employeeCategoryId,
    })
    .where(eq(companies.id, companyId));
