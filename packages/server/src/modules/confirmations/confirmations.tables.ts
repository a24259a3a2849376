import type {
  ConfirmationEntityType,
  ConfirmationKind,
  ConfirmationLineDto,
  PaymentRule,
} from '@karm/domain/contract';
import type { PaymentDue } from '@karm/domain/rules';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** Money in øre; bigint, since a large contract passes the 21 million kroner an integer holds. */
const ore = (name: string) => bigint(name, { mode: 'number' });

/**
 * An order confirmation (SPEC §3): linked to an offer or a project, numbered per company.
 *
 * The lines are a snapshot (jsonb) of the offer's or project's order lines when the confirmation
 * was made, without cost prices: a confirmation is what the customer was sent and agreed to, so a
 * later change of the offer must not change it, its totals must keep matching the parts already
 * invoiced, and the offer → project conversion copies lines under new ids, which a reference would
 * lose. `refreshLines` on PATCH takes them again while nothing is invoiced.
 *
 * A row of kind `invoicePlan` is a project's own invoice plan (at most one per project): its parts are
 * order squares like a confirmation's, but it has its own number sequence, so the confirmation numbers
 * people see keep no gaps — hence the number is unique per company and kind.
 */
export const confirmations = pgTable(
  'confirmations',
  {
    id: primaryId(),
    companyId: companyId(),
    kind: text('kind').$type<ConfirmationKind>().notNull().default('confirmation'),
    entityType: text('entity_type').$type<ConfirmationEntityType>().notNull(),
    entityId: uuid('entity_id').notNull(),
    /** The offer it was made for; kept when the offer becomes a project and the confirmation moves. */
    offerId: uuid('offer_id'),
    number: integer('number').notNull(),
    date: date('date', { mode: 'string' }).notNull().default(sql`current_date`),
    customerId: uuid('customer_id'),
    customerName: text('customer_name').notNull().default(''),
    contactId: uuid('contact_id'),
    lines: jsonb('lines').$type<ConfirmationLineDto[]>().notNull().default([]),
    totalExVat: ore('total_ex_vat').notNull().default(0),
    vat: ore('vat').notNull().default(0),
    total: ore('total').notNull().default(0),
    /** Validity and payment terms as printed. */
    terms: text('terms').notNull().default(''),
    /** The client's key of the create: a double-clicked create is refused (unique). */
    requestId: uuid('request_id'),
    version: version(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('confirmations_entity_idx').on(table.companyId, table.entityType, table.entityId),
    index('confirmations_offer_idx').on(table.companyId, table.offerId),
    uniqueIndex('confirmations_company_number_key').on(table.companyId, table.kind, table.number),
    uniqueIndex('confirmations_invoice_plan_key')
      .on(table.companyId, table.entityId)
      .where(sql`${table.kind} = 'invoicePlan'`),
    uniqueIndex('confirmations_company_request_key').on(table.companyId, table.requestId),
  ],
);

/**
 * One part of a confirmation's payment plan (a "payment rule"): its share (basis points or fixed
 * øre), its amount in øre as split, when it falls due, and the invoice made for it (later work).
 */
export const confirmationPaymentRules = pgTable(
  'confirmation_payment_rules',
  {
    id: primaryId(),
    companyId: companyId(),
    confirmationId: uuid('confirmation_id')
      .notNull()
      .references(() => confirmations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull().default(''),
    /** Set for a percentage part: 1 % = 100. */
    basisPoints: integer('basis_points'),
    /** Set for a fixed part, øre. */
    fixedAmount: ore('fixed_amount'),
    amount: ore('amount').notNull(),
    dueKind: text('due_kind').$type<PaymentDue['kind']>().notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    dueColumnId: uuid('due_column_id'),
    invoiceId: uuid('invoice_id'),
  },
  (table) => [index('confirmation_payment_rules_confirmation_idx').on(table.confirmationId, table.position)],
);

/** The company's payment plans to start a confirmation from (GET /confirmations/payment_rules). */
export const paymentRuleTemplates = pgTable(
  'payment_rule_templates',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    paymentRules: jsonb('payment_rules').$type<PaymentRule[]>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('payment_rule_templates_company_idx').on(table.companyId, table.position)],
);
