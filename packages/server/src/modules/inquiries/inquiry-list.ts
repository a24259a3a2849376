import type { InquiryDto, InquirySortField, inquiryQuerySchema, Page } from '@karm/domain/contract';
import { deadlineRange } from '@karm/domain/rules';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { containsPattern, numberMatch } from '../../platform/db/search-terms';
import { customerIdsMatching, customerNameOf } from '../customers/customers.service';
import { employeeNameOf } from '../employees/employees.service';
import { inquiries } from './inquiries.tables';
import { inquiryDtos } from './inquiry-dto';

type InquiryQuery = z.output<typeof inquiryQuerySchema>;

/** The name of a one-time customer, as an expression the trigram index covers. */
export const oneTimeCustomerName = sql<string>`(${inquiries.oneTimeCustomer} ->> 'name')`;

const SORT_KEYS: Record<InquirySortField, SQL | AnyColumn> = {
  number: inquiries.number,
  receivedDate: inquiries.receivedDate,
  deadline: inquiries.deadline,
  projectName: sql`lower(${inquiries.projectName})`,
  customer: sql`coalesce(${customerNameOf(inquiries.companyId, inquiries.customerId)}, lower(${oneTimeCustomerName}))`,
  owner: employeeNameOf(inquiries.companyId, inquiries.ownerId),
};

/** Project name, address or one-time customer name contains the search (trigram indexes). */
export const inquiryTextContains = (search: string) => {
  const pattern = containsPattern(search);
  return or(
    ilike(inquiries.projectName, pattern),
    ilike(inquiries.projectAddress, pattern),
    ilike(oneTimeCustomerName, pattern),
  );
};

/** Number, project name, address or customer name (the company's customers and one-time ones). */
const inquirySearchCondition = (companyId: string, search: string): SQL | undefined => {
  if (!search) return undefined;
  return or(
    numberMatch(inquiries.number, search),
    inquiryTextContains(search),
    // = any(array(…)) runs the customer search once, so the planner can combine index scans.
    sql`${inquiries.customerId} = any(array(${customerIdsMatching(companyId, search)}))`,
  );
};

/** "Inquiry management": one page of the company's inquiries under the filters, and the total. */
export const listInquiries = async (
  ctx: AppContext,
  actor: Actor,
  query: InquiryQuery,
): Promise<Page<InquiryDto>> => {
  const range = query.deadline ? deadlineRange(query.deadline, todayIn(ctx.clock)) : null;
  const where = and(
    eq(inquiries.companyId, actor.companyId),
    query.archived ? isNotNull(inquiries.archivedAt) : isNull(inquiries.archivedAt),
    query.ownerId ? eq(inquiries.ownerId, query.ownerId) : undefined,
    query.projectCategory ? eq(inquiries.projectCategory, query.projectCategory) : undefined,
    range?.from ? gte(inquiries.deadline, range.from) : undefined,
    range?.to ? lte(inquiries.deadline, range.to) : undefined,
    inquirySearchCondition(actor.companyId, query.search),
  );
  const key = SORT_KEYS[query.sort];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(inquiries)
      .where(where)
      .orderBy(
        query.direction === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`,
        asc(inquiries.number),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(inquiries).where(where),
  ]);
  return {
    items: await inquiryDtos(ctx, actor.companyId, rows),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};
