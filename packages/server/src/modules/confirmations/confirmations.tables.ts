import type { PaymentRule } from '@karm/domain/contract';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/** An order confirmation (SPEC §3): payment rules, linked to an offer or a project. */
export const confirmations = pgTable(
  'confirmations',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').$type<'offer' | 'project'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    number: integer('number').notNull(),
    paymentRules: jsonb('payment_rules').$type<PaymentRule[]>().notNull().default([]),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (table) => [index('confirmations_entity_idx').on(table.companyId, table.entityType, table.entityId)],
);
