import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { customers } from './customers.tables';

/** How many of the company's customers (archived ones too) are of the category: a value in use is kept. */
export const customersOfCategory = async (db: Executor, companyId: string, key: string) => {
  const [row] = await db
    .select({ count: count() })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.category, key)));
  return row?.count ?? 0;
};

/** How many of the company's customers carry each payment term as their own (billing-settings). */
export const customersPerPaymentTerm = async (db: Executor, companyId: string) => {
  const rows = await db
    .select({ paymentTermId: customers.paymentTermId, count: count() })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), isNotNull(customers.paymentTermId)))
    .groupBy(customers.paymentTermId);
  return new Map(rows.map((row) => [row.paymentTermId ?? '', row.count]));
};
