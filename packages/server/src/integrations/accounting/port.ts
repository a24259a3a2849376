/**
 * The accounting port: everything Karm asks of an accounting system, whichever one sits behind it.
 * It covers customers, contacts, employees, departments, products, projects, orders and invoices.
 * Two adapters implement it: `none` (Karm's own database is the master; nothing leaves Karm) and
 * `tripletex` (Tripletex API v2). Field names follow Tripletex, which the spec speaks in.
 *
 * Records carry the accounting system's id (`externalId`) and `version` for optimistic locking.
 * Failures are thrown as `AccountingError` with a kind the sync engine can act on. Money is integer øre.
 */

export type AccountingAddress = {
  /** The accounting system's id of the address record (needed when updating it). */
  externalId?: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-2, e.g. NO. */
  countryCode: string;
};

export const INVOICE_SEND_METHODS = [
  'EMAIL',
  'EHF',
  'EFAKTURA',
  'AVTALEGIRO',
  'VIPPS',
  'PAPER',
  'MANUAL',
] as const;
export type InvoiceSendMethod = (typeof INVOICE_SEND_METHODS)[number];

export type AccountingCustomerFields = {
  name: string;
  organizationNumber: string;
  customerNumber: number | null;
  supplierNumber: number | null;
  isSupplier: boolean;
  isPrivateIndividual: boolean;
  isInactive: boolean;
  email: string;
  invoiceEmail: string;
  phoneNumber: string;
  phoneNumberMobile: string;
  invoiceSendMethod: InvoiceSendMethod;
  /**
   * Days until the customer's invoices are due: Karm's effective payment term when pushing, what the
   * accounting system has when reading; null or absent: not known, not sent.
   */
  invoicesDueIn?: number | null;
  postalAddress: AccountingAddress | null;
  physicalAddress: AccountingAddress | null;
};

export type AccountingCustomer = AccountingCustomerFields & { externalId: string; version: number };

export type AccountingContactFields = {
  customerExternalId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumberMobile: string;
  phoneNumberWork: string;
  isInactive: boolean;
};

export type AccountingContact = AccountingContactFields & { externalId: string; version: number };

export type AccountingEmployee = {
  externalId: string;
  version: number;
  firstName: string;
  lastName: string;
  displayName: string;
  employeeNumber: string;
  email: string;
  phoneNumberMobile: string;
  /** `YYYY-MM-DD` or null. */
  dateOfBirth: string | null;
  /** Start of the current employment, `YYYY-MM-DD` or null. */
  employmentStartDate: string | null;
  departmentExternalId: string | null;
  categoryExternalId: string | null;
};

export type AccountingEmployeeCategory = { externalId: string; name: string; number: string };

export type AccountingDepartment = {
  externalId: string;
  version: number;
  name: string;
  departmentNumber: string;
  isInactive: boolean;
};

/**
 * A product (Tripletex `/product`): what offers and expenses are priced from. A product that is not a
 * stock item (hours, a call-out fee) counts as a service product. Prices excluding VAT, in øre.
 */
export type AccountingProduct = {
  externalId: string;
  version: number;
  number: string;
  name: string;
  /** The product unit's name ("stk", "timer"); "" when it has none. */
  unit: string;
  priceExcludingVat: number;
  /** What it costs the company, excluding VAT, in øre (0 when Tripletex has none). */
  costExcludingVat: number;
  /** The rate of its VAT type in percent; null when it has none. */
  vatPercent: number | null;
  isService: boolean;
  isInactive: boolean;
};

/**
 * A project. `number` is Tripletex's project number (text); null on create lets Tripletex number it.
 * Dates are `YYYY-MM-DD`.
 */
export type AccountingProjectFields = {
  name: string;
  number: string | null;
  projectManagerExternalId: string;
  customerExternalId: string | null;
  departmentExternalId: string | null;
  startDate: string;
  endDate: string | null;
  isClosed: boolean;
  isInternal: boolean;
  description: string;
};

export type AccountingProject = Omit<AccountingProjectFields, 'number'> & {
  externalId: string;
  version: number;
  /** Always set once the project exists (Tripletex numbers it when none is given). */
  number: string;
};

/**
 * One order line. Money is integer øre, as everywhere in Karm; the adapter converts to and from the
 * accounting system's currency amounts. `count` may be fractional (e.g. 2.5 hours).
 */
