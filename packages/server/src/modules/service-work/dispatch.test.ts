import { randomUUID } from 'node:crypto';
import type {
  DispatchEntryDto,
  Page,
  PlanChangeDto,
  ProjectDto,
  ServiceItemChoiceDto,
  ServiceItemDto,
  TaskDto,
} from '@karm/domain/contract';
import { isoWeekOf } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';

/**
 * Service assignment (issue 19) and service items in the planner (issue 14): the dispatch list,
 * booking an entry through plan:add, the planner's service item subject, and what a deleted item or
 * removed project takes along.
 */

let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let technician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let strangerProject: ProjectDto;
let templateId: string;
let strangerTemplateId: string;
let per: { id: string };
let strangerEmployee: { id: string };

type Refusal = { code: string; details?: Record<string, unknown> };

beforeAll(async () => {
  server = await startTestServer();
  // Monday of ISO week 10, 2026.
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  per = await seedEmployee(server.ctx.db, companyId, {
    firstName: 'Per',
    lastName: 'Service',
    workGroup: 'service',
  });
  strangerEmployee = await seedEmployee(server.ctx.db, stranger.companyId, { firstName: 'Fremmed' });
  project = await admin.client.request('project:create', {
    name: 'Storo Storsenter',
    isService: true,
  } as never);
  strangerProject = await stranger.client.request('project:create', {
    name: 'Fremmed',
    isService: true,
  } as never);
  templateId = (await buildTemplate(admin, 'Automatisk dør')).template.id;
  strangerTemplateId = (await buildTemplate(stranger, 'Fremmed mal')).template.id;
});
afterAll(async () => {
  await server?.close();
});

const addItem = async (
  overrides: Record<string, unknown> = {},
  user = admin,
  ids = { projectId: project.id, serviceTemplateId: templateId },
) =>
  (
    await restClient(server, user).post<ServiceItemDto>('/service-project/template/add', {
      id: randomUUID(),
      ...ids,
      location: { lat: 59.95, lng: 10.78 },
      name: 'Hovedinngang',
      floor: '1',
      ...overrides,
    })
  ).body;

const dispatch = async (query = '', user = leader) =>
  restClient(server, user).get<Page<DispatchEntryDto> & Refusal>(`/service-project/dispatch${query}`);

const assign = (body: Record<string, unknown>, user = leader) =>
  restClient(server, user).post<PlanChangeDto & Refusal>('/service-project/dispatch/assign', {
    employeeId: per.id,
    date: '2026-03-04',
    dayPart: 2,
    ...body,
  });

const plannerCell = async (employeeId: string, date: string) => {
  const planner = await leader.client.request('planner:get', isoWeekOf(date));
  return {
    planner,
    cell: planner.cells.find((cell) => cell.employeeId === employeeId && cell.date === date),
  };
};

describe('the dispatch list', () => {
  it('lists emergency items once (not again as their task) and open service tasks, oldest first', async () => {
    const emergency = await addItem({ emergencyType: 'emergency', name: 'Nøddør' });
    await addItem({ name: 'Vanlig dør' });
    const task = (
      await restClient(server, leader).post<TaskDto>('/tasks', {
        name: 'Skiftet lås sjekkes',
        type: 'service-item',
        date: '2026-02-27',
      })
    ).body;
    await restClient(server, leader).post<TaskDto>('/tasks', {
      name: 'Kontorarbeid',
      type: 'other',
      date: '2026-02-27',
    });
    const { body, status } = await dispatch();
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.items.map((entry) => [entry.kind, entry.date, entry.title])).toEqual([
      ['task', '2026-02-27', 'Skiftet lås sjekkes'],
      // The day it was reported (the database's clock, not the test's).
      [
        'emergency',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        `${project.number}-${emergency.number} Nøddør`,
      ],
    ]);
    expect(body.items[0]?.subject).toEqual({ kind: 'task', taskId: task.id });
    expect(body.items[1]).toMatchObject({
      subject: { kind: 'serviceItem', serviceItemId: emergency.id },
      serviceItem: { location: { lat: 59.95, lng: 10.78 }, projectNumber: project.number },
      projectId: project.id,
      bookings: [],
    });
    expect((await dispatch('?kind=emergency')).body.total).toBe(1);
    expect((await dispatch('?kind=visit')).body.total).toBe(0);
    expect((await dispatch('?search=N%C3%B8dd%C3%B8r')).body.items.map((entry) => entry.kind)).toEqual([
      'emergency',
    ]);
    const paged = (await dispatch('?pageSize=1&page=2')).body;
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items[0]?.kind).toBe('emergency');
  });

  it('is the planners’: technicians and readers are refused; another company sees none of it', async () => {
    expect((await dispatch('', technician)).status).toBe(403);
    expect((await dispatch('', reader)).status).toBe(403);
    expect((await dispatch('', stranger)).body.total).toBe(0);
  });
});

