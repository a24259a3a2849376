import {
  DASHBOARD_PROJECT_LISTS,
  type DashboardAlertsDto,
  type DashboardAnniversariesDto,
  type DashboardChangesDto,
  type DashboardCompletionDto,
  type DashboardProjectsDto,
  type DashboardWorkStatusDto,
  type Page,
} from '@karm/domain/contract';
import {
  addDays,
  PROJECT_GROUPS,
  PROJECT_STATES,
  type ProjectFilters,
  type ProjectState,
  projectGroupOf,
} from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { plans } from '../planner/planner.tables';
import { projects } from '../projects/projects.tables';

/** The dashboard's widgets (issue 17): each figure equals the list it links to; company and roles. */

const TODAY = '2026-11-27';
let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let readonly: SignedInUser;
let stranger: SignedInUser;

type Seeded = { state: ProjectState; startDate: string | null; deliveryDate: string | null };
const seeded: Seeded[] = [];

/** A spread of projects over every group and none: the counts below must match the domain rule. */
const PROJECT_SPREAD: Seeded[] = [
  { state: 'completed', startDate: '2025-01-10', deliveryDate: '2025-03-01' },
  { state: 'completed', startDate: '2026-05-01', deliveryDate: '2026-11-02' },
  { state: 'completed', startDate: null, deliveryDate: null },
  { state: 'archived', startDate: '2024-01-01', deliveryDate: '2024-02-01' },
  { state: 'active', startDate: '2026-10-01', deliveryDate: addDays(TODAY, -1) },
  { state: 'active', startDate: '2026-01-01', deliveryDate: '2025-12-20' },
  { state: 'active', startDate: addDays(TODAY, 3), deliveryDate: addDays(TODAY, -2) },
  { state: 'active', startDate: '2026-11-01', deliveryDate: TODAY },
  { state: 'active', startDate: null, deliveryDate: null },
  { state: 'active', startDate: TODAY, deliveryDate: '2027-01-15' },
  { state: 'active', startDate: addDays(TODAY, 1), deliveryDate: '2027-02-01' },
  { state: 'active', startDate: addDays(TODAY, 14), deliveryDate: null },
  { state: 'active', startDate: addDays(TODAY, 15), deliveryDate: null },
];

const insertProjects = async (companyId: string, rows: readonly Seeded[], firstNumber: number) => {
  await server.ctx.db.insert(projects).values(
    rows.map((row, index) => ({
      companyId,
      number: firstNumber + index,
      name: `Dashbord ${firstNumber + index}`,
      state: row.state,
      startDate: row.startDate,
      deliveryDate: row.deliveryDate,
    })),
  );
};

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date(`${TODAY}T09:00:00Z`));
  admin = await server.signedInUser({ role: 'admin', dateOfBirth: '1976-12-03', firstName: 'Kari' });
  const { companyId } = admin;
  technician = await server.signedInUser({ role: 'technician', companyId, dateOfEmployment: '2016-11-30' });
  readonly = await server.signedInUser({ role: 'readonly', companyId, dateOfBirth: '1990-06-01' });
  stranger = await server.signedInUser({ role: 'admin', dateOfBirth: '1980-11-28' });
  await insertProjects(companyId, PROJECT_SPREAD, 5000);
  seeded.push(...PROJECT_SPREAD);
  // Another company's projects must never count here.
  await insertProjects(stranger.companyId, PROJECT_SPREAD, 5000);
});
afterAll(async () => {
  await server?.close();
});

const get = async <T>(path: string, user: SignedInUser = admin) => {
  const response = await restClient(server, user).get<T>(path);
  return response;
};

/** The project list's total under the dashboard's filters, as the projects screen asks for it. */
const listTotal = async (filters: Partial<ProjectFilters>, user: SignedInUser = admin) =>
  (await user.client.request('projects:filter_new', { ...filters, pageSize: 1 } as never)) as Page<unknown>;

