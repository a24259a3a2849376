import { checkIdentity, type FieldKind, isRecord, readFields } from './fake-body';
import {
  containsParam,
  created,
  equalsParam,
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
import type { FakeContact } from './fake-state';
import { contactJson } from './serialize';

const CONTACT_SPEC: Record<string, FieldKind> = {
  firstName: 'text',
  lastName: 'text',
  email: 'text',
  phoneNumberMobile: 'text',
  phoneNumberWork: 'text',
  customer: 'ref',
  department: 'ref',
};
const READ_ONLY = ['id', 'version', 'url', 'displayName'];

const list = (ctx: RouteContext) => {
  const { query } = ctx;
  const customerIds = idsParam(query, 'customerId');
  const departmentIds = idsParam(query, 'departmentId');
  const matches = [...ctx.state.contacts.values()].filter(
    (c) =>
      (customerIds === null || (c.customerId !== null && customerIds.includes(c.customerId))) &&
      (departmentIds === null || (c.departmentId !== null && departmentIds.includes(c.departmentId))) &&
      containsParam(query, 'firstName', c.firstName) &&
      containsParam(query, 'lastName', c.lastName) &&
      equalsParam(query, 'email', c.email),
  );
  return listAnswer(ctx, matches, (c) => contactJson(ctx, c));
};

/** Turns the read body into record fields; references become ids that must exist. */
const toRecordFields = (ctx: RouteContext, values: Record<string, unknown>, self: FakeContact | null) => {
  const { customer, department, ...plain } = values;
  const errors: ValidationMessage[] = [];
  if (plain.firstName !== undefined ? plain.firstName === '' : self === null) {
    errors.push({ field: 'firstName', message: 'First name is required' });
  }
  if (typeof customer === 'number' && !ctx.state.customers.has(customer)) {
    errors.push({ field: 'customer', message: 'No such customer' });
  }
  if (typeof department === 'number' && !ctx.state.departments.has(department)) {
    errors.push({ field: 'department', message: 'No such department' });
  }
  const fields: Partial<FakeContact> = {
    ...(plain as Partial<FakeContact>),
    ...(customer !== undefined && { customerId: customer as number | null }),
    ...(department !== undefined && { departmentId: department as number | null }),
  };
  return { fields, errors };
};

const create = (ctx: RouteContext) => {
  if (!isRecord(ctx.body)) return invalid([{ field: '', message: 'Expected a contact object' }]);
  const { values, errors } = readFields(ctx.body, CONTACT_SPEC, READ_ONLY);
  const read = toRecordFields(ctx, values, null);
  const all = [...checkIdentity(ctx.body, 'create'), ...errors, ...read.errors];
  if (all.length > 0) return invalid(all);
  return created(contactJson(ctx, ctx.state.seedContact(read.fields)));
};

const update = (ctx: RouteContext) => {
  const contact = ctx.state.contacts.get(Number(ctx.params[0]));
  if (!contact) return notFound('Contact');
  if (!isRecord(ctx.body)) return invalid([{ field: '', message: 'Expected a contact object' }]);
  const stale = staleVersion(ctx.body, contact.version);
  if (stale) return stale;
  const { values, errors } = readFields(ctx.body, CONTACT_SPEC, READ_ONLY);
  const read = toRecordFields(ctx, values, contact);
  const all = [...checkIdentity(ctx.body, { id: contact.id }), ...errors, ...read.errors];
  if (all.length > 0) return invalid(all);
  Object.assign(contact, read.fields);
  ctx.state.bump(contact);
  return ok(contactJson(ctx, contact));
};

export const contactRoutes: Route[] = [
  { method: 'GET', pattern: /^\/contact$/, handle: list },
  { method: 'POST', pattern: /^\/contact$/, handle: create },
  getByIdRoute(
    'contact',
    'Contact',
    (state, id) => state.contacts.get(id),
    (ctx, contact) => contactJson(ctx, contact),
  ),
  { method: 'PUT', pattern: /^\/contact\/(\d+)$/, handle: update },
];
