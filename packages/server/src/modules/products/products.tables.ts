import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';
import { projects } from '../projects/projects.tables';
import { serviceItems } from '../service-work/service-work.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * The company's products (issue 19). Kept in Karm (`external_id` null) when no accounting system is
 * connected; otherwise a mirror of Tripletex's `/product`, written as products are read, so an
 * expense points at a row of its own company. Prices excluding VAT in øre.
 */
export const products = pgTable(
  'products',
  {
    id: primaryId(),
    companyId: companyId(),
    externalId: text('external_id'),
    number: text('number').notNull().default(''),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    priceOre: bigint('price_ore', { mode: 'number' }).notNull().default(0),
    /** What it costs the company excluding VAT, in øre: an order line's cost price. */
    costPriceOre: bigint('cost_price_ore', { mode: 'number' }).notNull().default(0),
    /** The VAT rate it is sold at (0, 12, 15 or 25): an order line's VAT. */
    vatPercent: integer('vat_percent').notNull().default(25),
    isService: boolean('is_service').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Lowercased number and name in one column with a trigram index, as the deviations' search. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(number || E'\\n' || name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('products_company_external_key').on(table.companyId, table.externalId),
    index('products_company_name_idx').on(table.companyId, table.name),
    index('products_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * Parts and hours used on a project (SPEC §3 Product expense), optionally on one of its service
 * items. The product's number, name and unit are kept as they were, so a renamed or deleted product
 * in the accounting system leaves the expense (and the invoice line made from it) as recorded.
 */
export const productExpenses = pgTable(
  'product_expenses',
  {
    id: primaryId(),
    companyId: companyId(),
    // A removed project takes its expenses along; a removed service item leaves them on the project.
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    serviceItemId: uuid('service_item_id').references(() => serviceItems.id, { onDelete: 'set null' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productNumber: text('product_number').notNull().default(''),
    productName: text('product_name').notNull(),
    unit: text('unit').notNull().default(''),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    unitPriceOre: bigint('unit_price_ore', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    userId: uuid('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    index('product_expenses_project_idx').on(table.companyId, table.projectId, table.date),
    index('product_expenses_item_idx').on(table.serviceItemId),
  ],
);