describe('the project status overview', () => {
  it('counts each group exactly as the domain rule sorts the seeded projects', async () => {
    const { body } = await get<DashboardProjectsDto>('/dashboard/projects');
    for (const group of PROJECT_GROUPS) {
      const expected = seeded.filter((project) => projectGroupOf(project, TODAY) === group).length;
      expect(body.groups[group], group).toBe(expected);
    }
    expect(body.groups.pastDue).toBe(3);
    expect(body.states).toEqual({ active: 9, completed: 3, archived: 1 });
  });

  it('gives every figure the total of the project list its card opens', async () => {
    const { body } = await get<DashboardProjectsDto>('/dashboard/projects');
    for (const group of PROJECT_GROUPS) {
      expect((await listTotal(DASHBOARD_PROJECT_LISTS.group(group))).total, group).toBe(body.groups[group]);
    }
    for (const state of PROJECT_STATES) {
      expect((await listTotal(DASHBOARD_PROJECT_LISTS.state(state))).total, state).toBe(body.states[state]);
    }
  });

  it('shows the past-due project in the list it links to', async () => {
    const page = (await admin.client.request('projects:filter_new', {
      ...DASHBOARD_PROJECT_LISTS.group('pastDue'),
      pageSize: 50,
    } as never)) as Page<{ number: number; deliveryDate: string | null }>;
    expect(page.items.map((item) => item.number).sort()).toEqual([5004, 5005, 5006]);
    expect(page.items.every((item) => item.deliveryDate !== null && item.deliveryDate < TODAY)).toBe(true);
  });
});

describe('the completion rate', () => {
  it('counts completed against due over All Years by default, and the trend adds up', async () => {
    const { body } = await get<DashboardCompletionDto>('/dashboard/completion');
    expect(body.period).toBe('all');
    // Due by today: every project with a delivery date on or before today.
    expect(body.due).toBe(7);
    expect(body.completed).toBe(2);
    expect(body.rate).toBe(29);
    const range = { from: body.from, to: body.to };
    expect((await listTotal(DASHBOARD_PROJECT_LISTS.due(range))).total).toBe(body.due);
    expect((await listTotal(DASHBOARD_PROJECT_LISTS.completed(range))).total).toBe(body.completed);
    expect(body.trend.reduce((sum, bucket) => sum + bucket.due, 0)).toBe(body.due);
    expect(body.trend.reduce((sum, bucket) => sum + bucket.completed, 0)).toBe(body.completed);
    expect(body.trend.map((bucket) => bucket.bucket)).toEqual(['2024', '2025', '2026']);
  });

  it('narrows to this year by month, and refuses an unknown period', async () => {
    const { body } = await get<DashboardCompletionDto>('/dashboard/completion?period=year');
    expect(body).toMatchObject({ from: '2026-01-01', to: TODAY, due: 4, completed: 1 });
    expect(body.trend.map((bucket) => bucket.bucket)).toEqual(['2026-11']);
    const refused = await get<{ code: string }>('/dashboard/completion?period=decade');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION');
  });
});

describe('birthdays and anniversaries', () => {
  it('lists the company’s people in the next 14 days with round numbers marked, no one else’s', async () => {
    const { body } = await get<DashboardAnniversariesDto>('/dashboard/anniversaries', readonly);
    expect(body.days).toBe(14);
    expect(body.items.map((item) => [item.kind, item.date, item.years, item.isRound])).toEqual([
      ['employment', '2026-11-30', 10, true],
      ['birthday', '2026-12-03', 50, true],
    ]);
  });
});

describe('employee work status', () => {
  it('says who is booked on what today, who is absent and who is free', async () => {
    const { companyId } = admin;
    const booked = await seedEmployee(server.ctx.db, companyId, { firstName: 'Anne' });
    const away = await seedEmployee(server.ctx.db, companyId, { firstName: 'Bjørn' });
    await seedEmployee(server.ctx.db, companyId, { firstName: 'Cato' });
    const [project] = await server.ctx.db.select().from(projects).limit(1);
    const friday = 4; // 2026-11-27 is the Friday of ISO week 48.
    const week = (bookings: unknown[]) =>
      Array.from({ length: 7 }, (_, index) => ({
        version: index === friday ? 1 : 0,
        bookings: index === friday ? bookings : [],
      }));
    await server.ctx.db.insert(plans).values([
      {
        companyId,
        employeeId: booked.id,
        year: 2026,
        week: 48,
        days: week([{ id: 'b1', kind: 'project', projectId: project!.id, quarters: 4 }]) as never,
      },
      {
        companyId,
        employeeId: away.id,
        year: 2026,
        week: 48,
        days: week([{ id: 'b2', kind: 'absence', absence: 'sick', quarters: 4 }]) as never,
      },
    ]);
    const { body } = await get<DashboardWorkStatusDto>('/dashboard/work-status');
    expect(body).toMatchObject({
      date: TODAY,
      year: 2026,
      week: 48,
      counts: { booked: 1, absent: 1, free: 1 },
    });
    expect(body.employees.map((employee) => [employee.name, employee.status])).toEqual(
      [
        ['Anne Test', 'booked'],
        ['Bjørn Test', 'absent'],
        ['Cato Test', 'free'],
      ].map(([name, status]) => [expect.stringContaining(name!.split(' ')[0]!), status]),
    );
    expect(body.employees[0]!.bookings[0]).toMatchObject({ kind: 'project', number: project!.number });
  });
});

