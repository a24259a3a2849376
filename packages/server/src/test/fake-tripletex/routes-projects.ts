import { checkIdentity, type FieldKind, isRecord, readFields } from './fake-body';
import {
  containsParam,
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
  staleVersion,
  type ValidationMessage,
} from './fake-http';
import type { FakeProject } from './fake-sales-state';
import { projectJson } from './serialize';

const PROJECT_SPEC: Record<string, FieldKind> = {
  name: 'text',
  number: 'text',
  description: 'text',
  projectManager: 'ref',
  department: 'ref',
  customer: 'ref',
  startDate: 'date',
  endDate: 'date',
  isClosed: 'flag',
  isInternal: 'flag',
  isFixedPrice: 'flag',
  reference: 'text',
};
const READ_ONLY = ['id', 'version', 'url', 'displayName'];

const list = (ctx: RouteContext) => {
  const { query } = ctx;
  const managerIds = idsParam(query, 'projectManagerId');
  const customerIds = idsParam(query, 'customerId');
  const departmentIds = idsParam(query, 'departmentId');
  const isClosed = flagParam(query, 'isClosed');
  const matches = [...ctx.state.projects.values()].filter(
    (p) =>
      containsParam(query, 'name', p.name) &&
      // Taken as "contains", the less favourable reading for an adapter looking for one number.
      containsParam(query, 'number', p.number) &&
      (managerIds === null || managerIds.includes(p.projectManagerId)) &&
      (customerIds === null || (p.customerId !== null && customerIds.includes(p.customerId))) &&
      (departmentIds === null || (p.departmentId !== null && departmentIds.includes(p.departmentId))) &&
      (isClosed === null || p.isClosed === isClosed),
  );
  return listAnswer(ctx, matches, (p) => projectJson(ctx, p));
};

/** Turns the read body into record fields, checking references and the rules Tripletex enforces. */
const toRecordFields = (ctx: RouteContext, values: Record<string, unknown>, self: FakeProject | null) => {
  const { projectManager, customer, department, number, ...plain } = values;
  const { state, config } = ctx;
  const errors: ValidationMessage[] = [];
  const isGiven = (key: string) => values[key] !== undefined;
  if (isGiven('name') ? plain.name === '' : self === null) {
    errors.push({ field: 'name', message: 'Name is required' });
  }
  if (isGiven('projectManager') ? projectManager === null : self === null) {
    errors.push({ field: 'projectManager', message: 'Project manager is required' });
  } else if (
    typeof projectManager === 'number' &&
    !state.employees.has(projectManager) &&
    projectManager !== config.owner.id
  ) {
    errors.push({ field: 'projectManager', message: 'No such employee' });
  }
  if (isGiven('startDate') ? plain.startDate === null : self === null) {
    errors.push({ field: 'startDate', message: 'Start date is required' });
  }
  if (typeof customer === 'number' && !state.customers.has(customer)) {
    errors.push({ field: 'customer', message: 'No such customer' });
  }
  if (typeof department === 'number' && !state.departments.has(department)) {
    errors.push({ field: 'department', message: 'No such department' });
  }
  if (typeof number === 'string' && number !== '') {
    const holder = [...state.projects.values()].find((p) => p.number === number);
    if (holder && holder !== self)
      errors.push({ field: 'number', message: 'Project number is already taken' });
  }
  const startDate = (plain.startDate ?? self?.startDate) as string | undefined;
  const endDate = (isGiven('endDate') ? plain.endDate : self?.endDate) as string | null | undefined;
  if (startDate && endDate && endDate < startDate) {
    errors.push({ field: 'endDate', message: 'The end date is before the start date' });
  }
  const fields: Partial<FakeProject> = {
    ...(plain as Partial<FakeProject>),
    // An empty number is no number: Tripletex numbers a new project itself and keeps an old one's.
    ...(typeof number === 'string' && number !== '' && { number }),
    ...(typeof projectManager === 'number' && { projectManagerId: projectManager }),
    ...(customer !== undefined && { customerId: customer as number | null }),
    ...(department !== undefined && { departmentId: department as number | null }),
  };
  return { fields, errors };
};

const create = (ctx: RouteContext) => {
  if (!isRecord(ctx.body)) return invalid([{ field: '', message: 'Expected a project object' }]);
  const { values, errors } = readFields(ctx.body, PROJECT_SPEC, READ_ONLY);
  const read = toRecordFields(ctx, values, null);
  const all = [...checkIdentity(ctx.body, 'create'), ...errors, ...read.errors];
  if (all.length > 0) return invalid(all);
  return created(projectJson(ctx, ctx.state.seedProject(read.fields)));
};

/** A partial update: only the fields sent change; a stale `version` is refused with 409/8000. */
const update = (ctx: RouteContext) => {
  const project = ctx.state.projects.get(Number(ctx.params[0]));
  if (!project) return notFound('Project');
  if (!isRecord(ctx.body)) return invalid([{ field: '', message: 'Expected a project object' }]);
  const stale = staleVersion(ctx.body, project.version);
  if (stale) return stale;
  const { values, errors } = readFields(ctx.body, PROJECT_SPEC, READ_ONLY);
  const read = toRecordFields(ctx, values, project);
  const all = [...checkIdentity(ctx.body, { id: project.id }), ...errors, ...read.errors];
  if (all.length > 0) return invalid(all);
  Object.assign(project, read.fields);
  ctx.state.bump(project);
  return ok(projectJson(ctx, project));
};

export const projectRoutes: Route[] = [
  { method: 'GET', pattern: /^\/project$/, handle: list },
  { method: 'POST', pattern: /^\/project$/, handle: create },
  getByIdRoute(
    'project',
    'Project',
    (state, id) => state.projects.get(id),
    (ctx, project) => projectJson(ctx, project),
  ),
  { method: 'PUT', pattern: /^\/project\/(\d+)$/, handle: update },
];
