import type { ConfirmationLineDto } from '@karm/domain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { productExpenses } from './products.tables';

/** `2026-11-27` as the line shows it, `27.11.2026` (dates are displayed dd.MM.yyyy everywhere). */
const displayDate = (date: string) => date.split('-').reverse().join('.');

/**
 * The project's parts and hours as order lines to invoice (VAT 25 %, as every project line): the
 * confirmations module adds them to the project's own lines, so an invoice plan made or refreshed
 * from the project carries them. This file reads only the products module's table.
 */
export const expenseLinesOfProject = async (
  db: Executor,
  companyId: string,
  projectId: string,
): Promise<ConfirmationLineDto[]> => {
  const rows = await db
    .select()
    .from(productExpenses)
    .where(and(eq(productExpenses.companyId, companyId), eq(productExpenses.projectId, projectId)))
    .orderBy(asc(productExpenses.date), asc(productExpenses.createdAt));
  return rows.map((row) => ({
    description: [row.productNumber, row.productName, `(${displayDate(row.date)})`].filter(Boolean).join(' '),
    count: row.quantity,
    unitPrice: row.unitPriceOre,
    discountPercent: 0,
    salesPrice: Math.round(row.quantity * row.unitPriceOre),
    vatPercent: 25,
  }));
};