describe('alerts', () => {
  it('counts each alert as the list it links to counts it', async () => {
    const api = restClient(server, admin);
    for (const date of [addDays(TODAY, -3), addDays(TODAY, -1)]) {
      await api.post('/tasks', { name: `Forfalt ${date}`, date, type: 'other' });
    }
    await api.post('/tasks', { name: 'I morgen', date: addDays(TODAY, 1), type: 'other' });
    for (const severity of ['high', 'high', 'low']) {
      await api.post('/quality/deviations', {
        title: `Avvik ${severity}`,
        category: 'product',
        severity,
        date: TODAY,
      });
    }
    const { body } = await get<DashboardAlertsDto>('/dashboard/alerts');
    const count = (key: string) => body.items.find((item) => item.key === key)?.count;
    expect(count('overdueTasks')).toBe(2);
    expect(count('overdueTasks')).toBe((await get<Page<unknown>>('/tasks?filter=overdue')).body.total);
    expect(count('deliveriesPastDue')).toBe(
      (await listTotal(DASHBOARD_PROJECT_LISTS.group('pastDue'))).total,
    );
    expect(count('offersPastDeadline')).toBe((await get<Page<unknown>>('/offers?overdue=true')).body.total);
    const inquiries = (await admin.client.request('inquiries:get', {
      deadline: { kind: 'overdue' },
    } as never)) as Page<unknown>;
    expect(count('inquiriesPastDeadline')).toBe(inquiries.total);
    const invoices = (await admin.client.request('invoices:get', {
      filter: 'pastDue',
    } as never)) as Page<unknown>;
    expect(count('invoicesPastDue')).toBe(invoices.total);
    expect(count('failedSyncs')).toBe(0);
    expect(count('highDeviations')).toBe(2);
    expect(count('highDeviations')).toBe(
      (await get<Page<unknown>>('/quality/deviations?status=not-closed&severity=high')).body.total,
    );
  });

  it('leaves out the alerts whose lists the asker may not read', async () => {
    const { body } = await get<DashboardAlertsDto>('/dashboard/alerts', technician);
    const keys = body.items.map((item) => item.key);
    expect(keys).not.toContain('invoicesPastDue');
    expect(keys).not.toContain('offersPastDeadline');
    expect(keys).not.toContain('failedSyncs');
    expect(keys).toContain('overdueTasks');
  });
});

describe('changes in projects', () => {
  it('shows the latest project history rows: who changed what, when — of this company only', async () => {
    const created = (await admin.client.request('project:create', { name: 'Endret prosjekt' } as never)) as {
      id: string;
      version: number;
    };
    await admin.client.request('project:update', {
      id: created.id,
      version: created.version,
      changes: { name: 'Endret prosjekt 2' },
    } as never);
    const { body } = await get<DashboardChangesDto>('/dashboard/changes');
    expect(body.items[0]).toMatchObject({ projectId: created.id, action: 'updated', fields: ['name'] });
    expect(body.items[0]!.userName).toContain('Kari');
    expect(body.items[1]).toMatchObject({ projectId: created.id, action: 'created' });
    const theirs = await get<DashboardChangesDto>('/dashboard/changes', stranger);
    expect(theirs.body.items.some((item) => item.projectId === created.id)).toBe(false);
  });
});

describe('company isolation and roles', () => {
  it('counts only the asker’s company', async () => {
    const { body } = await get<DashboardProjectsDto>('/dashboard/projects', stranger);
    expect(body.states).toEqual({ active: 9, completed: 3, archived: 1 });
  });

  it('refuses a widget whose list the role may not read, and anyone signed out', async () => {
    expect((await get('/dashboard/changes', technician)).status).toBe(403);
    expect((await get('/dashboard/work-status', technician)).status).toBe(403);
    const signedOut = await fetch(`${server.url}/api/dashboard/projects`);
    expect(signedOut.status).toBe(401);
  });

  it('narrows a technician’s project figures to the projects they may read', async () => {
    const { body } = await get<DashboardProjectsDto>('/dashboard/projects', technician);
    expect(body.states).toEqual({ active: 0, completed: 0, archived: 0 });
    expect(Object.values(body.groups).every((count) => count === 0)).toBe(true);
  });
});
