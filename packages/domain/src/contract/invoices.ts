import { z } from 'zod';
import { INVOICE_STATUS_CODES, type InvoiceStatusCode } from '../rules/project-state';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import {
  CONFIRMATION_KINDS,
  type ConfirmationKind,
  paymentDueSchema,
  paymentRulesSchema,
  paymentShareSchema,
} from './confirmations';
import { type INVOICE_SEND_METHODS, SYNC_STATUSES, type SyncStatus } from './customers';
import { socketEvent } from './define';
import { listPeriodShape, periodInOrder } from './list-period';
import type { Page } from './paging';
import { pageQuerySchema } from './paging';

/**
 * Invoices per order (SPEC §3/§4/§9, §7 invoices events and routes, issue 13). Each part of a
 * project's order confirmation is an "order square"; invoicing a square makes one invoice for its
 * amount — in the accounting system when one is connected (an order with one line, then the invoice,
 * pushed by a job and recognised by its order reference after a lost answer), else in Karm alone with
 * Karm's own invoice number. A square's status code (1–5, rules/project-state.ts) follows the invoice:
 * made → not sent, sent → pending payment (past due after its due date), nothing outstanding → paid.
 * A credited invoice frees its square again. Money is integer øre; dates `YYYY-MM-DD`.
 */

const version = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));

/** Where the invoice stands with the accounting system (`local` when the company has none), as customers'. */
export type InvoiceSyncState = SyncStatus;

/** An order square's invoice status code (SPEC §3: 1 no invoice … 5 past due). */
const invoiceStatusCodeSchema = z.literal(Object.values(INVOICE_STATUS_CODES));
/** How the invoice reaches the customer: the customer's send method (Tripletex's names). */
export type InvoiceSendMethod = (typeof INVOICE_SEND_METHODS)[number];

export const invoiceDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectNumber: z.number(),
  projectName: z.string(),
  confirmationId: z.string(),
  /** An order confirmation's part, or one of the project's own invoice plan. */
  confirmationKind: z.enum(CONFIRMATION_KINDS),
  confirmationNumber: z.number(),
  paymentRuleId: z.string(),
  /** The payment part's description, the invoice line's text. */
  description: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string(),
  /** Karm's own number without an accounting system, else the accounting system's (null until pushed). */
  number: z.number().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  /** Including VAT 25 %. */
  amount: z.number(),
  amountOutstanding: z.number(),
  isSent: z.boolean(),
  isCredited: z.boolean(),
  /** SPEC's square code, on today's date (past due is worked out when read). */
  status: invoiceStatusCodeSchema,
  syncStatus: z.enum(SYNC_STATUSES),
  syncError: z.string().nullable(),
  /** The customer's signed order or purchase order (POST invoices/{id}/createOrder). */
  purchaseOrderFile: z.object({ id: z.string(), name: z.string() }).nullable(),
  creditReason: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  version: z.number(),
});
export type InvoiceDto = z.output<typeof invoiceDtoSchema>;

/** One order square: a payment part of a confirmation and the invoice made for it, if any. */
export const orderSquareDtoSchema = z.object({
  paymentRuleId: z.string(),
  position: z.number(),
  description: z.string(),
  /** øre, including VAT. */
  amount: z.number(),
  /** The part as planned: a percentage of the total or a fixed amount (what the plan editor edits). */
  share: paymentShareSchema,
  due: paymentDueSchema,
  /** The part has fallen due (its date passed, its process step completed, …): ready to invoice. */
  isDue: z.boolean(),
  status: invoiceStatusCodeSchema,
  invoice: invoiceDtoSchema
    .pick({
      id: true,
      number: true,
      amount: true,
      amountOutstanding: true,
      dueDate: true,
      syncStatus: true,
      syncError: true,
      version: true,
    })
    .nullable(),
});
export type OrderSquareDto = z.output<typeof orderSquareDtoSchema>;

/**
 * GET /invoices-confirmations/project/{id}: the project's confirmations, each with its squares; the
 * project's own invoice plan (if any) after its order confirmations.
 */
export const invoiceConfirmationDtoSchema = z.object({
  confirmationId: z.string(),
  confirmationKind: z.enum(CONFIRMATION_KINDS),
  confirmationNumber: z.number(),
  /** The version read: an invoice plan is saved at it (`invoice-plan:save`). */
  version: z.number(),
  /** Some part was ever invoiced (also one credited since): the plan no longer changes. */
  isInvoiced: z.boolean(),
  date: z.string(),
  total: z.number(),
  customerName: z.string(),
  squares: z.array(orderSquareDtoSchema),
});
export type InvoiceConfirmationDto = z.output<typeof invoiceConfirmationDtoSchema>;
export const invoiceConfirmationsDtoSchema = z.array(invoiceConfirmationDtoSchema);

