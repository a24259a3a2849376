import { type Clock, systemClock } from '../../../platform/clock';
import type { AccountingPort } from '../port';
import { createApiClient } from './api-client';
import { createHttpClient, type TripletexLogger } from './http-client';
import {
  fromTripletexContact,
  fromTripletexCustomer,
  fromTripletexEmployee,
  toTripletexContact,
  toTripletexCustomer,
  toTripletexId,
} from './mappers';
import { nokToOre } from './money';
import { createAttachmentOperations } from './order-attachments';
import { createPager } from './pager';
import { createSalesOperations } from './sales-operations';
import {
  CATEGORY_FIELDS,
  CONTACT_FIELDS,
  CUSTOMER_FIELDS,
  categorySchema,
  contactSchema,
  customerSchema,
  DEPARTMENT_FIELDS,
  departmentSchema,
  EMPLOYEE_FIELDS,
  employeeSchema,
  PRODUCT_FIELDS,
  parseAnswer,
  productSchema,
  valueEnvelope,
  WHO_AM_I_FIELDS,
  whoAmISchema,
  writtenId,
} from './schemas';
import { createSessionManager } from './session';

export const TRIPLETEX_BASE_URLS = {
  production: 'https://tripletex.no/v2',
  test: 'https://api-test.tripletex.tech/v2',
} as const;

export type TripletexAdapterOptions = {
  /** e.g. `TRIPLETEX_BASE_URLS.test`, or a fake's URL in tests. */
  baseUrl: string;
  consumerToken: string;
  employeeToken: string;
  /** The company to act for; `0` is the employee token owner's own company. */
  companyId?: string;
  clock?: Clock;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt, for 429, 5xx and network failures. */
  maxRetries?: number;
  /** The wait after a 429 that lacks `X-Rate-Limit-Reset`. */
  fallbackRetryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The jitter source, in [0, 1); tests pin it. */
  random?: () => number;
  logger?: TripletexLogger;
};

/** How long one attempt waits for Tripletex before it counts as a timeout. */
export const TRIPLETEX_TIMEOUT_MS = 10_000;

/** Page size used where the port asks for "all" (employee categories). */
const ALL_PAGE_SIZE = 1000;

/**
 * `changedSince` is sent as `YYYY-MM-DDTHH:mm:ss` in UTC. Tripletex does not say which zone it reads a
 * time without offset in; if it is UTC the filter is exact, if it is Oslo time the filter starts one or
 * two hours earlier. Either way no change is missed, and re-reading an unchanged customer is harmless.
 */