export type AccountingOrderLineFields = {
  description: string;
  count: number;
  /** Unit price excluding VAT, in øre. */
  unitPriceExcludingVat: number;
  discountPercent: number;
  /** The accounting system's VAT type; null leaves it to the system's default for the line. */
  vatTypeExternalId: string | null;
  /**
   * The unit price including VAT, in øre, when that is the amount that must come out exact (an
   * invoiced payment part): the accounting system then works out the price excluding VAT from it, and
   * `unitPriceExcludingVat` is not sent. Every line of an order gives one or none.
   */
  unitPriceIncludingVat?: number;
};

export type AccountingOrderLine = AccountingOrderLineFields & {
  externalId: string;
  /** count × unit price less the discount, as the accounting system computed it, in øre (read-only). */
  amountExcludingVat: number;
};

/** An order (the thing that is invoiced). Dates are `YYYY-MM-DD`. */
export type AccountingOrderFields = {
  customerExternalId: string;
  projectExternalId: string | null;
  orderDate: string;
  deliveryDate: string;
  /** Free text; Karm puts its own order id here so an order whose answer was lost can be recognised. */
  reference: string;
  invoiceComment: string;
  lines: AccountingOrderLineFields[];
};

export type AccountingOrder = Omit<AccountingOrderFields, 'lines'> & {
  externalId: string;
  version: number;
  /** The accounting system's order number ("" when it has none). */
  number: string;
  lines: AccountingOrderLine[];
};

/** A file to attach to a record in the accounting system (the customer's signed order). */
export type AccountingFile = { fileName: string; contentType: string; bytes: Uint8Array };

/** A document attached to a record in the accounting system. */
export type AccountingDocument = { externalId: string; fileName: string };

/** How the accounting system sends an invoice to the customer. */
export type AccountingSendType = 'EMAIL' | 'EHF' | 'PAPER';

/** An invoice as the accounting system made it; read-only for Karm. Money in øre, dates `YYYY-MM-DD`. */
export type AccountingInvoice = {
  externalId: string;
  version: number;
  invoiceNumber: number;
  invoiceDate: string;
  invoiceDueDate: string;
  /** Including VAT. */
  amount: number;
  amountOutstanding: number;
  isCreditNote: boolean;
  isCharged: boolean;
  /** A credit note has been made for it (its outstanding amount is then 0). */
  isCredited: boolean;
  /** For a credit note: the invoice it credits. */
  creditedInvoiceExternalId: string | null;
  customerExternalId: string;
  /** The orders invoiced (to recognise an invoice whose answer was lost). */
  orderExternalIds: string[];
};

/** One page of a list; `isLast` is decided by a short page, never by a reported total. */
export type AccountingPage<T> = { items: T[]; isLast: boolean };

export type AccountingConnectionInfo = { companyName: string; employeeName: string };

/**
 * What went wrong, in terms the sync engine acts on:
 * - `unreachable`: network error, time-out or 5xx after retries — queue and try later;
 * - `rate-limited`: 429 after retries — try later;
 * - `conflict`: stale version (409) — fetch, merge, retry;
 * - `validation`: the accounting system refused the data (422) — needs a person;
 * - `auth`: tokens wrong or expired (401/403) — needs an admin;
 * - `not-found`: the record no longer exists there (404).
 */
export type AccountingErrorKind =
  | 'unreachable'
  | 'rate-limited'
  | 'conflict'
  | 'validation'
  | 'auth'
  | 'not-found';

export class AccountingError extends Error {
  constructor(
    readonly kind: AccountingErrorKind,
    message: string,
    readonly details?: {
      status?: number;
      code?: number;
      fields?: Record<string, string>;
      requestId?: string;
    },
  ) {
    super(message);
    this.name = 'AccountingError';
  }
}

