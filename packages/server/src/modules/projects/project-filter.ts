import type { Page, ProjectInvoiceSquaresDto, ProjectListItemDto } from '@karm/domain/contract';
import {
  addDays,
  endedRangeStart,
  PROJECT_INVOICE_FILTERS,
  type ProjectFilters,
  type ProjectGroup,
  type ProjectSortType,
  STARTING_SOON_DAYS,
} from '@karm/domain/rules';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { todayIn } from '../../platform/clock';
import { type Actor, type AppContext, can } from '../../platform/context';
import type { NameRank } from '../../platform/db/name-rank';
import { numberMatch } from '../../platform/db/search-terms';
import { customerIdsMatching, customerNameRank } from '../customers/customers.service';
import { departmentNameRank, employeeIdOfUser, employeeNameRank } from '../employees/employees.service';
import { projectListSquares, projectsWithSquareStatus } from '../invoices/invoice-squares';
import { projectIdsInProcessState } from '../processes/process-entries.service';
import { projectReadScope } from './project-access';
import { countedProjectTotal } from './project-counts';
import { projectDtos } from './project-dto';
import { projects, projectTextContains } from './projects.tables';

/**
 * SPEC §4 status filter values: the project states, and the invoice states none/sent/pending/paid —
 * projects with some order square in that state (PROJECT_INVOICE_FILTERS; past due is "sent").
 */
const statusCondition = (status: ProjectFilters['status'], today: string): SQL | undefined => {
  switch (status) {
    case 'all':
      return undefined;
    case 'active':
      return eq(projects.state, 'active');
    case 'completed':
      return eq(projects.state, 'completed');
    case 'archived':
      return eq(projects.state, 'archived');
    case 'notActive':
      return inArray(projects.state, ['completed', 'archived']);
    case 'none':
    case 'sent':
    case 'pending':
    case 'paid':
      return projectsWithSquareStatus(PROJECT_INVOICE_FILTERS[status], today);
  }
};

/**
 * The dashboard's project groups (domain `projectGroupOf`, which this mirrors): past due wins over a
 * start in the future, so the groups never overlap.
 */
export const groupCondition = (group: ProjectGroup | null, today: string): SQL | undefined => {
  const active = eq(projects.state, 'active');
  const notPastDue = or(isNull(projects.deliveryDate), gte(projects.deliveryDate, today));
  switch (group) {
    case null:
      return undefined;
    case 'completed':
      return eq(projects.state, 'completed');
    case 'pastDue':
      return and(active, lt(projects.deliveryDate, today));
    case 'inProgress':
      return and(active, notPastDue, or(isNull(projects.startDate), lte(projects.startDate, today)));
    case 'startingSoon':
      return and(
        active,
        notPastDue,
        gt(projects.startDate, today),
        lte(projects.startDate, addDays(today, STARTING_SOON_DAYS)),
      );
  }
};

/** Sorts by a name another module owns: its rank in name order, joined only when the list sorts by it. */
const RANKED_SORTS = {
  customer: { rankOf: customerNameRank, referringId: projects.customerId },
  projectManager: { rankOf: employeeNameRank, referringId: projects.projectManagerId },
  department: { rankOf: departmentNameRank, referringId: projects.departmentId },
} satisfies Partial<
  Record<ProjectSortType, { rankOf: (companyId: string) => NameRank; referringId: AnyColumn }>
>;
type RankedSort = keyof typeof RANKED_SORTS;
const isRankedSort = (type: ProjectSortType): type is RankedSort => type in RANKED_SORTS;

const COLUMN_SORTS: Record<Exclude<ProjectSortType, RankedSort>, SQL | AnyColumn> = {
  number: projects.number,
  name: sql`lower(${projects.name})`,
  startDate: projects.startDate,
  deliveryDate: projects.deliveryDate,
  endDate: projects.endDate,
};

const NEVER_NULL_SORTS: ReadonlySet<ProjectSortType> = new Set(['number', 'name']);

/** Every column but the search text, which only the database reads. */
const { searchText: _searchText, ...LIST_COLUMNS } = getTableColumns(projects);

const searchCondition = (companyId: string, search: string): SQL | undefined => {
  if (!search) return undefined;
  return or(
    numberMatch(projects.number, search),
    projectTextContains(search),
    // = any(array(…)) runs the customer search once, so the planner can combine index scans.
    sql`${projects.customerId} = any(array(${customerIdsMatching(companyId, search)}))`,
  );
};

