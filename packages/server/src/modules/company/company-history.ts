import type { CompanyField, CompanyHistoryDto } from '@karm/domain/contract';
import { desc, eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { userNamesByIds } from '../auth/users.repository';
import { departmentSummaries, employeeCategorySummaries } from '../employees/employees.service';
import { fileNamesOf } from '../files/files.service';
import { describeChanges } from '../inquiries/inquiry-history';
import type { CompanyRow } from './company.service';
import { companyHistory } from './company.tables';

type CompanyValues = Pick<CompanyRow, CompanyField>;
type CompanyChanges = CompanyHistoryDto['changes'];

const idsOf = (before: CompanyValues, after: CompanyValues, ...fields: CompanyField[]) =>
  fields
    .flatMap((field) => [before[field], after[field]])
    .filter((id): id is string => typeof id === 'string');

/**
 * The fields a save changes, each from what to what as people read them: the logo and footer by
 * their file names, the service department and category by theirs. Reads the names on ctx.db,
 * before the save's transaction (the files a save replaces are deleted after it).
 */
export const describeCompanyChanges = async (
  ctx: AppContext,
  companyId: string,
  before: CompanyValues,
  after: CompanyValues,
): Promise<CompanyChanges> => {
  const [files, departments, categories] = await Promise.all([
    fileNamesOf(ctx.db, companyId, idsOf(before, after, 'logoFileId', 'footerFileId')),
    departmentSummaries(ctx, companyId, idsOf(before, after, 'serviceDepartmentId')),
    employeeCategorySummaries(ctx, companyId, idsOf(before, after, 'serviceEmployeeCategoryId')),
  ]);
  return describeChanges<CompanyField>(ctx, companyId, before, after, (field, value) => {
    switch (field) {
      case 'logoFileId':
      case 'footerFileId':
        return files.get(value as string) ?? null;
      case 'serviceDepartmentId':
        return departments.get(value as string)?.displayName ?? null;
      case 'serviceEmployeeCategoryId':
        return categories.get(value as string)?.name ?? null;
      default:
        return undefined;
    }
  });
};

/** Writes one history row inside the save's transaction; the person's name is kept as it was. */
export const recordCompanyHistory = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  changes: CompanyChanges,
) => {
  const names = await userNamesByIds(tx, [actor.userId]);
  await tx.insert(companyHistory).values({
    companyId: actor.companyId,
    userId: actor.userId,
    userName: names.get(actor.userId) ?? '',
    changes,
    at: ctx.clock.now(),
  });
};

/** The company settings' history, newest first (administrators: it names who changed what). */
export const companyHistoryOf = async (ctx: AppContext, actor: Actor): Promise<CompanyHistoryDto[]> => {
  const rows = await ctx.db
    .select()
    .from(companyHistory)
    .where(eq(companyHistory.companyId, actor.companyId))
    .orderBy(desc(companyHistory.at), desc(companyHistory.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    user: row.userId ? { id: row.userId, name: row.userName } : null,
    changes: row.changes,
  }));
};