export type AccountingPort = {
  readonly kind: 'none' | 'tripletex';
  /** Checks the credentials and answers who they act for ("Test connection"). */
  testConnection: () => Promise<AccountingConnectionInfo>;

  /** Pages of customers; with `changedSince` (an instant) only those changed since then. */
  listCustomers: (options: {
    changedSince?: Date;
    from: number;
    count: number;
  }) => Promise<AccountingPage<AccountingCustomer>>;
  getCustomer: (externalId: string) => Promise<AccountingCustomer>;
  /** Finds a customer by its customer number (to recognise one created before a lost answer). */
  findCustomerByNumber: (customerNumber: number) => Promise<AccountingCustomer | null>;
  createCustomer: (fields: AccountingCustomerFields) => Promise<AccountingCustomer>;
  /** Partial update; `version` is the one last seen — a newer one there fails with `conflict`. */
  updateCustomer: (
    externalId: string,
    version: number,
    changes: Partial<AccountingCustomerFields>,
  ) => Promise<AccountingCustomer>;

  listContacts: (options: { from: number; count: number }) => Promise<AccountingPage<AccountingContact>>;
  /** Finds a contact by customer and e-mail or name (to recognise one created before a lost answer). */
  findContact: (
    customerExternalId: string,
    match: { email: string; firstName: string; lastName: string },
  ) => Promise<AccountingContact | null>;
  createContact: (fields: AccountingContactFields) => Promise<AccountingContact>;
  /** Replaces the contact's fields; `version` is the one last seen — a newer one there fails with `conflict`. */
  updateContact: (
    externalId: string,
    version: number,
    fields: AccountingContactFields,
  ) => Promise<AccountingContact>;

  listEmployees: (options: { from: number; count: number }) => Promise<AccountingPage<AccountingEmployee>>;
  listEmployeeCategories: () => Promise<AccountingEmployeeCategory[]>;
  listDepartments: (options: {
    from: number;
    count: number;
  }) => Promise<AccountingPage<AccountingDepartment>>;

  /**
   * Pages of products whose name contains `name` (when given), optionally only service products or
   * only goods, and only active ones unless `includeInactive`.
   */
  listProducts: (options: {
    from: number;
    count: number;
    name?: string;
    isService?: boolean;
    includeInactive?: boolean;
  }) => Promise<AccountingPage<AccountingProduct>>;

  /** Pages of projects, optionally only open (`isClosed: false`) or closed ones. */
  listProjects: (options: {
    from: number;
    count: number;
    isClosed?: boolean;
  }) => Promise<AccountingPage<AccountingProject>>;
  getProject: (externalId: string) => Promise<AccountingProject>;
  /** Finds a project by its exact number (to recognise one created before a lost answer). */
  findProjectByNumber: (number: string) => Promise<AccountingProject | null>;
  createProject: (fields: AccountingProjectFields) => Promise<AccountingProject>;
  /** Partial update; `version` is the one last seen — a newer one there fails with `conflict`. */
  updateProject: (
    externalId: string,
    version: number,
    changes: Partial<AccountingProjectFields>,
  ) => Promise<AccountingProject>;

  /** Creates an order with its lines in one call. */
  createOrder: (fields: AccountingOrderFields) => Promise<AccountingOrder>;
  getOrder: (externalId: string) => Promise<AccountingOrder>;
  /**
   * Pages of orders dated from `orderDateFrom` (inclusive) to `orderDateTo` (exclusive), both
   * `YYYY-MM-DD`; both are required, as Tripletex requires them.
   */
  listOrders: (options: {
    orderDateFrom: string;
    orderDateTo: string;
    from: number;
    count: number;
  }) => Promise<AccountingPage<AccountingOrder>>;

  /**
   * Attaches a document to an order, answering the document as stored. Not repeated after a lost
   * answer: look among `listOrderAttachments` (by file name) before trying again.
   */
  attachToOrder: (orderExternalId: string, file: AccountingFile) => Promise<AccountingDocument>;
  /** The documents attached to an order. */
  listOrderAttachments: (orderExternalId: string) => Promise<AccountingDocument[]>;

  /**
   * Invoices an order. Not repeated after a lost answer: look for the invoice with `listInvoices`
   * (its `orderExternalIds`) before trying again.
   */
  invoiceOrder: (
    orderExternalId: string,
    options: { invoiceDate: string; sendToCustomer: boolean; sendType?: AccountingSendType },
  ) => Promise<AccountingInvoice>;
  /**
   * Credits a charged invoice in full with a credit note dated `date` (`YYYY-MM-DD`), answering the
   * credit note. Not repeated after a lost answer: read the invoice (`isCredited`) before trying again.
   */
  createCreditNote: (
    invoiceExternalId: string,
    options: { date: string; comment: string; sendToCustomer: boolean },
  ) => Promise<AccountingInvoice>;
  /** Pages of invoices dated from `invoiceDateFrom` (inclusive) to `invoiceDateTo` (exclusive). */
  listInvoices: (options: {
    invoiceDateFrom: string;
    invoiceDateTo: string;
    from: number;
    count: number;
  }) => Promise<AccountingPage<AccountingInvoice>>;
  getInvoice: (externalId: string) => Promise<AccountingInvoice>;

  /** Ends the session with the accounting system, if it has one. */
  close: () => Promise<void>;
};