/** The list's condition under every filter but paging and sorting (the dashboard counts by it too). */
export const projectListCondition = async (ctx: AppContext, actor: Actor, filters: ProjectFilters) => {
  const companyId = actor.companyId;
  const today = todayIn(ctx.clock);
  const mine = filters.who === 'mine' ? await employeeIdOfUser(ctx, companyId, actor.userId) : undefined;
  const endedSince = endedRangeStart(today, filters.endedRange);
  const processState = filters.selectedProcessFilter
    ? projectIdsInProcessState(ctx.db, companyId, filters.selectedProcessFilter, today)
    : undefined;
  const readScope = projectReadScope(ctx.db, actor);
  const where = and(
    eq(projects.companyId, companyId),
    readScope,
    statusCondition(filters.status, today),
    filters.isService === null ? undefined : eq(projects.isService, filters.isService),
    filters.hasInvoice === null
      ? undefined
      : filters.hasInvoice
        ? eq(projects.hasInvoice, true)
        : eq(projects.hasInvoice, false),
    // "Mine" with no employee behind the user shows nothing rather than everything.
    mine === undefined ? undefined : mine === null ? sql`false` : eq(projects.projectManagerId, mine),
    filters.projectManager ? eq(projects.projectManagerId, filters.projectManager) : undefined,
    filters.customer ? eq(projects.customerId, filters.customer) : undefined,
    filters.departments.length > 0 ? inArray(projects.departmentId, filters.departments) : undefined,
    filters.startDate ? gte(projects.startDate, filters.startDate) : undefined,
    filters.deliveryDate ? lte(projects.deliveryDate, filters.deliveryDate) : undefined,
    filters.fromDate ? gte(projects.deliveryDate, filters.fromDate) : undefined,
    filters.toDate ? lte(projects.deliveryDate, filters.toDate) : undefined,
    endedSince ? or(eq(projects.state, 'active'), gte(projects.endDate, endedSince)) : undefined,
    filters.processFilter
      ? inArray(
          projects.id,
          projectIdsInProcessState(
            ctx.db,
            companyId,
            { columnId: filters.processFilter, filterType: 'active' },
            today,
          ),
        )
      : undefined,
    processState ? inArray(projects.id, processState) : undefined,
    searchCondition(companyId, filters.searchQuery),
    groupCondition(filters.group, today),
  );
  return { where, readScope };
};

/**
 * The two SQL statements behind the project list: one page of rows and the total, under every
 * filter of SPEC §3 and §9. Sorting by customer, project manager or department joins that
 * record's rank in name order. The total is read from the kept counts where they answer it.
 */
export const projectFilterQueries = async (ctx: AppContext, actor: Actor, filters: ProjectFilters) => {
  const companyId = actor.companyId;
  const { where, readScope } = await projectListCondition(ctx, actor, filters);
  const sorts = [
    { projectSortType: filters.projectSortType, sortDirection: filters.sortDirection },
    ...filters.projectSorts,
  ];
  // Each ranked sort is joined once, however often it appears among the sorts.
  const ranks = new Map<RankedSort, NameRank>();
  const rankFor = (type: RankedSort) => {
    const rank = ranks.get(type) ?? RANKED_SORTS[type].rankOf(companyId);
    ranks.set(type, rank);
    return rank;
  };
  const orderBy = [
    ...sorts.map((sort) => {
      const type = sort.projectSortType;
      const key = isRankedSort(type) ? rankFor(type).key : COLUMN_SORTS[type];
      // "nulls last" on a column that is never null would keep PostgreSQL from reading an index backwards.
      if (NEVER_NULL_SORTS.has(type)) return sort.sortDirection === 'desc' ? desc(key) : asc(key);
      return sort.sortDirection === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
    }),
    asc(projects.number),
  ];
  // Every id the filters select, in the list's order (a new builder each time: Drizzle's builders
  // change in place when given a limit).
  const orderedIds = () => {
    let idsQuery = ctx.db.select({ id: projects.id }).from(projects).$dynamic();
    for (const [type, rank] of ranks) {
      idsQuery = idsQuery.leftJoin(rank.table, rank.on(RANKED_SORTS[type].referringId));
    }
    return idsQuery.where(where).orderBy(...orderBy);
  };
  const offset = (filters.pageNumber - 1) * filters.pageSize;
  const pageIds = orderedIds().limit(filters.pageSize).offset(offset);
  return {
    // The page is chosen by sorting ids only, then its rows are read by id: sorting whole rows of
    // 100 000 projects cost three times as much (measured: 88 vs 30 ms on PostgreSQL by customer).
    // array(…) keeps the sort order, `with ordinality` numbers it.
    rows: ctx.db
      .select(LIST_COLUMNS)
      .from(sql`unnest(array(${pageIds})) with ordinality as page(id, position)`)
      .innerJoin(projects, sql`${projects.id} = page.id`)
      .orderBy(sql`page.position`),
    /** Every selected id in the list's order, without paging: what an export walks through. */
    allIds: orderedIds,
    // Everybody's projects under the broad filters only: the kept counts answer without a count.
    total:
      countedProjectTotal(ctx.db, companyId, filters, readScope === undefined) ??
      ctx.db.select({ total: count() }).from(projects).where(where),
  };
};

/** The list's rows of these projects of the company, in the order of `ids` (one gone since is left out). */
export const projectRowsInOrder = async (ctx: AppContext, companyId: string, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select(LIST_COLUMNS)
    .from(projects)
    .where(and(eq(projects.companyId, companyId), inArray(projects.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** SPEC §7 projects:filter_new — a page of projects and the total, paged on the server. */
export const filterProjects = async (
  ctx: AppContext,
  actor: Actor,
  filters: ProjectFilters,
): Promise<Page<ProjectListItemDto>> => {
  const queries = await projectFilterQueries(ctx, actor, filters);
  const [rows, [total]] = await Promise.all([queries.rows, queries.total]);
  const [dtos, squares] = await Promise.all([
    projectDtos(ctx, actor.companyId, rows),
    can(actor, 'invoices.read')
      ? projectListSquares(ctx.db, actor.companyId, rows, todayIn(ctx.clock))
      : new Map<string, ProjectInvoiceSquaresDto>(),
  ]);
  return {
    items: dtos.map((dto) => ({ ...dto, invoiceSquares: squares.get(dto.id) ?? [] })),
    total: total?.total ?? 0,
    page: filters.pageNumber,
    pageSize: filters.pageSize,
  };
};
