import type { AccountingPort } from '../port';
import type { ApiClient } from './api-client';
import { toTripletexId } from './mappers';
import type { Pager } from './pager';
import {
  fromTripletexInvoice,
  fromTripletexOrder,
  fromTripletexProject,
  toTripletexOrder,
  toTripletexProject,
} from './sales-mappers';
import {
  INVOICE_FIELDS,
  invoiceSchema,
  ORDER_FIELDS,
  orderSchema,
  PROJECT_FIELDS,
  parseAnswer,
  projectSchema,
  valueEnvelope,
  writtenId,
} from './schemas';

type SalesOperations = Pick<
  AccountingPort,
  | 'listProjects'
  | 'getProject'
  | 'findProjectByNumber'
  | 'createProject'
  | 'updateProject'
  | 'createOrder'
  | 'getOrder'
  | 'listOrders'
  | 'invoiceOrder'
  | 'createCreditNote'
  | 'listInvoices'
  | 'getInvoice'
>;

/** Page size when looking for one record among all that a filter matches. */
const FIND_PAGE_SIZE = 1000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const assertDate = (name: string, value: string) => {
  if (!DATE.test(value)) throw new RangeError(`${name} must be a date (YYYY-MM-DD): ${value}`);
};

/** Tripletex requires both ends and excludes the upper one; an empty or reversed range is a caller bug. */
const assertDateRange = (fromName: string, from: string, toName: string, to: string) => {
  assertDate(fromName, from);
  assertDate(toName, to);
  if (to <= from) throw new RangeError(`${toName} (exclusive) must be after ${fromName}: ${from}, ${to}`);
};

/** Projects, orders and invoices over the Tripletex API. */
export const createSalesOperations = (api: ApiClient, page: Pager): SalesOperations => {
  const readProject = (body: unknown) =>
    fromTripletexProject(parseAnswer(valueEnvelope(projectSchema), body, 'project').value);
  const readOrder = (body: unknown) =>
    fromTripletexOrder(parseAnswer(valueEnvelope(orderSchema), body, 'order').value);
  const getOrder = async (id: number) => readOrder(await api.get(`/order/${id}`, { fields: ORDER_FIELDS }));
  const readInvoice = (body: unknown) =>
    fromTripletexInvoice(parseAnswer(valueEnvelope(invoiceSchema), body, 'invoice').value);

  return {
    listProjects: ({ from, count, isClosed }) =>
      page('/project', projectSchema, fromTripletexProject, {
        from,
        count,
        fields: PROJECT_FIELDS,
        isClosed,
      }),

    getProject: async (externalId) =>
      readProject(await api.get(`/project/${toTripletexId(externalId)}`, { fields: PROJECT_FIELDS })),

    findProjectByNumber: async (number) => {
      const wanted = number.trim();
      // An empty filter matches every project.
      if (wanted === '') return null;
      // Tripletex's `number` filter may match parts of numbers ("1" finds "10", "21"…), so every match
      // is read until the exact one turns up.
      for (let from = 0; ; from += FIND_PAGE_SIZE) {
        const { items, isLast } = await page('/project', projectSchema, fromTripletexProject, {
          from,
          count: FIND_PAGE_SIZE,
          fields: PROJECT_FIELDS,
          number: wanted,
        });
        const found = items.find((project) => project.number === wanted);
        if (found) return found;
        if (isLast) return null;
      }
    },

    // The answer to a write carries every field of the project, references as `{id, url}`: enough.
    createProject: async (fields) =>
      readProject(await api.post('/project', toTripletexProject(fields, 'create'))),

    updateProject: async (externalId, version, changes) => {
      const id = toTripletexId(externalId);
      // Only the changed fields: a PUT overwrites exactly what it carries. `version` makes a stale edit a 409.
      const body = { ...toTripletexProject(changes, 'update'), id, version };
      return readProject(await api.put(`/project/${id}`, body));
    },

    createOrder: async (fields) => {
      assertDate('orderDate', fields.orderDate);
      assertDate('deliveryDate', fields.deliveryDate);
      // The answer has the lines as bare `{id, url}` references (a write takes no `fields=`).
      const answer = await api.post('/order', toTripletexOrder(fields));
      return getOrder(writtenId(answer, 'order'));
    },

    getOrder: (externalId) => getOrder(toTripletexId(externalId)),

    listOrders: async ({ orderDateFrom, orderDateTo, from, count }) => {
      assertDateRange('orderDateFrom', orderDateFrom, 'orderDateTo', orderDateTo);
      return page('/order', orderSchema, fromTripletexOrder, {
        from,
        count,
        fields: ORDER_FIELDS,
        orderDateFrom,
        orderDateTo,
      });
    },

    invoiceOrder: async (orderExternalId, { invoiceDate, sendToCustomer, sendType }) => {
      assertDate('invoiceDate', invoiceDate);
      // `sendToCustomer` is always sent, so whether the customer gets the invoice never rests on a default.
      // The answer (no `fields=` here) has every field of the invoice, references as `{id, url}`.
      const body = await api.put(`/order/${toTripletexId(orderExternalId)}/:invoice`, undefined, {
        invoiceDate,
        sendToCustomer,
        ...(sendType && { sendType }),
      });
      return readInvoice(body);
    },

    createCreditNote: async (invoiceExternalId, { date, comment, sendToCustomer }) => {
      assertDate('date', date);
      const body = await api.put(
        `/invoice/${toTripletexId(invoiceExternalId)}/:createCreditNote`,
        undefined,
        {
          date,
          ...(comment && { comment }),
          sendToCustomer,
        },
      );
      return readInvoice(body);
    },

    listInvoices: async ({ invoiceDateFrom, invoiceDateTo, from, count }) => {
      assertDateRange('invoiceDateFrom', invoiceDateFrom, 'invoiceDateTo', invoiceDateTo);
      return page('/invoice', invoiceSchema, fromTripletexInvoice, {
        from,
        count,
        fields: INVOICE_FIELDS,
        invoiceDateFrom,
        invoiceDateTo,
      });
    },

    getInvoice: async (externalId) =>
      readInvoice(await api.get(`/invoice/${toTripletexId(externalId)}`, { fields: INVOICE_FIELDS })),
  };
};
