import { boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/**
 * The values of a company's admin-managed lists (contract/collections.ts). A list the company never
 * changed has no rows: its built-in values show with Karm's labels. The first change of a list stores
 * all its built-in values (at version 1), so order and flags are then the company's own.
 */
export const collectionValues = pgTable(
  'collection_values',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A name of the contract's COLLECTIONS. */
    collection: text('collection').notNull(),
    /** What records store: a built-in code or the key Karm gave an added value. */
    key: text('key').notNull(),
    labelEn: text('label_en').notNull(),
    labelNb: text('label_nb').notNull(),
    sortOrder: integer('sort_order').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('collection_values_company_collection_key_key').on(
      table.companyId,
      table.collection,
      table.key,
    ),
  ],
);
