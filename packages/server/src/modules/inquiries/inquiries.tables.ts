import type { InquiryFieldChange, InquiryHistoryAction } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * An inquiry (SPEC §3). Owner (employee), customer, contact and offer are ids of other modules'
 * records — no foreign keys across modules. A one-time customer lives only here, as JSON.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: primaryId(),
    companyId: companyId(),
    number: integer('number').notNull(),
    receivedDate: date('received_date', { mode: 'string' }).notNull(),
    deadline: date('deadline', { mode: 'string' }),
    ownerId: uuid('owner_id'),
    projectName: text('project_name').notNull(),
    projectAddress: text('project_address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    comment: text('comment').notNull().default(''),
    projectCategory: text('project_category'),
    calculationGroup: text('calculation_group').notNull().default(''),
    complexity: text('complexity'),
    customerCategory: text('customer_category'),
    ownerType: text('owner_type'),
    projectOwner: text('project_owner').notNull().default(''),
    architect: text('architect').notNull().default(''),
    consultant: text('consultant').notNull().default(''),
    customerId: uuid('customer_id'),
    oneTimeCustomer: jsonb('one_time_customer').$type<{
      name: string;
      email: string;
      phone: string;
      address: string;
    }>(),
    contactId: uuid('contact_id'),
    creditScore: text('credit_score').notNull().default(''),
    offerId: uuid('offer_id'),
    offerNumber: integer('offer_number'),
    archivedAt: instant('archived_at'),
    archivedBy: uuid('archived_by'),
    archiveReason: text('archive_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('inquiries_company_number_key').on(table.companyId, table.number),
    index('inquiries_company_archived_deadline_idx').on(table.companyId, table.archivedAt, table.deadline),
    index('inquiries_company_owner_idx').on(table.companyId, table.ownerId),
    index('inquiries_company_customer_idx').on(table.companyId, table.customerId),
    // Trigram indexes answer "contains" searches (ILIKE '%…%') in the list and the global search.
    index('inquiries_project_name_trgm_idx').using('gin', sql`${table.projectName} gin_trgm_ops`),
    index('inquiries_project_address_trgm_idx').using('gin', sql`${table.projectAddress} gin_trgm_ops`),
    index('inquiries_one_time_customer_trgm_idx').using(
      'gin',
      sql`(${table.oneTimeCustomer} ->> 'name') gin_trgm_ops`,
    ),
  ],
);

/** DESIGN rule 6: one row per change — who (id and the name at the time), when and what. */
export const inquiryHistory = pgTable(
  'inquiry_history',
  {
    id: primaryId(),
    companyId: companyId(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    userName: text('user_name').notNull().default(''),
    action: text('action').$type<InquiryHistoryAction>().notNull(),
    changes: jsonb('changes').$type<InquiryFieldChange[]>().notNull().default([]),
    detail: text('detail'),
    at: createdAt(),
  },
  (table) => [index('inquiry_history_inquiry_idx').on(table.inquiryId, table.at)],
);
