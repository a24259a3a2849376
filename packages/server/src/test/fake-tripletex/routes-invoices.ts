import { equalsParam, idsParam, invalid, listAnswer, notFound, ok, type Route } from './fake-http';
import { requiredDateRange } from './routes-orders';
import { invoiceJson } from './serialize';

/** Read-only: invoices are made by invoicing an order (`PUT /order/{id}/:invoice`, routes-orders.ts). */
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
      return listAnswer(ctx, matches, (i) => invoiceJson(ctx.baseUrl, i));
    },
  },
  {
    method: 'GET',
    pattern: /^\/invoice\/(\d+)$/,
    handle: (ctx) => {
      const invoice = ctx.state.invoices.get(Number(ctx.params[0]));
      return invoice ? ok(invoiceJson(ctx.baseUrl, invoice)) : notFound('Invoice');
    },
  },
];