describe('assigning an entry', () => {
  it('books the emergency item for the worker on the day, shown in the planner and on the entry', async () => {
    const item = await addItem({ emergencyType: 'emergency', name: 'Port' });
    const pushed = leader.client.nextPush('plan:added') as Promise<PlanChangeDto>;
    const { status, body } = await assign({ subject: { kind: 'serviceItem', serviceItemId: item.id } });
    expect(status).toBe(200);
    expect(body.cells[0]?.bookings).toMatchObject([
      { kind: 'serviceItem', serviceItemId: item.id, quarters: 2 },
    ]);
    expect(body.serviceItems).toMatchObject([
      { id: item.id, projectNumber: project.number, number: item.number, name: 'Port' },
    ]);
    await pushed;
    const { planner, cell } = await plannerCell(per.id, '2026-03-04');
    expect(cell?.bookings).toMatchObject([{ kind: 'serviceItem', serviceItemId: item.id }]);
    expect(planner.serviceItems.map((one) => one.id)).toContain(item.id);
    const entry = (await dispatch('?kind=emergency&search=Port')).body.items[0];
    expect(entry?.bookings).toEqual([
      { employeeId: per.id, employeeName: 'Per Service', date: '2026-03-04', quarters: 2 },
    ]);
  });

  it('asks before overbooking (plan:add’s rule) and books once confirmed', async () => {
    const item = await addItem({ emergencyType: 'emergency', name: 'Garasjeport' });
    const subject = { kind: 'serviceItem', serviceItemId: item.id };
    const refused = await assign({ subject, dayPart: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({
      reason: 'overbooked',
      cells: [{ employeeId: per.id, quarters: 6 }],
    });
    expect((await plannerCell(per.id, '2026-03-04')).cell?.bookings).toHaveLength(1);
    const booked = await assign({ subject, dayPart: 4, isOverbookingConfirmed: true });
    expect(booked.status).toBe(200);
    expect((await plannerCell(per.id, '2026-03-04')).cell?.bookings).toHaveLength(2);
  });

  it('books a service task', async () => {
    const task = (
      await restClient(server, leader).post<TaskDto>('/tasks', {
        name: 'Service Lørenskog',
        type: 'service-item',
        date: '2026-03-05',
      })
    ).body;
    const { status } = await assign({
      subject: { kind: 'task', taskId: task.id },
      date: '2026-03-05',
      dayPart: 1,
    });
    expect(status).toBe(200);
    expect((await plannerCell(per.id, '2026-03-05')).cell?.bookings).toMatchObject([
      { kind: 'task', taskId: task.id, quarters: 1 },
    ]);
  });

  it('refuses another company’s item, task or worker, and bad input, changing nothing', async () => {
    const foreignItem = await addItem({ name: 'Fremmed dør' }, stranger, {
      projectId: strangerProject.id,
      serviceTemplateId: strangerTemplateId,
    });
    const before = (await plannerCell(per.id, '2026-03-06')).cell;
    const foreign = await assign({
      subject: { kind: 'serviceItem', serviceItemId: foreignItem.id },
      date: '2026-03-06',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('VALIDATION');
    const item = await addItem({ name: 'Egen dør' });
    const otherWorker = await assign({
      subject: { kind: 'serviceItem', serviceItemId: item.id },
      employeeId: strangerEmployee.id,
      date: '2026-03-06',
    });
    expect(otherWorker.status).toBe(400);
    for (const bad of [
      { dayPart: 3 },
      { date: '2026-02-30' },
      { subject: { kind: 'project', projectId: project.id } },
      { subject: { kind: 'serviceItem', serviceItemId: 'x' } },
    ]) {
      const refused = await assign({
        subject: { kind: 'serviceItem', serviceItemId: item.id },
        date: '2026-03-06',
        ...bad,
      });
      expect(refused.status).toBe(400);
    }
    expect((await plannerCell(per.id, '2026-03-06')).cell).toEqual(before);
    expect(
      (
        await assign(
          { subject: { kind: 'serviceItem', serviceItemId: item.id }, date: '2026-03-06' },
          technician,
        )
      ).status,
    ).toBe(403);
    expect(
      (await assign({ subject: { kind: 'serviceItem', serviceItemId: item.id }, date: '2026-03-06' }, reader))
        .status,
    ).toBe(403);
  });
});

describe('service items in the planner', () => {
  it('plan:add books a service item; another company’s item is unknown', async () => {
    const item = await addItem({ name: 'Sidedør' });
    const change = await leader.client.request('plan:add', {
      cells: [{ employeeId: per.id, date: '2026-03-10', version: 0 }],
      subject: { kind: 'serviceItem', serviceItemId: item.id },
      dayPart: 1,
      isOverbookingConfirmed: false,
    });
    expect(change.serviceItems[0]).toMatchObject({
      id: item.id,
      name: 'Sidedør',
      colour: expect.any(String),
    });
    const foreignItem = await addItem({ name: 'Annen' }, stranger, {
      projectId: strangerProject.id,
      serviceTemplateId: strangerTemplateId,
    });
    const refused = await leader.client.requestError('plan:add', {
      cells: [{ employeeId: per.id, date: '2026-03-11', version: 0 }],
      subject: { kind: 'serviceItem', serviceItemId: foreignItem.id },
      dayPart: 1,
      isOverbookingConfirmed: false,
    });
    expect(refused).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { 'subject.serviceItemId': expect.any(String) } },
    });
  });

  it('a task may be about a service item of the company, never another company’s', async () => {
    const item = await addItem({ name: 'Karuselldør' });
    const api = restClient(server, leader);
    const task = await api.post<TaskDto>('/tasks', {
      name: 'Bytt børster',
      type: 'service-item',
      date: '2026-03-09',
      entityType: 'serviceItem',
      entityId: item.id,
    });
    expect(task.status).toBe(201);
    expect(task.body).toMatchObject({
      entityNumber: item.number,
      entityName: `Karuselldør · ${project.number} Storo Storsenter`,
      entityProjectId: project.id,
    });
    const foreignItem = await addItem({ name: 'Fremmed karusell' }, stranger, {
      projectId: strangerProject.id,
      serviceTemplateId: strangerTemplateId,
    });
    const refused = await api.post<Refusal>('/tasks', {
      name: 'Ikke vår',
      date: '2026-03-09',
      entityType: 'serviceItem',
      entityId: foreignItem.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION');
  });

  it('finds service items by project, name or floor, paged, only the company’s own', async () => {
    const api = restClient(server, leader);
    const all = (
      await api.get<Page<ServiceItemChoiceDto>>('/service-project/service-items/search?pageSize=200')
    ).body;
    expect(all.total).toBeGreaterThan(3);
    expect(all.items.every((item) => item.projectId === project.id)).toBe(true);
    const byName = (
      await api.get<Page<ServiceItemChoiceDto>>('/service-project/service-items/search?search=Sided')
    ).body;
    expect(byName.items.map((item) => item.name)).toEqual(['Sidedør']);
    const byProject = (
      await api.get<Page<ServiceItemChoiceDto>>(
        `/service-project/service-items/search?search=${project.number}`,
      )
    ).body;
    expect(byProject.total).toBe(all.total);
    const foreign = (
      await restClient(server, stranger).get<Page<ServiceItemChoiceDto>>(
        '/service-project/service-items/search?search=Sided',
      )
    ).body;
    expect(foreign.total).toBe(0);
  });

  it('a deleted item leaves the planner with it', async () => {
    const item = await addItem({ name: 'Kortlest' });
    await leader.client.request('plan:add', {
      cells: [{ employeeId: per.id, date: '2026-03-12', version: 0 }],
      subject: { kind: 'serviceItem', serviceItemId: item.id },
      dayPart: 2,
      isOverbookingConfirmed: false,
    });
    const refreshed = leader.client.nextPush('plan:refreshed');
    expect(
      (
        await restClient(server, admin).delete(
          `/service-project/service-item/${item.id}?version=${item.version}`,
        )
      ).status,
    ).toBe(200);
    await refreshed;
    expect((await plannerCell(per.id, '2026-03-12')).cell?.bookings).toEqual([]);
  });

  it('a removed project asks for its items’ plans too and removes them', async () => {
    const doomed = await admin.client.request('project:create', {
      name: 'Avlyst senter',
      isService: true,
    } as never);
    const item = await addItem({ name: 'Dør' }, admin, {
      projectId: doomed.id,
      serviceTemplateId: templateId,
    });
    await leader.client.request('plan:add', {
      cells: [{ employeeId: per.id, date: '2026-03-13', version: 0 }],
      subject: { kind: 'serviceItem', serviceItemId: item.id },
      dayPart: 2,
      isOverbookingConfirmed: false,
    });
    const refused = await admin.client.requestError('project:delete', {
      id: doomed.id,
      version: doomed.version,
    });
    expect(refused).toMatchObject({ code: 'CONFLICT', details: { activePlans: 1 } });
    expect(
      await admin.client.request('project:delete', {
        id: doomed.id,
        version: doomed.version,
        isPlanRemovalConfirmed: true,
      }),
    ).toEqual({ id: doomed.id, removedPlans: 1 });
    expect((await plannerCell(per.id, '2026-03-13')).cell?.bookings).toEqual([]);
  });
});
