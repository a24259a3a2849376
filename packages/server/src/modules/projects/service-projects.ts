import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { containsPattern, numberMatch } from '../../platform/db/search-terms';
import { projects } from './projects.tables';

/**
 * The company's service projects that are not archived, by number, paged (the chooser of service
 * project details). Service work reads them here rather than from the projects table itself.
 */
export const serviceProjectsPage = async (
  db: Executor,
  companyId: string,
  query: { page: number; pageSize: number; search?: string },
) => {
  const term = query.search?.trim();
  const numberSearch: SQL | undefined =
    term && /^\d{1,9}$/.test(term) ? eq(projects.number, Number(term)) : undefined;
  const where = and(
    eq(projects.companyId, companyId),
    eq(projects.isService, true),
    ne(projects.state, 'archived'),
    term ? or(ilike(projects.name, containsPattern(term)), numberSearch) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: projects.id, number: projects.number, name: projects.name })
      .from(projects)
      .where(where)
      .orderBy(asc(projects.number), sql`${projects.id}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

/**
 * The company's service projects (not archived) whose number or name matches the term, as a
 * subquery of ids: service work finds its items by their project this way.
 */
export const serviceProjectIdsMatching = (db: Executor, companyId: string, term: string) =>
  db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.companyId, companyId),
        eq(projects.isService, true),
        ne(projects.state, 'archived'),
        or(ilike(projects.name, containsPattern(term)), numberMatch(projects.number, term)),
      ),
    );

/** Where the given projects are and for whom (a service visit's site and customer), by id. */
export const projectSites = async (db: Executor, companyId: string, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select({
          id: projects.id,
          number: projects.number,
          name: projects.name,
          address: projects.projectAddress,
          city: projects.projectCity,
          customerId: projects.customerId,
        })
        .from(projects)
        .where(and(eq(projects.companyId, companyId), inArray(projects.id, [...ids])));
