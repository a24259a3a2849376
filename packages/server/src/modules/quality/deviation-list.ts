import {
  type DeviationDto,
  type deviationListQuerySchema,
  PARETO_MAX_BARS,
  type Page,
  type ParetoDto,
  type paretoQuerySchema,
} from '@karm/domain/contract';
import { paretoBars } from '@karm/domain/rules';
import { and, count, desc, eq, exists, gte, lte, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { containsPattern, numberInTerm } from '../../platform/db/search-terms';
import { deviationDtos } from './deviation-dto';
import { deviationActions, deviations } from './quality.tables';

/** The deviation list and the Pareto chart: one set of filters, so a bar's list is the list filtered. */

type ListQuery = z.output<typeof deviationListQuerySchema>;

const searchOf = (term: string): SQL | undefined => {
  const pattern = containsPattern(term);
  const number = numberInTerm(term.trim());
  return or(
    sql`${deviations.searchText} like lower(${pattern})`,
    number === null ? undefined : eq(deviations.number, number),
  );
};

const hasOverdueAction = (today: string) =>
  exists(
    sql`(select 1 from ${deviationActions} where ${deviationActions.deviationId} = ${deviations.id}
      and ${deviationActions.isDone} = false and ${deviationActions.dueDate} < ${today})`,
  );

/** The company's deviations the filters keep (the period on the deviation's date, both ends included). */
export const deviationFilter = (actor: Actor, query: Partial<ListQuery>, today: string) =>
  and(
    eq(deviations.companyId, actor.companyId),
    query.from ? gte(deviations.date, query.from) : undefined,
    query.to ? lte(deviations.date, query.to) : undefined,
    query.status === 'not-closed'
      ? ne(deviations.status, 'closed')
      : query.status
        ? eq(deviations.status, query.status)
        : undefined,
    query.severity ? eq(deviations.severity, query.severity) : undefined,
    query.category ? eq(deviations.category, query.category) : undefined,
    query.handlerId ? eq(deviations.handlerId, query.handlerId) : undefined,
    query.projectId ? eq(deviations.projectId, query.projectId) : undefined,
    query.product !== undefined ? eq(deviations.product, query.product) : undefined,
    query.supplier !== undefined ? eq(deviations.supplier, query.supplier) : undefined,
    query.overdue === 'true' ? hasOverdueAction(today) : undefined,
    query.search ? searchOf(query.search) : undefined,
  );

/** GET /quality/deviations: newest first, paged on the server. */
export const listDeviations = async (
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
): Promise<Page<DeviationDto>> => {
  const where = deviationFilter(actor, query, todayIn(ctx.clock));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(deviations)
      .where(where)
      .orderBy(desc(deviations.date), desc(deviations.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ count: count() }).from(deviations).where(where),
  ]);
  return {
    items: await deviationDtos(ctx, actor.companyId, rows),
    total: total?.count ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

const GROUP_COLUMN = {
  product: deviations.product,
  supplier: deviations.supplier,
  category: deviations.category,
} as const;

/**
 * GET /quality/pareto: deviations of the period counted and costed by product, supplier or category,
 * biggest first with the running share; the client lists a bar's deviations with the same key.
 */
export const deviationPareto = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof paretoQuerySchema>,
): Promise<ParetoDto> => {
  const column = GROUP_COLUMN[query.by];
  const rows = await ctx.db
    .select({ key: column, count: count(), costOre: sum(deviations.costOre).mapWith(Number) })
    .from(deviations)
    .where(deviationFilter(actor, { from: query.from, to: query.to }, todayIn(ctx.clock)))
    .groupBy(column);
  const bars = paretoBars(
    rows.map((row) => ({ key: row.key, count: row.count, costOre: row.costOre ?? 0 })),
    query.measure,
    PARETO_MAX_BARS,
  );
  return {
    bars: bars.map((bar) => ({ ...bar, key: bar.key ?? '' })),
    totalCount: rows.reduce((total, row) => total + row.count, 0),
    totalCostOre: rows.reduce((total, row) => total + (row.costOre ?? 0), 0),
  };
};