export const formatChangedSince = (instant: Date) => instant.toISOString().slice(0, 19);

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const createTripletexAdapter = (options: TripletexAdapterOptions): AccountingPort => {
  const clock = options.clock ?? systemClock;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    companyId: options.companyId ?? '0',
    timeoutMs: options.timeoutMs ?? TRIPLETEX_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? 4,
    fallbackRetryDelayMs: options.fallbackRetryDelayMs ?? 2_000,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    logger: options.logger,
  });
  const session = createSessionManager({
    http,
    consumerToken: options.consumerToken,
    employeeToken: options.employeeToken,
    clock,
    logger: options.logger,
  });
  const api = createApiClient(http, session);

  const page = createPager(api);

  const readCustomer = (body: unknown) =>
    fromTripletexCustomer(parseAnswer(valueEnvelope(customerSchema), body, 'customer').value);
  const readContact = (body: unknown) =>
    fromTripletexContact(parseAnswer(valueEnvelope(contactSchema), body, 'contact').value);
  // Writes take no `fields=`, and their answer has the addresses as bare `{id, url}` references.
  const getCustomer = async (id: number) =>
    readCustomer(await api.get(`/customer/${id}`, { fields: CUSTOMER_FIELDS }));

  return {
    kind: 'tripletex',

    testConnection: async () => {
      const body = await api.get('/token/session/>whoAmI', { fields: WHO_AM_I_FIELDS });
      const { company, employee } = parseAnswer(valueEnvelope(whoAmISchema), body, 'session owner').value;
      return {
        companyName: company?.name ?? '',
        employeeName:
          employee?.displayName || `${employee?.firstName ?? ''} ${employee?.lastName ?? ''}`.trim(),
      };
    },

    listCustomers: ({ changedSince, from, count }) =>
      page('/customer', customerSchema, fromTripletexCustomer, {
        from,
        count,
        fields: CUSTOMER_FIELDS,
        changedSince: changedSince && formatChangedSince(changedSince),
      }),

    getCustomer: (externalId) => getCustomer(toTripletexId(externalId)),

    findCustomerByNumber: async (customerNumber) => {
      const { items } = await page('/customer', customerSchema, fromTripletexCustomer, {
        from: 0,
        count: 100,
        fields: CUSTOMER_FIELDS,
        customerAccountNumber: customerNumber,
      });
      // Checked here too, in case the filter matches more loosely than "equals".
      return items.find((customer) => customer.customerNumber === customerNumber) ?? null;
    },

    createCustomer: async (fields) => {
      const answer = await api.post('/customer', toTripletexCustomer(fields, 'create'));
      return getCustomer(writtenId(answer, 'customer'));
    },

    updateCustomer: async (externalId, version, changes) => {
      const id = toTripletexId(externalId);
      // Only the changed fields: a PUT overwrites exactly what it carries. `version` makes a stale edit a 409.
      const body = { ...toTripletexCustomer(changes, 'update'), id, version };
      await api.put(`/customer/${id}`, body);
      return getCustomer(id);
    },

    listContacts: ({ from, count }) =>
      page('/contact', contactSchema, fromTripletexContact, { from, count, fields: CONTACT_FIELDS }),

    findContact: async (customerExternalId, match) => {
      const hasEmail = match.email.trim() !== '';
      const { items } = await page('/contact', contactSchema, fromTripletexContact, {
        from: 0,
        count: ALL_PAGE_SIZE,
        fields: CONTACT_FIELDS,
        customerId: toTripletexId(customerExternalId),
        ...(hasEmail
          ? { email: match.email.trim() }
          : { firstName: match.firstName, lastName: match.lastName }),
      });
      // Tripletex's name filters match parts of names ("Kari" finds "Karianne"): keep exact matches only.
      return (
        items.find((contact) =>
          hasEmail
            ? sameText(contact.email, match.email)
            : sameText(contact.firstName, match.firstName) && sameText(contact.lastName, match.lastName),
        ) ?? null
      );
    },

    // The answer to a write carries every field of the contact, its customer as `{id, url}`: enough.
    createContact: async (fields) => readContact(await api.post('/contact', toTripletexContact(fields))),

    updateContact: async (externalId, version, fields) => {
      const id = toTripletexId(externalId);
      // The whole contact with the version last seen: a contact changed there meanwhile is a 409.
      const body = { ...toTripletexContact(fields), id, version };
      return readContact(await api.put(`/contact/${id}`, body));
    },

    listEmployees: ({ from, count }) =>
      page('/employee', employeeSchema, fromTripletexEmployee, { from, count, fields: EMPLOYEE_FIELDS }),

    listEmployeeCategories: async () => {
      const categories = [];
      for (let from = 0; ; from += ALL_PAGE_SIZE) {
        const { items, isLast } = await page(
          '/employee/category',
          categorySchema,
          (category) => ({ externalId: category.id, name: category.name, number: category.number }),
          { from, count: ALL_PAGE_SIZE, fields: CATEGORY_FIELDS },
        );
        categories.push(...items);
        if (isLast) return categories;
      }
    },

    listDepartments: ({ from, count }) =>
      page(
        '/department',
        departmentSchema,
        ({ id, version, name, departmentNumber, isInactive }) => ({
          externalId: id,
          version,
          name,
          departmentNumber,
          isInactive,
        }),
        { from, count, fields: DEPARTMENT_FIELDS },
      ),

    // Tripletex filters by name only (contains); "service" is a product that is not a stock item.
    listProducts: ({ from, count, name, isService, includeInactive }) =>
      page(
        '/product',
        productSchema,
        (product) => ({
          externalId: product.id,
          version: product.version,
          number: product.number,
          name: product.name,
          unit: product.productUnit,
          priceExcludingVat: nokToOre(product.priceExcludingVatCurrency),
          costExcludingVat: nokToOre(product.costExcludingVatCurrency),
          vatPercent: product.vatType,
          isService: !product.isStockItem,
          isInactive: product.isInactive,
        }),
        {
          from,
          count,
          fields: PRODUCT_FIELDS,
          name: name?.trim() || undefined,
          isStockItem: isService === undefined ? undefined : !isService,
          isInactive: includeInactive ? undefined : false,
        },
      ),

    ...createSalesOperations(api, page),
    ...createAttachmentOperations(api),

    close: () => session.end(),
  };
};
