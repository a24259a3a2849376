import { REPORT_INVOICE_FILTERS, type ReportRange } from '@karm/domain/contract';
import { and, count, eq, not, type SQL, sql } from 'drizzle-orm';
import { todayIn } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { dateInRange } from '../../platform/db/date-range';
import { invoiceListFilter } from './invoices.service';
import { invoices } from './invoices.tables';

/**
 * Revenue for the reports (issue 17), by invoice date: what was invoiced (every invoice not credited),
 * and of it what is paid, not sent yet, unpaid and past due — each row the invoice list's own filter
 * (Admin → Invoices), so its count is that list's total. Amounts in øre: the invoiced and paid rows
 * sum the invoices' amounts, the open rows what is still outstanding.
 */
export const revenueReport = async (ctx: AppContext, companyId: string, range: ReportRange) => {
  const today = todayIn(ctx.clock);
  const rows: { key: string; where: SQL | undefined; amount: SQL }[] = [
    { key: 'invoiced', where: not(invoices.isCredited), amount: sql`${invoices.amount}` },
    {
      key: 'paid',
      where: invoiceListFilter(REPORT_INVOICE_FILTERS.paid, today),
      amount: sql`${invoices.amount}`,
    },
    {
      key: 'notSent',
      where: invoiceListFilter(REPORT_INVOICE_FILTERS.notSent, today),
      amount: sql`${invoices.amountOutstanding}`,
    },
    {
      key: 'unpaid',
      where: invoiceListFilter(REPORT_INVOICE_FILTERS.unpaid, today),
      amount: sql`${invoices.amountOutstanding}`,
    },
    {
      key: 'pastDue',
      where: invoiceListFilter(REPORT_INVOICE_FILTERS.pastDue, today),
      amount: sql`${invoices.amountOutstanding}`,
    },
  ];
  const selection = Object.fromEntries(
    rows.flatMap(({ key, where, amount }) => [
      [`${key}Count`, sql<number>`count(*) filter (where ${where ?? sql`true`})`.mapWith(Number)],
      [
        `${key}Amount`,
        sql<number>`coalesce(sum(${amount}) filter (where ${where ?? sql`true`}), 0)`.mapWith(Number),
      ],
    ]),
  );
  const [figures] = await ctx.db
    .select({ ...selection, all: count() })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), dateInRange(invoices.invoiceDate, range)));
  const values = (figures ?? {}) as Record<string, number>;
  return rows.map(({ key }) => ({
    key,
    label: null,
    values: { count: values[`${key}Count`] ?? 0, amount: values[`${key}Amount`] ?? 0 },
  }));
};
