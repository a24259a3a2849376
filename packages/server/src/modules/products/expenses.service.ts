import {
  type ExpenseChangeResultDto,
  type ExpenseDeleteResultDto,
  type ExpenseDto,
  type ExpensesChangedPush,
  type expenseCreateSchema,
  type expensePatchSchema,
  PRODUCT_PUSHES,
  type ProjectExpensesDto,
  type projectExpensesQuerySchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, notFound } from '../../platform/errors';
import { userNamesByIds } from '../auth/users.repository';
import { invoicePlanOfProject, isConfirmationInvoiced } from '../confirmations/confirmation-dto';
import { carryLinesToInvoicePlan } from '../invoices/invoice-plan.service';
import { invoicesChanged } from '../invoices/invoices.service';
import { findOwnProject } from '../projects/projects.service';
import { PROJECTS_REFERABLE } from '../projects/projects-for-planner';
import { SERVICE_ITEMS_REFERABLE, serviceItemChoices } from '../service-work/service-item-choices';
import { PRODUCTS_REFERABLE, productForExpense } from './products.service';
import { productExpenses } from './products.tables';

/**
 * Parts and hours used on a project (SPEC §3 Product expense, §7 /product/expense*): recorded by the
 * technician on the service item's screen, listed on the project and carried into its invoice plan
 * (`carryLinesToInvoicePlan`) in the same transaction, so nothing used on site is left uninvoiced.
 */

type ExpenseRow = typeof productExpenses.$inferSelect;
type CreateInput = z.output<typeof expenseCreateSchema>;
type PatchInput = z.output<typeof expensePatchSchema>;

const amountOf = (row: Pick<ExpenseRow, 'quantity' | 'unitPriceOre'>) =>
  Math.round(row.quantity * row.unitPriceOre);

const expenseDtos = async (db: Executor, companyId: string, rows: ExpenseRow[]): Promise<ExpenseDto[]> => {
  const [names, items] = await Promise.all([
    userNamesByIds(
      db,
      rows.flatMap((row) => (row.userId ? [row.userId] : [])),
    ),
    serviceItemChoices(
      db,
      companyId,
      rows.flatMap((row) => (row.serviceItemId ? [row.serviceItemId] : [])),
    ),
  ]);
  const itemOf = new Map(items.map((item) => [item.id, item]));
  return rows.map((row) => {
    const item = row.serviceItemId ? itemOf.get(row.serviceItemId) : undefined;
    return {
      id: row.id,
      projectId: row.projectId,
      serviceItemId: row.serviceItemId,
      serviceItemLabel: item ? [`#${item.number}`, item.name].filter(Boolean).join(' ') : '',
      productId: row.productId,
      productNumber: row.productNumber,
      productName: row.productName,
      unit: row.unit,
      quantity: row.quantity,
      unitPriceOre: row.unitPriceOre,
      amountOre: amountOf(row),
      date: row.date,
      note: row.note,
      userId: row.userId,
      userName: row.userId ? (names.get(row.userId) ?? '') : '',
      createdAt: row.createdAt.toISOString(),
      version: row.version,
    };
  });
};

/** GET /product/expense/project: a page of the project's expenses (newest first), their sum and the plan. */
export const listProjectExpenses = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof projectExpensesQuerySchema>,
): Promise<ProjectExpensesDto> => {
  const { companyId } = actor;
  const project = await findOwnProject(ctx.db, companyId, query.projectId);
  const where = and(
    eq(productExpenses.companyId, companyId),
    eq(productExpenses.projectId, project.id),
    query.serviceItemId ? eq(productExpenses.serviceItemId, query.serviceItemId) : undefined,
  );
  const [rows, [totals], [latest], plan] = await Promise.all([
    ctx.db
      .select()
      .from(productExpenses)
      .where(where)
      .orderBy(desc(productExpenses.date), desc(productExpenses.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db
      .select({
        total: count(),
        // Summed in SQL per row as the DTO rounds it, so the sum is the sum of the amounts shown.
        sumOre:
          sql<number>`coalesce(sum(round(${productExpenses.quantity} * ${productExpenses.unitPriceOre})), 0)`.mapWith(
            Number,
          ),
      })
      .from(productExpenses)
      .where(where),
    ctx.db
      .select({ at: max(productExpenses.updatedAt) })
      .from(productExpenses)
      .where(and(eq(productExpenses.companyId, companyId), eq(productExpenses.projectId, project.id))),
    invoicePlanOfProject(ctx.db, companyId, project.id),
  ]);
  return {
    items: await expenseDtos(ctx.db, companyId, rows),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    sumOre: totals?.sumOre ?? 0,
    invoicePlan: plan
      ? {
          id: plan.id,
          isBehind: latest?.at ? plan.updatedAt < latest.at : false,
          isInvoiced: await isConfirmationInvoiced(ctx.db, companyId, plan.id),
        }
      : null,
  };
};

const announce = (ctx: AppContext, actor: Actor, row: ExpenseRow, planRefreshed: boolean) => {
  ctx.realtime.toCompany(actor.companyId, PRODUCT_PUSHES.expensesChanged, {
    projectId: row.projectId,
    serviceItemId: row.serviceItemId,
  } satisfies ExpensesChangedPush);
  if (planRefreshed) invoicesChanged(ctx, actor.companyId, row.projectId);
};

const result = async (
  ctx: AppContext,
  actor: Actor,
  row: ExpenseRow,
  invoicePlanRefreshed: boolean,
): Promise<ExpenseChangeResultDto> => {
  announce(ctx, actor, row, invoicePlanRefreshed);
  const [expense] = await expenseDtos(ctx.db, actor.companyId, [row]);
  return { expense: expense as ExpenseDto, invoicePlanRefreshed };
};

/** POST /product/expense: a part or hours used on the project (on one of its service items). */
export const createExpense = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
): Promise<ExpenseChangeResultDto> => {
  const { companyId } = actor;
  const now = ctx.clock.now();
  const { row, refreshed } = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, companyId, {
      projectId: [PROJECTS_REFERABLE, input.projectId],
      productId: [PRODUCTS_REFERABLE, input.productId],
      serviceItemId: [SERVICE_ITEMS_REFERABLE, input.serviceItemId, { parentId: input.projectId }],
    });
    const product = await productForExpense(tx, companyId, input.productId);
    const [created] = await tx
      .insert(productExpenses)
      .values({
        companyId,
        projectId: input.projectId,
        serviceItemId: input.serviceItemId,
        productId: product.id,
        productNumber: product.number,
        productName: product.name,
        unit: product.unit,
        quantity: input.quantity,
        unitPriceOre: input.unitPriceOre ?? product.priceOre,
        date: input.date,
        note: input.note,
        userId: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('Expense insert returned nothing');
    return { row: created, refreshed: await carryLinesToInvoicePlan(tx, ctx, actor, input.projectId) };
  });
  return result(ctx, actor, row, refreshed);
};

