import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type AddressInput, checkIdentity, type FieldKind, isRecord, readFields } from './fake-body';
import {
  containsParam,
  created,
  equalsParam,
  flagParam,
  getByIdRoute,
  idsParam,
  invalid,
  listAnswer,
  notFound,
  ok,
  type Route,
  type RouteContext,
  staleVersion,
  type ValidationMessage,
} from './fake-http';
import type { FakeCustomer, FakeCustomerSeed } from './fake-state';
import { customerJson } from './serialize';

dayjs.extend(utc);
dayjs.extend(timezone);

const CUSTOMER_SPEC: Record<string, FieldKind> = {
  name: 'text',
  organizationNumber: 'text',
  customerNumber: 'number',
  supplierNumber: 'number',
  isSupplier: 'flag',
  isInactive: 'flag',
  isPrivateIndividual: 'flag',
  email: 'text',
  invoiceEmail: 'text',
  phoneNumber: 'text',
  phoneNumberMobile: 'text',
  invoiceSendMethod: 'text',
  invoicesDueIn: 'number',
  invoicesDueInType: 'text',
  language: 'text',
  postalAddress: 'address',
  physicalAddress: 'address',
  deliveryAddress: 'address',
};
/** Read-only fields a client may echo back; Tripletex ignores them. */
const READ_ONLY = ['id', 'version', 'url', 'displayName', 'isCustomer'];
const SEND_METHODS = ['EMAIL', 'EHF', 'EFAKTURA', 'AVTALEGIRO', 'VIPPS', 'PAPER', 'MANUAL'];
/** The Customer schema's limits: `invoicesDueIn` 0–10000, `invoicesDueInType` one of these. */
const MAX_DUE_IN = 10_000;
const DUE_IN_TYPES = ['DAYS', 'MONTHS', 'RECURRING_DAY_OF_MONTH'];

/**
 * `changedSince` without an offset is read as Oslo time: the fake takes the less favourable reading
 * for an adapter that sends UTC, and the adapter's tests still must not miss a change.
 */
const parseChangedSince = (raw: string) =>
  /(Z|[+-]\d{2}:?\d{2})$/.test(raw) ? dayjs(raw) : dayjs.tz(raw, 'Europe/Oslo');

const list = (ctx: RouteContext) => {
  const { query } = ctx;
  const numbers = idsParam(query, 'customerAccountNumber');
  const isInactive = flagParam(query, 'isInactive');
  const changedSince = query.get('changedSince');
  const since = changedSince ? parseChangedSince(changedSince) : null;
  if (since && !since.isValid()) return invalid([{ field: 'changedSince', message: 'Not a date' }]);
  const matches = [...ctx.state.customers.values()].filter(
    (c) =>
      (numbers === null || numbers.includes(c.customerNumber)) &&
      equalsParam(query, 'organizationNumber', c.organizationNumber) &&
      containsParam(query, 'customerName', c.name) &&
      equalsParam(query, 'email', c.email) &&
      equalsParam(query, 'invoiceEmail', c.invoiceEmail) &&
      (isInactive === null || c.isInactive === isInactive) &&
      (since === null || c.changedAt.getTime() >= since.valueOf()),
  );
  return listAnswer(ctx, matches, (c) => customerJson(ctx, c));
};

const validate = (ctx: RouteContext, values: Record<string, unknown>, self: FakeCustomer | null) => {
  const errors: ValidationMessage[] = [];
  if (values.name !== undefined ? values.name === '' : self === null) {
    errors.push({ field: 'name', message: 'Name is required' });
  }
  const number = values.customerNumber;
  if (typeof number === 'number' && number > 0) {
    const holder = [...ctx.state.customers.values()].find((c) => c.customerNumber === number);
    if (holder && holder !== self)
      errors.push({ field: 'customerNumber', message: 'Customer number is already taken' });
  }
  if (typeof values.invoiceSendMethod === 'string' && !SEND_METHODS.includes(values.invoiceSendMethod)) {
    errors.push({ field: 'invoiceSendMethod', message: 'Unknown send method' });
  }
  if (typeof values.invoicesDueIn === 'number' && values.invoicesDueIn > MAX_DUE_IN) {
    errors.push({ field: 'invoicesDueIn', message: `At most ${MAX_DUE_IN}` });
  }
  if (typeof values.invoicesDueInType === 'string' && !DUE_IN_TYPES.includes(values.invoicesDueInType)) {
    errors.push({ field: 'invoicesDueInType', message: 'Unknown due type' });
  }
  return errors;
};

const create = (ctx: RouteContext) => {
  if (!isRecord(ctx.body)) return invalid([{ field: '', message: 'Expected a customer object' }]);
  const identityErrors = checkIdentity(ctx.body, 'create');
  const { values, errors } = readFields(ctx.body, CUSTOMER_SPEC, READ_ONLY);
  const all = [...identityErrors, ...errors, ...validate(ctx, values, null)];
  if (all.length > 0) return invalid(all);
  // An address has no identity before it exists: any id sent with it is ignored.
  const stripId = (address: unknown) => {
    if (!isRecord(address)) return undefined;
    const { id: _id, ...rest } = address as AddressInput;
    return rest;
  };
  const customer = ctx.state.seedCustomer({
    ...(values as FakeCustomerSeed),
    customerNumber: Number(values.customerNumber) || undefined,
    postalAddress: stripId(values.postalAddress),
    physicalAddress: stripId(values.physicalAddress),
    deliveryAddress: stripId(values.deliveryAddress),
  });
  return created(customerJson(ctx, customer));
};

/** A partial update: only the fields sent change; a stale `version` is refused with 409/8000. */
const update = (ctx: RouteContext) => {
  const customer = ctx.state.customers.get(Number(ctx.params[0]));
  if (!customer) return notFound('Customer');
  if (!isRecord(ctx.body)) return invalid([{ field: '', message: 'Expected a customer object' }]);
  const stale = staleVersion(ctx.body, customer.version);
  if (stale) return stale;
  const { values, errors } = readFields(ctx.body, CUSTOMER_SPEC, READ_ONLY);
  const all = [
    ...checkIdentity(ctx.body, { id: customer.id }),
    ...errors,
    ...validate(ctx, values, customer),
  ];
  for (const key of ['postalAddress', 'physicalAddress', 'deliveryAddress'] as const) {
    const address = values[key] as AddressInput | undefined;
    if (address?.id !== undefined && address.id !== customer[key].id) {
      all.push({ field: `${key}.id`, message: 'The address belongs to another record' });
    }
  }
  if (all.length > 0) return invalid(all);
  if (values.customerNumber === 0) delete values.customerNumber;
  ctx.state.touchCustomer(customer.id, values as FakeCustomerSeed);
  return ok(customerJson(ctx, customer));
};

export const customerRoutes: Route[] = [
  { method: 'GET', pattern: /^\/customer$/, handle: list },
  { method: 'POST', pattern: /^\/customer$/, handle: create },
  getByIdRoute(
    'customer',
    'Customer',
    (state, id) => state.customers.get(id),
    (ctx, customer) => customerJson(ctx, customer),
  ),
  { method: 'PUT', pattern: /^\/customer\/(\d+)$/, handle: update },
];
