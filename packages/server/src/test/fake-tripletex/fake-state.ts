import type { Clock } from '../../platform/clock';
import { createSalesState, DEFAULT_VAT_TYPE_ID } from './fake-sales-state';

/**
 * The fake's in-memory Tripletex: records in (nearly) Tripletex's shape, with integer ids from one
 * counter, a `version` bumped on every change and a `changedAt` instant for `changedSince`. Projects,
 * orders and invoices live in fake-sales-state.ts and are part of the same state.
 */
export type FakeCountry = { id: number; isoAlpha2Code: string };
export type FakeAddressText = {
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
};
export type FakeAddress = FakeAddressText & { id: number; version: number; country: FakeCountry };
type Tracked = { id: number; version: number; changedAt: Date };

export const ADDRESS_KEYS = ['postalAddress', 'physicalAddress', 'deliveryAddress'] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];

export type FakeCustomer = Tracked & {
  name: string;
  organizationNumber: string;
  customerNumber: number;
  supplierNumber: number;
  isSupplier: boolean;
  isInactive: boolean;
  isPrivateIndividual: boolean;
  email: string;
  invoiceEmail: string;
  phoneNumber: string;
  phoneNumberMobile: string;
  invoiceSendMethod: string;
  invoicesDueIn: number;
  invoicesDueInType: string;
  language: string;
} & Record<AddressKey, FakeAddress>;

export type FakeContact = Tracked & {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumberMobile: string;
  phoneNumberWork: string;
  isInactive: boolean;
  customerId: number | null;
  departmentId: number | null;
};

export type FakeEmployment = { id: number; startDate: string; endDate: string | null };
export type FakeEmployee = Tracked & {
  firstName: string;
  lastName: string;
  employeeNumber: string;
  email: string;
  phoneNumberMobile: string;
  phoneNumberWork: string;
  dateOfBirth: string | null;
  departmentId: number | null;
  categoryId: number | null;
  employments: FakeEmployment[];
};

export type FakeCategory = Tracked & { name: string; number: string; description: string };
export type FakeDepartment = Tracked & { name: string; departmentNumber: string; isInactive: boolean };
/** A product; the fake keeps øre and names its unit (Tripletex's `productUnit`) from a fixed list. */
export type FakeProduct = Tracked & {
  name: string;
  number: string;
  priceExcludingVat: number;
  costExcludingVat: number;
  /** One of FAKE_VAT_TYPES. */
  vatTypeId: number;
  isInactive: boolean;
  isStockItem: boolean;
  productUnitId: number | null;
};
/** Product units the fake knows (Tripletex's own are per company; these two are what Karm meets). */
export const FAKE_PRODUCT_UNITS = new Map<number, { name: string }>([
  [1, { name: 'stk' }],
  [2, { name: 'timer' }],
]);
export type FakeSession = {
  id: number;
  version: number;
  token: string;
  expirationDate: string;
  isLive: boolean;
};

export type RecordedRequest = {
  method: string;
  /** Relative to `/v2`, decoded, e.g. `/customer/12` or `/token/session/>whoAmI`. */
  path: string;
  query: Record<string, string>;
  /** Every query parameter name as sent, repeats included. */
  queryNames: string[];
  /** The JSON body, or a multipart body's parts by name (files as `FakeUpload`). */
  body: unknown;
  /** The body's media type without parameters (`application/json`), or null without a body. */
  contentType: string | null;
  /** The Basic auth user name (company id), or null without Basic auth. */
  companyId: string | null;
  /** What the fake answered (the JSON as sent); absent while pending or when the answer was dropped. */
  answer?: { status: number; body: unknown };
};

type Seed<T extends Tracked> = Partial<Omit<T, keyof Tracked>>;
export type FakeCustomerSeed = Partial<Omit<FakeCustomer, keyof Tracked | AddressKey>> &
  Partial<Record<AddressKey, Partial<FakeAddressText & { country: FakeCountry }>>>;
export type FakeEmployeeSeed = Omit<Seed<FakeEmployee>, 'employments'> & {
  employments?: { startDate: string; endDate?: string | null }[];
};

export const NORWAY: FakeCountry = { id: 161, isoAlpha2Code: 'NO' };

