import {
  lineVatRate,
  type ProductDto,
  type ProductPageDto,
  type productAddSchema,
  type productQuerySchema,
  type productUpdateSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AccountingError, type AccountingProduct } from '../../integrations/accounting/port';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { containsPattern } from '../../platform/db/search-terms';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { products } from './products.tables';

/**
 * The company's products (issue 19, SPEC §7 `product:get`, GET /product/service). With an accounting
 * system connected, each page is read from it (Tripletex `/product`, searched by name) and mirrored
 * into `products`, so what an expense points at is a row of the actor's company; without one, the
 * products an administrator keeps in Karm are searched in number and name. Both page on the server.
 */

type Query = z.output<typeof productQuerySchema>;
type ProductRow = typeof products.$inferSelect;

/** Products an expense may name: the company's active ones. */
export const PRODUCTS_REFERABLE: Referable = {
  table: products,
  id: products.id,
  companyId: products.companyId,
  isUsable: eq(products.isActive, true),
};

export const toProductDto = (row: ProductRow): ProductDto => ({
  id: row.id,
  number: row.number,
  name: row.name,
  unit: row.unit,
  priceOre: row.priceOre,
  costPriceOre: row.costPriceOre,
  vatPercent: row.vatPercent,
  isService: row.isService,
  isActive: row.isActive,
  source: row.externalId === null ? 'karm' : 'accounting',
  version: row.version,
});

/** An accounting system that cannot be read now is an UPSTREAM error, never an empty list. */
const upstream = (error: unknown): never => {
  if (error instanceof AccountingError) {
    throw new AppError('UPSTREAM', `The accounting system did not answer: ${error.message}`, {
      kind: error.kind,
    });
  }
  throw error;
};

/** Writes the accounting system's products into the mirror (new ones added, changed ones updated). */
const mirror = async (ctx: AppContext, companyId: string, remote: AccountingProduct[]) => {
  if (remote.length === 0) return [];
  const now = ctx.clock.now();
  const rows = await ctx.db
    .insert(products)
    .values(
      remote.map((product) => ({
        companyId,
        externalId: product.externalId,
        number: product.number,
        name: product.name || product.number,
        unit: product.unit,
        priceOre: product.priceExcludingVat,
        costPriceOre: product.costExcludingVat,
        // A product without a VAT type, or on a rate lines do not offer, is sold at the high rate.
        vatPercent: lineVatRate(product.vatPercent),
        isService: product.isService,
        isActive: !product.isInactive,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [products.companyId, products.externalId],
      set: {
        number: sql`excluded.number`,
        name: sql`excluded.name`,
        unit: sql`excluded.unit`,
        priceOre: sql`excluded.price_ore`,
        costPriceOre: sql`excluded.cost_price_ore`,
        vatPercent: sql`excluded.vat_percent`,
        isService: sql`excluded.is_service`,
        isActive: sql`excluded.is_active`,
        updatedAt: now,
      },
    })
    .returning();
  const byExternalId = new Map(rows.map((row) => [row.externalId, row]));
  return remote.flatMap((product) => byExternalId.get(product.externalId) ?? []);
};

const fromAccounting = async (
  ctx: AppContext,
  actor: Actor,
  port: Awaited<ReturnType<AppContext['accounting']['forCompany']>>,
  query: Query,
): Promise<ProductPageDto> => {
  const from = (query.page - 1) * query.pageSize;
  const page = await port
    .listProducts({
      from,
      count: query.pageSize,
      name: query.search || undefined,
      isService: query.isService,
      includeInactive: query.includeInactive,
    })
    .catch(upstream);
  const rows = await mirror(ctx, actor.companyId, page.items);
  return {
    items: rows.map(toProductDto),
    // Tripletex's result size is not exact: a full page says "at least one more".
    total: from + rows.length + (page.isLast ? 0 : 1),
    page: query.page,
    pageSize: query.pageSize,
    source: 'accounting',
    isTotalExact: page.isLast,
  };
};

const fromKarm = async (ctx: AppContext, actor: Actor, query: Query): Promise<ProductPageDto> => {
  const term = query.search.trim();
  const where = and(
    eq(products.companyId, actor.companyId),
    // Only Karm's own: mirrored rows of a company no longer connected are history, not a catalogue.
    sql`${products.externalId} is null`,
    query.includeInactive ? undefined : eq(products.isActive, true),
    query.isService === undefined ? undefined : eq(products.isService, query.isService),
    term ? sql`${products.searchText} like lower(${containsPattern(term)})` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map(toProductDto),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    source: 'karm',
    isTotalExact: true,
  };
};

/** `product:get`: a page of the company's products, from the accounting system when connected. */
export const listProducts = async (ctx: AppContext, actor: Actor, query: Query) => {
  const port = await ctx.accounting.forCompany(actor.companyId);
  return port.kind === 'none' ? fromKarm(ctx, actor, query) : fromAccounting(ctx, actor, port, query);
};

/** GET /product/service: the company's active service products (hours, call-out fees). */
export const listServiceProducts = (
  ctx: AppContext,
  actor: Actor,
  query: Omit<Query, 'isService' | 'includeInactive'>,
) => listProducts(ctx, actor, { ...query, isService: true, includeInactive: false });

/** Products are changed in Karm only while Karm keeps them. */
const assertKeptInKarm = async (ctx: AppContext, actor: Actor, row?: ProductRow) => {
  if (row?.externalId || (await ctx.accounting.isConnected(actor.companyId))) {
    throw validationError(
      { name: MESSAGES.productsInAccounting },
      'Products are kept in the accounting system',
    );
  }
};

/** `product:add`: a product kept in Karm. */
export const addProduct = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof productAddSchema>,
): Promise<ProductDto> => {
  await assertKeptInKarm(ctx, actor);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(products)
    .values({ ...input, companyId: actor.companyId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('Product insert returned nothing');
  return toProductDto(row);
};

const findOwnProduct = async (db: Executor, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, id)));
  if (!row) throw notFound('Product');
  return row;
};

/** `product:upd`: changed fields of a product kept in Karm, at the version read. */
export const updateProduct = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof productUpdateSchema>,
): Promise<ProductDto> => {
  const current = await findOwnProduct(ctx.db, actor.companyId, input.id);
  await assertKeptInKarm(ctx, actor, current);
  const [row] = await ctx.db
    .update(products)
    .set({ ...input.values, updatedAt: ctx.clock.now(), version: current.version + 1 })
    .where(
      and(
        eq(products.companyId, actor.companyId),
        eq(products.id, input.id),
        eq(products.version, input.version),
      ),
    )
    .returning();
  if (!row) throw conflict(MESSAGES.productChanged, { currentVersion: current.version });
  return toProductDto(row);
};

/** The product an expense names (checked to be the company's and active before). */
export const productForExpense = (db: Executor, companyId: string, id: string) =>
  findOwnProduct(db, companyId, id);
