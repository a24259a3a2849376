import type { OrderDto, orderSchema } from '@karm/domain/contract';
import { lineSalesPrice, linesTotals } from '@karm/domain/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/client';
import { projectOrderLines, projectOrders } from './projects.tables';

type OrderInput = z.output<typeof orderSchema>;

/** Replaces a project's orders with the given ones; answers the project value (sum of sales prices). */
export const replaceOrders = async (
  tx: Executor,
  companyId: string,
  projectId: string,
  orders: OrderInput[],
) => {
  await tx
    .delete(projectOrders)
    .where(and(eq(projectOrders.companyId, companyId), eq(projectOrders.projectId, projectId)));
  for (const [position, order] of orders.entries()) {
    const [row] = await tx
      .insert(projectOrders)
      .values({ companyId, projectId, title: order.title, position })
      .returning();
    if (!row || order.lines.length === 0) continue;
    await tx.insert(projectOrderLines).values(
      order.lines.map((line, linePosition) => ({
        companyId,
        orderId: row.id,
        position: linePosition,
        description: line.description,
        count: line.count,
        unitPrice: line.unitPrice,
        discountPercent: line.discountPercent,
        costPrice: line.costPrice,
        vatPercent: line.vatPercent,
      })),
    );
  }
  return linesTotals(orders.flatMap((order) => order.lines)).value;
};

export const ordersOfProject = async (
  db: Executor,
  companyId: string,
  projectId: string,
): Promise<OrderDto[]> => {
  const orders = await db
    .select()
    .from(projectOrders)
    .where(and(eq(projectOrders.companyId, companyId), eq(projectOrders.projectId, projectId)))
    .orderBy(asc(projectOrders.position));
  if (orders.length === 0) return [];
  const lines = await db
    .select()
    .from(projectOrderLines)
    .where(
      inArray(
        projectOrderLines.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(asc(projectOrderLines.position));
  return orders.map((order) => {
    const own = lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        id: line.id,
        description: line.description,
        count: line.count,
        unitPrice: line.unitPrice,
        discountPercent: line.discountPercent,
        costPrice: line.costPrice,
        salesPrice: lineSalesPrice(line),
        vatPercent: line.vatPercent,
      }));
    return {
      id: order.id,
      title: order.title,
      lines: own,
      total: own.reduce((sum, line) => sum + line.salesPrice, 0),
    };
  });
};
