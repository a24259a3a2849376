import { checkIdentity, type FieldKind, isRecord, readFields } from './fake-body';
import { isFakeUpload } from './fake-body-reader';
import {
  checkFlagParam,
  created,
  flagParam,
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
import { FAKE_VAT_TYPES, type FakeOrderLineSeed, type FakeOrderSeed } from './fake-sales-state';
import { documentArchiveJson, invoiceJson, orderJson } from './serialize';

const ORDER_SPEC: Record<string, FieldKind> = {
  customer: 'ref',
  contact: 'ref',
  project: 'ref',
  department: 'ref',
  orderDate: 'date',
  deliveryDate: 'date',
  reference: 'text',
  invoiceComment: 'text',
  isPrioritizeAmountsIncludingVat: 'flag',
};
/**
 * A line's price is taken excluding VAT, or — on an order with `isPrioritizeAmountsIncludingVat` —
 * including VAT (`unitPriceIncludingVatCurrency`), as Tripletex does; the other price is ignored then.
 */
const LINE_SPEC: Record<string, FieldKind> = {
  description: 'text',
  count: 'decimal',
  unitPriceExcludingVatCurrency: 'money',
  unitPriceIncludingVatCurrency: 'money',
  unitCostCurrency: 'money',
  discount: 'decimal',
  vatType: 'ref',
  product: 'ref',
};
const READ_ONLY = ['id', 'version', 'url', 'displayName'];
const LINE_READ_ONLY = ['url', 'amountExcludingVatCurrency', 'amountIncludingVatCurrency'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date range both of whose ends Tripletex requires; the upper end is exclusive. */
export const requiredDateRange = (query: URLSearchParams, fromName: string, toName: string) => {
  const errors: ValidationMessage[] = [];
  for (const name of [fromName, toName]) {
    const value = query.get(name);
    if (!value) errors.push({ field: name, message: 'Required' });
    else if (!DATE.test(value)) errors.push({ field: name, message: 'Must be a date (YYYY-MM-DD)' });
  }
  const from = query.get(fromName) ?? '';
  const to = query.get(toName) ?? '';
  return { errors, includes: (date: string) => date >= from && date < to };
};

const list = (ctx: RouteContext) => {
  const { query } = ctx;
  const range = requiredDateRange(query, 'orderDateFrom', 'orderDateTo');
  if (range.errors.length > 0) return invalid(range.errors);
  const customerIds = idsParam(query, 'customerId');
  const isClosed = flagParam(query, 'isClosed');
  const matches = [...ctx.state.orders.values()].filter(
    (o) =>
      range.includes(o.orderDate) &&
      (customerIds === null || customerIds.includes(o.customerId)) &&
      (isClosed === null || o.isClosed === isClosed),
  );
  return listAnswer(ctx, matches, (o) => orderJson(ctx, o));
};

const readLines = (raw: unknown, isPriceIncludingVat: boolean) => {
  const errors: ValidationMessage[] = [];
  const lines: FakeOrderLineSeed[] = [];
  if (raw === undefined || raw === null) return { lines, errors };
  if (!Array.isArray(raw)) return { lines, errors: [{ field: 'orderLines', message: 'Must be a list' }] };
  raw.forEach((item, index) => {
    const at = (field: string) => `orderLines[${index}]${field ? `.${field}` : ''}`;
    if (!isRecord(item)) {
      errors.push({ field: at(''), message: 'Expected an order line object' });
      return;
    }
    const read = readFields(item, LINE_SPEC, LINE_READ_ONLY);
    const lineErrors = [...checkIdentity(item, 'create'), ...read.errors];
    const {
      product,
      vatType,
      unitPriceExcludingVatCurrency,
      unitPriceIncludingVatCurrency,
      unitCostCurrency,
      ...plain
    } = read.values;
    if (unitPriceIncludingVatCurrency !== undefined && !isPriceIncludingVat) {
      lineErrors.push({
        field: 'unitPriceIncludingVatCurrency',
        message: 'A price including VAT needs isPrioritizeAmountsIncludingVat on the order',
      });
    }
    if (typeof product === 'number') lineErrors.push({ field: 'product', message: 'No such product' });
    if (typeof vatType === 'number' && !FAKE_VAT_TYPES.has(vatType)) {
      lineErrors.push({ field: 'vatType', message: 'No such VAT type' });
    }
    const discount = plain.discount;
    if (typeof discount === 'number' && (discount < 0 || discount > 100)) {
      lineErrors.push({ field: 'discount', message: 'Must be from 0 to 100' });
    }
    errors.push(...lineErrors.map((e) => ({ ...e, field: at(e.field) })));
    lines.push({
      ...(plain as FakeOrderLineSeed),
      ...(typeof vatType === 'number' && { vatTypeId: vatType }),
      ...(unitPriceExcludingVatCurrency !== undefined && {
        unitPriceExcludingVat: unitPriceExcludingVatCurrency as number,
      }),
      ...(isPriceIncludingVat &&
        unitPriceIncludingVatCurrency !== undefined && {
          unitPriceIncludingVat: unitPriceIncludingVatCurrency as number,
        }),
      ...(unitCostCurrency !== undefined && { unitCost: unitCostCurrency as number }),
    });
  });
  return { lines, errors };
};

const create = (ctx: RouteContext) => {
  if (!isRecord(ctx.body)) return invalid([{ field: '', message: 'Expected an order object' }]);
  const { orderLines, ...order } = ctx.body;
  const { values, errors } = readFields(order, ORDER_SPEC, READ_ONLY);
  const lines = readLines(orderLines, order.isPrioritizeAmountsIncludingVat === true);
  const all = [...checkIdentity(order, 'create'), ...errors, ...lines.errors];
  const { state } = ctx;
  const { customer, contact, project, department, ...plain } = values;
  if (typeof customer !== 'number') all.push({ field: 'customer', message: 'Customer is required' });
  else if (!state.customers.has(customer)) all.push({ field: 'customer', message: 'No such customer' });
  const references = [
    ['contact', contact, state.contacts],
    ['project', project, state.projects],
    ['department', department, state.departments],
  ] as const;
  for (const [field, id, records] of references) {
    if (typeof id === 'number' && !records.has(id)) all.push({ field, message: `No such ${field}` });
  }
  for (const field of ['orderDate', 'deliveryDate']) {
    if (!plain[field]) all.push({ field, message: 'Required' });
  }
  if (all.length > 0) return invalid(all);
  const seed: FakeOrderSeed = {
    ...(plain as FakeOrderSeed),
    customerId: customer as number,
    contactId: (contact as number | null | undefined) ?? null,
    projectId: (project as number | null | undefined) ?? null,
    departmentId: (department as number | null | undefined) ?? null,
    lines: lines.lines,
  };
  return created(orderJson(ctx, state.seedOrder(seed)));
};

/** `PUT /order/{id}/:invoice?invoiceDate=…&sendToCustomer=…`: no body; answers with the new invoice. */
const invoice = (ctx: RouteContext) => {
  const order = ctx.state.orders.get(Number(ctx.params[0]));
  if (!order) return notFound('Order');
  const errors: ValidationMessage[] = [];
  const invoiceDate = requiredDateParam(ctx.query, 'invoiceDate', errors);
  checkFlagParam(ctx.query, 'sendToCustomer', errors);
  // A closed order can no longer be invoiced (and the fake closes an order when it invoices it).
  if (order.isClosed) errors.push({ field: '', message: 'The order is closed' });
  if (order.lines.length === 0) errors.push({ field: 'orderLines', message: 'The order has no lines' });
  if (errors.length > 0) return invalid(errors);
  return ok(invoiceJson(ctx, ctx.state.invoiceOrder(order, invoiceDate)));
};

/**
 * `PUT /order/{id}/:attach`: a `multipart/form-data` body with the file in the part `file` (the
 * document declares no other part); answers the stored document (`DocumentArchive`).
 */
const attach = (ctx: RouteContext) => {
  const order = ctx.state.orders.get(Number(ctx.params[0]));
  if (!order) return notFound('Order');
  const file = isRecord(ctx.body) ? ctx.body.file : undefined;
  if (!isFakeUpload(file)) return invalid([{ field: 'file', message: 'A file is required' }]);
  if (file.bytes.length === 0) return invalid([{ field: 'file', message: 'The file is empty' }]);
  const document = ctx.state.attachToOrder(order, {
    fileName: file.fileName,
    mimeType: file.contentType || 'application/octet-stream',
    bytes: file.bytes,
  });
  return ok(documentArchiveJson(ctx, document));
};

export const orderRoutes: Route[] = [
  { method: 'GET', pattern: /^\/order$/, handle: list },
  { method: 'POST', pattern: /^\/order$/, handle: create },
  getByIdRoute(
    'order',
    'Order',
    (state, id) => state.orders.get(id),
    (ctx, order) => orderJson(ctx, order),
  ),
  { method: 'PUT', pattern: /^\/order\/(\d+)\/:invoice$/, handle: invoice },
  { method: 'PUT', pattern: /^\/order\/(\d+)\/:attach$/, handle: attach },
];
