import type { PriceMatrix } from '@karm/domain/rules';
import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/**
 * One price matrix per company. The matrix is edited and read as a whole (at most 30 × 30 × 30
 * cells) and never queried inside, so it is one jsonb document rather than rows per cell.
 */
export const priceMatrices = pgTable('price_matrices', {
  id: primaryId(),
  companyId: uuid('company_id')
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: 'cascade' }),
  matrix: jsonb('matrix').$type<PriceMatrix>().notNull(),
  /** The user who saved last; no foreign key across modules (each module owns its tables). */
  updatedBy: uuid('updated_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});
