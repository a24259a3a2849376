import type { OneTimeCustomer, PaymentPlanPart } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * An admin-defined offer status (SPEC §3: name, deleted flag, order, usage); soft-deleted only. A
 * won status is where a converted offer goes (one per company), lost ones mark a refusal; both count
 * towards the hit rate.
 */
export const offerStatuses = pgTable(
  'offer_statuses',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    deadlineDays: integer('deadline_days'),
    position: integer('position').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isWon: boolean('is_won').notNull().default(false),
    isLost: boolean('is_lost').notNull().default(false),
    /** How likely an offer in this status is to be won, 0–100 %: the capacity forecast's weight. */
    likelihoodPercent: integer('likelihood_percent').notNull().default(50),
    createdAt: createdAt(),
    version: version(),
  },
  (table) => [
    index('offer_statuses_company_idx').on(table.companyId, table.position),
    // At most one won status per company: the one a conversion moves the offer to.
    uniqueIndex('offer_statuses_company_won_key').on(table.companyId).where(sql`${table.isWon}`),
  ],
);

/** One row per company: the offer defaults (SPEC §3 "an offer config also exists"). */
export const offerConfigs = pgTable('offer_configs', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  deadlineDays: integer('deadline_days').notNull(),
  defaultStatusId: uuid('default_status_id'),
  firstNumber: integer('first_number').notNull(),
  validityDays: integer('validity_days').notNull(),
  version: version(),
});

/**
 * An offer (SPEC §3). Value and contribution margin are derived from the lines and kept here so
 * lists need no join. Customer, contact, owner, inquiry and project are other modules' ids.
 */
export const offers = pgTable(
  'offers',
  {
    id: primaryId(),
    companyId: companyId(),
    number: integer('number').notNull(),
    statusId: uuid('status_id').references(() => offerStatuses.id),
    statusChangedAt: date('status_changed_at', { mode: 'string' }).notNull(),
    offerDeadline: date('offer_deadline', { mode: 'string' }),
    startedAt: date('started_at', { mode: 'string' }),
    /** When the customer wants delivery if the offer is won: places its hours in the capacity forecast. */
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    value: integer('value').notNull().default(0),
    contributionMargin: integer('contribution_margin').notNull().default(0),
    productionHours: doublePrecision('production_hours'),
    productionStaff: integer('production_staff'),
    installationHours: doublePrecision('installation_hours'),
    installationStaff: integer('installation_staff'),
    paymentPlan: jsonb('payment_plan').$type<PaymentPlanPart[]>().notNull().default([]),
    ownerId: uuid('owner_id'),
    customerId: uuid('customer_id'),
    oneTimeCustomer: jsonb('one_time_customer').$type<OneTimeCustomer>(),
    contactId: uuid('contact_id'),
    projectName: text('project_name').notNull(),
    projectAddress: text('project_address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    projectCategory: text('project_category'),
    complexity: text('complexity'),
    ownerType: text('owner_type'),
    projectOwner: text('project_owner').notNull().default(''),
    architect: text('architect').notNull().default(''),
    consultant: text('consultant').notNull().default(''),
    calculationGroup: text('calculation_group').notNull().default(''),
    comment: text('comment').notNull().default(''),
    inquiryId: uuid('inquiry_id'),
    inquiryNumber: integer('inquiry_number'),
    projectId: uuid('project_id'),
    projectNumber: integer('project_number'),
    archived: boolean('archived').notNull().default(false),
    archiveReason: text('archive_reason'),
    archivedAt: instant('archived_at'),
    archivedBy: uuid('archived_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('offers_company_number_key').on(table.companyId, table.number),
    index('offers_company_archived_idx').on(table.companyId, table.archived, table.number),
    // By status, and within a status by the day it was set: the overdue filter is a range of that day
    // per open status (offer-list overdueCondition).
    index('offers_company_status_idx').on(
      table.companyId,
      table.statusId,
      table.archived,
      table.statusChangedAt,
    ),
    index('offers_company_owner_idx').on(table.companyId, table.ownerId),
    index('offers_company_customer_idx').on(table.companyId, table.customerId),
    // The capacity forecast's pipeline: open offers by expected delivery.
    index('offers_company_expected_delivery_idx')
      .on(table.companyId, table.expectedDeliveryDate)
      .where(sql`not ${table.archived} and ${table.projectId} is null`),
    // Trigram indexes answer the "contains" searches (list and global search).
    index('offers_project_name_trgm_idx').using('gin', sql`${table.projectName} gin_trgm_ops`),
    index('offers_project_address_trgm_idx').using('gin', sql`${table.projectAddress} gin_trgm_ops`),
  ],
);

export const offerLines = pgTable(
  'offer_lines',
  {
    id: primaryId(),
    companyId: companyId(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    description: text('description').notNull().default(''),
    count: doublePrecision('count').notNull().default(1),
    unitPrice: integer('unit_price').notNull().default(0),
    discountPercent: doublePrecision('discount_percent').notNull().default(0),
    costPrice: integer('cost_price').notNull().default(0),
    vatPercent: integer('vat_percent').notNull().default(25),
  },
  (table) => [index('offer_lines_offer_idx').on(table.offerId, table.position)],
);

/** DESIGN rule 6: who changed what and when. */
export const offerHistory = pgTable(
  'offer_history',
  {
    id: primaryId(),
    companyId: companyId(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    at: createdAt(),
  },
  (table) => [index('offer_history_offer_idx').on(table.offerId, table.at)],
);