export const createFakeState = (clock: Clock) => {
  let lastId = 1000;
  const nextId = () => {
    lastId += 1;
    return lastId;
  };
  const tracked = () => ({ id: nextId(), version: 0, changedAt: clock.now() });
  const customers = new Map<number, FakeCustomer>();
  const contacts = new Map<number, FakeContact>();
  const employees = new Map<number, FakeEmployee>();
  const categories = new Map<number, FakeCategory>();
  const departments = new Map<number, FakeDepartment>();
  const products = new Map<number, FakeProduct>();
  const sessions = new Map<string, FakeSession>();
  const requests: RecordedRequest[] = [];

  const newAddress = (seed: Partial<FakeAddressText & { country: FakeCountry }> = {}): FakeAddress => ({
    id: nextId(),
    version: 0,
    addressLine1: '',
    addressLine2: '',
    postalCode: '',
    city: '',
    country: NORWAY,
    ...seed,
  });

  /** Tripletex numbers a customer itself when none is given: the highest so far plus one. */
  const nextCustomerNumber = () =>
    Math.max(10_000, ...[...customers.values()].map((c) => c.customerNumber)) + 1;

  /** A change: bumps `version` and `changedAt`, as any edit in Tripletex does. */
  const bump = (record: Tracked) => {
    record.version += 1;
    record.changedAt = clock.now();
  };

  const seedCustomer = (seed: FakeCustomerSeed = {}): FakeCustomer => {
    const { postalAddress, physicalAddress, deliveryAddress, ...plain } = seed;
    const customer: FakeCustomer = {
      ...tracked(),
      name: 'Kunde AS',
      organizationNumber: '',
      supplierNumber: 0,
      isSupplier: false,
      isInactive: false,
      isPrivateIndividual: false,
      email: '',
      invoiceEmail: '',
      phoneNumber: '',
      phoneNumberMobile: '',
      invoiceSendMethod: 'EMAIL',
      invoicesDueIn: 14,
      invoicesDueInType: 'DAYS',
      language: 'NO',
      ...plain,
      customerNumber: plain.customerNumber ?? nextCustomerNumber(),
      postalAddress: newAddress(postalAddress),
      physicalAddress: newAddress(physicalAddress),
      deliveryAddress: newAddress(deliveryAddress),
    };
    customers.set(customer.id, customer);
    return customer;
  };

  const touchCustomer = (id: number, changes: FakeCustomerSeed): FakeCustomer => {
    const customer = customers.get(id);
    if (!customer) throw new Error(`No customer ${id} in the fake`);
    const { postalAddress, physicalAddress, deliveryAddress, ...plain } = changes;
    Object.assign(customer, plain);
    for (const [key, change] of [
      ['postalAddress', postalAddress],
      ['physicalAddress', physicalAddress],
      ['deliveryAddress', deliveryAddress],
    ] as const) {
      if (change) Object.assign(customer[key], change, { version: customer[key].version + 1 });
    }
    bump(customer);
    return customer;
  };

  const seedContact = (seed: Seed<FakeContact> = {}): FakeContact => {
    const contact: FakeContact = {
      ...tracked(),
      firstName: 'Kari',
      lastName: 'Nordmann',
      email: '',
      phoneNumberMobile: '',
      phoneNumberWork: '',
      isInactive: false,
      customerId: null,
      departmentId: null,
      ...seed,
    };
    contacts.set(contact.id, contact);
    return contact;
  };

  const seedEmployee = ({ employments = [], ...seed }: FakeEmployeeSeed = {}): FakeEmployee => {
    const employee: FakeEmployee = {
      ...tracked(),
      firstName: 'Ola',
      lastName: 'Nordmann',
      employeeNumber: '',
      email: '',
      phoneNumberMobile: '',
      phoneNumberWork: '',
      dateOfBirth: null,
      departmentId: null,
      categoryId: null,
      ...seed,
      employments: employments.map((e) => ({
        id: nextId(),
        startDate: e.startDate,
        endDate: e.endDate ?? null,
      })),
    };
    employees.set(employee.id, employee);
    return employee;
  };

  const seedCategory = (seed: Seed<FakeCategory> = {}): FakeCategory => {
    const category: FakeCategory = { ...tracked(), name: 'Montør', number: '', description: '', ...seed };
    categories.set(category.id, category);
    return category;
  };

  const seedDepartment = (seed: Seed<FakeDepartment> = {}): FakeDepartment => {
    const department: FakeDepartment = {
      ...tracked(),
      name: 'Avdeling',
      departmentNumber: '',
      isInactive: false,
      ...seed,
    };
    departments.set(department.id, department);
    return department;
  };

  const seedProduct = (seed: Seed<FakeProduct> = {}): FakeProduct => {
    const product: FakeProduct = {
      ...tracked(),
      name: 'Produkt',
      number: '',
      priceExcludingVat: 0,
      costExcludingVat: 0,
      vatTypeId: DEFAULT_VAT_TYPE_ID,
      isInactive: false,
      isStockItem: true,
      productUnitId: 1,
      ...seed,
    };
    products.set(product.id, product);
    return product;
  };

  const sales = createSalesState({
    clock,
    nextId,
    tracked,
    bump,
    seedCustomerId: () => seedCustomer().id,
  });

  /** Ends every session, as Tripletex does when a session expires or is ended elsewhere. */
  const expireSessions = () => {
    for (const session of sessions.values()) session.isLive = false;
  };

  return {
    customers,
    contacts,
    employees,
    categories,
    departments,
    products,
    sessions,
    requests,
    now: () => clock.now(),
    nextId,
    newAddress,
    nextCustomerNumber,
    bump,
    seedCustomer,
    touchCustomer,
    seedContact,
    seedEmployee,
    seedCategory,
    seedDepartment,
    seedProduct,
    expireSessions,
    ...sales,
  };
};

export type FakeState = ReturnType<typeof createFakeState>;
