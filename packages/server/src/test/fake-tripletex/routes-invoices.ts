import { equalsParam, getByIdRoute, idsParam, invalid, listAnswer, type Route } from './fake-http';
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
  getByIdRoute(
    'invoice',
    'Invoice',
    (state, id) => state.invoices.get(id),
    (ctx, invoice) => invoiceJson(ctx.baseUrl, invoice),
  ),
];
