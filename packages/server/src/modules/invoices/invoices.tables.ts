import type { InvoiceSendMethod, InvoiceSyncState } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';
import { confirmationPaymentRules, confirmations } from '../confirmations/confirmations.tables';

/** Money in øre; bigint, as on confirmations. */
const ore = (name: string) => bigint(name, { mode: 'number' });

/**
 * One invoice for one order square (a confirmation's payment part). The row is its own sync queue
 * entry, as customers are: `pending` until the accounting system has the order and the invoice
 * (`accountingOrderId`, `accountingInvoiceId`), retried with back-off; `local` when the company has
 * no accounting system. Crediting keeps the row (history) and frees the square: at most one
 * uncredited invoice per payment part, held by a partial unique index, so two admins invoicing the
 * same square at once make one invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    confirmationId: uuid('confirmation_id')
      .notNull()
      .references(() => confirmations.id, { onDelete: 'restrict' }),
    paymentRuleId: uuid('payment_rule_id')
      .notNull()
      .references(() => confirmationPaymentRules.id, { onDelete: 'restrict' }),
    /** The client's key of the create: a double click is refused (unique). */
    requestId: uuid('request_id').notNull(),
    description: text('description').notNull().default(''),
    customerId: uuid('customer_id'),
    customerName: text('customer_name').notNull().default(''),
    /** Karm's number (no accounting system) or the accounting system's, once pushed. */
    number: integer('number'),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: ore('amount').notNull(),
    amountOutstanding: ore('amount_outstanding').notNull(),
    isSent: boolean('is_sent').notNull().default(false),
    sendMethod: text('send_method').$type<InvoiceSendMethod>().notNull().default('EMAIL'),
    isCredited: boolean('is_credited').notNull().default(false),
    creditReason: text('credit_reason').notNull().default(''),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    creditedBy: uuid('credited_by'),
    /** A credit note the accounting system still has to make (pushed like the invoice). */
    isCreditPending: boolean('is_credit_pending').notNull().default(false),
    syncStatus: text('sync_status').$type<InvoiceSyncState>().notNull(),
    syncError: text('sync_error'),
    syncAttempts: integer('sync_attempts').notNull().default(0),
    /** When the push is due; while one instance pushes, it is moved ahead as a lease. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    accountingOrderId: text('accounting_order_id'),
    accountingInvoiceId: text('accounting_invoice_id'),
    purchaseOrderFileId: uuid('purchase_order_file_id'),
    /**
     * The signed order last attached to the order in the accounting system, and when. The push
     * attaches `purchaseOrderFileId` while it differs from this (a newer upload is attached too).
     */
    purchaseOrderAttachedFileId: uuid('purchase_order_attached_file_id'),
    purchaseOrderAttachedAt: timestamp('purchase_order_attached_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('invoices_company_project_idx').on(table.companyId, table.projectId),
    index('invoices_company_created_idx').on(table.companyId, table.createdAt),
    index('invoices_company_sync_idx').on(table.companyId, table.syncStatus, table.nextSyncAt),
    // Sent invoices still owed, by due date: the list's unpaid and past-due filters and the dashboard's
    // past-due alert count these, not every invoice of the company.
    index('invoices_company_owed_due_idx')
      .on(table.companyId, table.dueDate)
      .where(sql`${table.isSent} and not ${table.isCredited} and ${table.amountOutstanding} > 0`),
    uniqueIndex('invoices_company_request_key').on(table.companyId, table.requestId),
    uniqueIndex('invoices_open_payment_rule_key').on(table.paymentRuleId).where(sql`not ${table.isCredited}`),
  ],
);
