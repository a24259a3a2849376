import {
  checkFlagParam,
  containsParam,
  equalsParam,
  getByIdRoute,
  idsParam,
  invalid,
  listAnswer,
  notFound,
  ok,
  type Route,
  type RouteContext,
  requiredDateParam,
  type ValidationMessage,
} from './fake-http';
import { FAKE_PAYMENT_TYPES } from './fake-sales-state';
import { requiredDateRange } from './routes-orders';
import { invoiceJson, paymentTypeJson } from './serialize';

/**
 * `PUT /invoice/{id}/:payment?paymentDate&paymentTypeId&paidAmount`: registers a payment in NOK
 * (at most two decimals, read as øre); more than is outstanding is refused.
 */
const payment = (ctx: RouteContext) => {
  const invoice = ctx.state.invoices.get(Number(ctx.params[0]));
  if (!invoice) return notFound('Invoice');
  const { query } = ctx;
  const errors: ValidationMessage[] = [];
  const paymentDate = requiredDateParam(query, 'paymentDate', errors);
  const paymentTypeId = Number(query.get('paymentTypeId'));
  if (!FAKE_PAYMENT_TYPES.has(paymentTypeId)) {
    errors.push({ field: 'paymentTypeId', message: 'No such payment type' });
  }
  const raw = query.get('paidAmount') ?? '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(raw);
  const paidAmount = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (!match || paidAmount === 0) {
    errors.push({ field: 'paidAmount', message: 'Must be a positive amount with at most two decimals' });
  } else if (paidAmount > invoice.amountOutstanding) {
    errors.push({ field: 'paidAmount', message: 'More than is outstanding' });
  }
  if (invoice.isCreditNote) errors.push({ field: '', message: 'A credit note takes no payment' });
  if (errors.length > 0) return invalid(errors);
  return ok(invoiceJson(ctx, ctx.state.payInvoice(invoice, { paymentDate, paymentTypeId, paidAmount })));
};

/** `PUT /invoice/{id}/:createCreditNote?date[&comment&sendToCustomer…]`: answers with the credit note. */
const createCreditNote = (ctx: RouteContext) => {
  const invoice = ctx.state.invoices.get(Number(ctx.params[0]));
  if (!invoice) return notFound('Invoice');
  const { query } = ctx;
  const errors: ValidationMessage[] = [];
  const date = requiredDateParam(query, 'date', errors);
  checkFlagParam(query, 'sendToCustomer', errors);
  if (date && date < invoice.invoiceDate) {
    errors.push({ field: 'date', message: 'Before the invoice date' });
  }
  if (invoice.isCreditNote) errors.push({ field: '', message: 'A credit note cannot be credited' });
  if (invoice.isCredited) errors.push({ field: '', message: 'The invoice is already credited' });
  if (errors.length > 0) return invalid(errors);
  return ok(invoiceJson(ctx, ctx.state.creditInvoice(invoice, date, query.get('comment') ?? '')));
};

/**
 * Invoices are made by invoicing an order (`PUT /order/{id}/:invoice`, routes-orders.ts); here they
 * are read, paid and credited.
 */
export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/invoice$/,
    handle: (ctx) => {
      const { query } = ctx;
      const range = requiredDateRange(query, 'invoiceDateFrom', 'invoiceDateTo');
      if (range.errors.length > 0) return invalid(range.errors);
      const customerIds = idsParam(query, 'customerId');
      const matches = [...ctx.state.invoices.values()].filter(
        (i) =>
          range.includes(i.invoiceDate) &&
          equalsParam(query, 'invoiceNumber', String(i.invoiceNumber)) &&
          (customerIds === null || customerIds.includes(i.customerId)),
      );
      return listAnswer(ctx, matches, (i) => invoiceJson(ctx, i));
    },
  },
  {
    method: 'GET',
    pattern: /^\/invoice\/paymentType$/,
    handle: (ctx) => {
      const matches = [...FAKE_PAYMENT_TYPES].filter(([, type]) =>
        containsParam(ctx.query, 'description', type.description),
      );
      return listAnswer(
        ctx,
        matches.map(([id]) => ({ id, version: 0 })),
        ({ id }) => paymentTypeJson(ctx, id),
      );
    },
  },
  getByIdRoute(
    'invoice',
    'Invoice',
    (state, id) => state.invoices.get(id),
    (ctx, invoice) => invoiceJson(ctx, invoice),
  ),
  { method: 'PUT', pattern: /^\/invoice\/(\d+)\/:payment$/, handle: payment },
  { method: 'PUT', pattern: /^\/invoice\/(\d+)\/:createCreditNote$/, handle: createCreditNote },
];
