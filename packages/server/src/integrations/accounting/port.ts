/**
 * The accounting port: everything Karm asks of an accounting system, whichever one sits behind it.
 * Two adapters implement it: `none` (Karm's own database is the master; nothing leaves Karm) and
 * `tripletex` (Tripletex API v2). Field names follow Tripletex, which the spec speaks in.
 *
 * Records carry the accounting system's id (`externalId`) and `version` for optimistic locking.
 * Failures are thrown as `AccountingError` with a kind the sync engine can act on.
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

  listEmployees: (options: { from: number; count: number }) => Promise<AccountingPage<AccountingEmployee>>;
  listEmployeeCategories: () => Promise<AccountingEmployeeCategory[]>;
  listDepartments: (options: {
    from: number;
    count: number;
  }) => Promise<AccountingPage<AccountingDepartment>>;

  /** Ends the session with the accounting system, if it has one. */
  close: () => Promise<void>;
};