/** The project list's squares (SPEC §9: at most 3 orders shown, 3 columns): per confirmation, its first three. */
export type ProjectInvoiceSquaresDto = {
  confirmationKind: ConfirmationKind;
  confirmationNumber: number;
  squares: { status: InvoiceStatusCode; number: number | null; amount: number; dueDate: string | null }[];
  /** Squares of this confirmation not shown. */
  moreCount: number;
}[];

/** POST /invoices. */
export const invoiceCreateSchema = z.object({
  confirmationId: z.uuid(),
  paymentRuleId: z.uuid(),
  /** Made by the client per click: a repeated create (a double click) is refused and changes nothing. */
  requestId: z.uuid(),
});
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;

/** DELETE /invoices/{id} and `invoices:del`: credits the invoice (a credit note when charged). */
export const invoiceDeleteSchema = z.object({
  id: z.uuid(),
  version,
  reason: text(500).min(1, MESSAGES.required),
});
export const invoiceDeleteQuerySchema = invoiceDeleteSchema.omit({ id: true }).extend({
  version: z.coerce.number().int().positive(),
});

/**
 * `invoices:upd`: what a person records on an invoice. Without an accounting system an administrator
 * marks it sent and registers payments by hand; with one, these follow the accounting system.
 */
export const invoiceUpdateSchema = z.object({
  id: z.uuid(),
  version,
  changes: z
    .object({
      isSent: z.literal(true).optional(),
      /** A payment received, øre: comes off what is outstanding. */
      paymentAmount: z.number().int().positive().max(1_000_000_000_000).optional(),
    })
    .refine((changes) => Object.values(changes).some((value) => value !== undefined), MESSAGES.required),
});

export const INVOICE_LIST_FILTERS = ['all', 'notSent', 'unpaid', 'pastDue', 'paid', 'credited'] as const;
export type InvoiceListFilter = (typeof INVOICE_LIST_FILTERS)[number];

/** `invoices:get`: the company's invoices, newest first, paged on the server. */
export const invoiceListQuerySchema = pageQuerySchema
  .extend({
    filter: z.enum(INVOICE_LIST_FILTERS).default('all'),
    projectId: z.uuid().optional(),
    search: text(100).default(''),
    /** The invoice dates, as the revenue report counts them. */
    ...listPeriodShape,
  })
  .refine(...periodInOrder);
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceIdSchema = z.object({ id: z.uuid() });

/** Pushed to the company when an invoice changes, so squares and lists refresh. */
export const INVOICE_PUSHES = { changed: 'invoices:changed', readyToInvoice: 'invoices:ready' } as const;
export type InvoicesChangedPush = { projectId: string };
/** To the administrators: a completed process step made payment parts due ("ready to invoice"). */
export type ReadyToInvoicePush = {
  projectId: string;
  projectNumber: number;
  projectName: string;
  parts: { description: string; amount: number }[];
};

/**
 * `invoice-plan:save` (administrators): the project's own invoice plan, for a project without an order
 * confirmation. Made when the project has none (`version` null; the request id refuses a double click),
 * else its parts replaced at the version read. Each save takes the project's order lines and totals
 * (VAT 25 %) anew and splits the parts over the total in øre; refused once a part is invoiced.
 */
export const invoicePlanSaveSchema = z.object({
  projectId: z.uuid(),
  version: version.nullable(),
  paymentRules: paymentRulesSchema,
  requestId: z.uuid(),
  /** An administrator's approval of a plan the customer's credit band refuses, as on confirmations. */
  isCreditApproved: z.boolean().default(false),
});
export type InvoicePlanSaveInput = z.input<typeof invoicePlanSaveSchema>;

/** `invoice-plan:del`: deletes the project's invoice plan at the version read (not once invoiced). */
export const invoicePlanDeleteSchema = z.object({ id: z.uuid(), version });

export const invoiceEvents = {
  'invoices:get': socketEvent<Page<InvoiceDto>>()(invoiceListQuerySchema),
  'invoice:get': socketEvent<InvoiceDto>()(invoiceIdSchema),
  'invoices:upd': socketEvent<InvoiceDto>()(invoiceUpdateSchema),
  'invoices:del': socketEvent<InvoiceDto>()(invoiceDeleteSchema),
  'invoice-plan:save': socketEvent<InvoiceConfirmationDto>()(invoicePlanSaveSchema),
  'invoice-plan:del': socketEvent<{ id: string }>()(invoicePlanDeleteSchema),
};