/** PATCH /product/expense: changed fields at the version read; another product takes its name and price. */
export const patchExpense = async (
  ctx: AppContext,
  actor: Actor,
  input: PatchInput,
): Promise<ExpenseChangeResultDto> => {
  const { companyId } = actor;
  const { row, refreshed } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(productExpenses)
      .where(and(eq(productExpenses.companyId, companyId), eq(productExpenses.id, input.id)))
      .for('update');
    if (!current) throw notFound('Expense');
    if (current.version !== input.version) {
      throw conflict(MESSAGES.expenseChanged, { currentVersion: current.version });
    }
    const { changes } = input;
    await assertReferencesInCompany(tx, companyId, {
      productId: [PRODUCTS_REFERABLE, changes.productId],
      serviceItemId: [SERVICE_ITEMS_REFERABLE, changes.serviceItemId, { parentId: current.projectId }],
    });
    const isOtherProduct = changes.productId !== undefined && changes.productId !== current.productId;
    const product = isOtherProduct ? await productForExpense(tx, companyId, changes.productId!) : null;
    const [updated] = await tx
      .update(productExpenses)
      .set({
        ...(changes.quantity !== undefined && { quantity: changes.quantity }),
        ...(changes.serviceItemId !== undefined && { serviceItemId: changes.serviceItemId }),
        ...(changes.date !== undefined && { date: changes.date }),
        ...(changes.note !== undefined && { note: changes.note }),
        ...(product && {
          productId: product.id,
          productNumber: product.number,
          productName: product.name,
          unit: product.unit,
          unitPriceOre: product.priceOre,
        }),
        ...(changes.unitPriceOre !== undefined && { unitPriceOre: changes.unitPriceOre }),
        updatedAt: ctx.clock.now(),
        version: current.version + 1,
      })
      .where(eq(productExpenses.id, current.id))
      .returning();
    if (!updated) throw notFound('Expense');
    return { row: updated, refreshed: await carryLinesToInvoicePlan(tx, ctx, actor, current.projectId) };
  });
  return result(ctx, actor, row, refreshed);
};

/**
 * DELETE /product/expense/{id}: an expense entered by mistake, at the version read. The project's
 * invoice plan takes its lines anew without it in the same transaction. A plan that carries it (saved
 * after its latest change, as `isBehind` reads it) and cannot give it up (a part is invoiced, or the
 * parts no longer fit the new total) refuses the delete, so the plan never bills what is gone.
 */
export const deleteExpense = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  version: number,
): Promise<ExpenseDeleteResultDto> => {
  const { companyId } = actor;
  const { row, refreshed } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(productExpenses)
      .where(and(eq(productExpenses.companyId, companyId), eq(productExpenses.id, id)))
      .for('update');
    if (!current) throw notFound('Expense');
    if (current.version !== version) {
      throw conflict(MESSAGES.expenseChanged, { currentVersion: current.version });
    }
    const plan = await invoicePlanOfProject(tx, companyId, current.projectId);
    const isCarried = plan !== null && plan.updatedAt >= current.updatedAt;
    await tx.delete(productExpenses).where(eq(productExpenses.id, current.id));
    const isRefreshed = plan ? await carryLinesToInvoicePlan(tx, ctx, actor, current.projectId) : false;
    // Thrown inside the transaction: the expense stays.
    if (isCarried && !isRefreshed) throw conflict(MESSAGES.expenseInInvoicePlan);
    return { row: current, refreshed: isRefreshed };
  });
  announce(ctx, actor, row, refreshed);
  return { id: row.id, invoicePlanRefreshed: refreshed };
};
