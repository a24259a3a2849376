import { randomUUID } from 'node:crypto';
import type {
  DispatchEntryDto,
  Page,
  PlanChangeDto,
  PlanSuggestionDto,
  PlanSuggestionsPush,
  ProjectDto,
  ServiceAgreementDto,
  ServiceItemDto,
  TaskDto,
} from '@karm/domain/contract';
import { isoWeekOf } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCustomer, seedEmployee, seedEmployeeCategory } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { setCompanyService } from '../company/company.service';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';

/**
 * Due agreement visits (issues 14, 19): a quarterly agreement's next visit is one dispatch entry
 * (never again as its tasks), a suggested plan for each service worker that a planner accepts,
 * moves or dismisses, and booking from dispatch makes the worker the task's assignee.
 */

let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let agreement: ServiceAgreementDto;
let item: ServiceItemDto;
const ids = { sofie: '', ola: '', kari: '', strangerWorker: '' };

type Refusal = { code: string; messageKey?: string; details?: Record<string, unknown> };

const dispatch = async (query = '', user = leader) =>
  restClient(server, user).get<Page<DispatchEntryDto> & Refusal>(`/service-project/dispatch${query}`);

const assign = (body: Record<string, unknown>, user = leader) =>
  restClient(server, user).post<PlanChangeDto & Refusal>('/service-project/dispatch/assign', {
    date: '2026-03-12',
    dayPart: 2,
    ...body,
  });

const plannerOf = (date: string, user = leader) => user.client.request('planner:get', isoWeekOf(date));

const suggestionOf = async (employeeId: string, date = '2026-03-02') =>
  (await plannerOf(date)).suggestions.find((suggestion) => suggestion.employeeId === employeeId);

const task = async (id: string) => (await restClient(server, leader).get<TaskDto>(`/tasks/${id}`)).body;

beforeAll(async () => {
  server = await startTestServer();
  // Monday of ISO week 10, 2026.
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  const db = server.ctx.db;
  const category = await seedEmployeeCategory(db, companyId, 'Service');
  await setCompanyService(db, companyId, { employeeCategoryId: category.id });
  const worker = (firstName: string, userId?: string) =>
    seedEmployee(db, companyId, { firstName, lastName: 'Service', employeeCategoryId: category.id, userId });
  ids.sofie = (await worker('Sofie', technician.userId)).id;
  ids.ola = (await worker('Ola')).id;
  ids.kari = (await worker('Kari')).id;
  ids.strangerWorker = (await seedEmployee(db, stranger.companyId, { firstName: 'Fremmed' })).id;
  const customer = await seedCustomer(db, companyId, { name: 'Storo Eiendom AS' });
  project = await admin.client.request('project:create', {
    name: 'Storo Storsenter',
    isService: true,
    customerId: customer.id,
    projectAddress: 'Vitaminveien 7',
    projectCity: 'Oslo',
  } as never);
  const templateId = (await buildTemplate(admin, 'Automatisk dør')).template.id;
  item = (
    await restClient(server, admin).post<ServiceItemDto>('/service-project/template/add', {
      id: randomUUID(),
      serviceTemplateId: templateId,
      projectId: project.id,
      location: { lat: 59.95, lng: 10.78 },
      name: 'Hovedinngang',
    })
  ).body;
  // Sofie's Monday is full: her suggestion goes to the first day with room.
  await leader.client.request('plan:add', {
    cells: [{ employeeId: ids.sofie, date: '2026-03-02', version: 0 }],
    subject: { kind: 'absence', absence: 'course' },
    dayPart: 4,
  });
  // A quarterly agreement whose last visit was made on 10 December: the next is due 10 March.
  const created = await restClient(server, leader).post<ServiceAgreementDto>('/service-agreements', {
    projectId: project.id,
    serviceWorkerIds: [ids.sofie, ids.ola],
    interval: 'quarterly',
    startDate: '2025-12-10',
    itemIds: [item.id],
  });
  expect(created.status).toBe(201);
  const pushes: PlanSuggestionsPush[] = [];
  leader.client.socket.on('plan:suggestions', (push: PlanSuggestionsPush) => pushes.push(push));
  agreement = (
    await restClient(server, leader).post<ServiceAgreementDto>(
      `/service-agreements/${created.body.id}/visits`,
      {
        version: created.body.version,
        date: '2025-12-10',
      },
    )
  ).body;
  expect(agreement.nextVisitDate).toBe('2026-03-10');
  // The first visit's suggestions go, the next visit's come: open planners are told both.
  await vi.waitFor(() => {
    expect(pushes.some((push) => push.removedIds.length === 2)).toBe(true);
    expect(
      pushes
        .at(-1)
        ?.suggestions.map((suggestion) => suggestion.employeeId)
        .sort(),
    ).toEqual([ids.sofie, ids.ola].sort());
  });
});
afterAll(async () => {
  await server?.close();
});

describe('due visits in dispatch', () => {
  it('lists the due visit once, with its agreement, items, customer and site — not again as its tasks', async () => {
    const { body, status } = await dispatch();
    expect(status).toBe(200);
    const visits = body.items.filter((entry) => entry.kind === 'visit');
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      subject: { kind: 'visit', agreementId: agreement.id },
      date: '2026-03-10',
      projectId: project.id,
      title: `${project.number} Storo Storsenter`,
      visit: {
        agreementId: agreement.id,
        isOverdue: false,
        itemCount: 1,
        items: [{ id: item.id, location: { lat: 59.95, lng: 10.78 } }],
        customerName: 'Storo Eiendom AS',
        site: 'Vitaminveien 7, Oslo',
      },
      serviceItem: { id: item.id },
    });
    expect(visits[0]?.visit?.serviceWorkers.map((worker) => worker.id).sort()).toEqual(
      [ids.sofie, ids.ola].sort(),
    );
    // The visit's two tasks are the visit's entry.
    expect(body.items.filter((entry) => entry.kind === 'task')).toEqual([]);
    expect((await dispatch('?kind=visit')).body.total).toBe(1);
    expect((await dispatch('?kind=task')).body.total).toBe(0);
    expect((await dispatch('?search=Storo')).body.items.map((entry) => entry.kind)).toEqual(['visit']);
    expect((await dispatch('?search=Ingenting')).body.total).toBe(0);
  });

  it('shows none of it to another company', async () => {
    const theirs = await dispatch('', stranger);
    expect(theirs.body.total).toBe(0);
    const refused = await assign(
      { subject: { kind: 'visit', agreementId: agreement.id }, employeeId: ids.strangerWorker },
      stranger,
    );
    expect(refused.status).toBe(404);
    const planner = await plannerOf('2026-03-02', stranger);
    expect(planner.suggestions).toEqual([]);
  });
});

describe('suggested plans', () => {
  it('suggests the visit on each worker’s first day with room before the due date', async () => {
    const sofie = await suggestionOf(ids.sofie);
    const ola = await suggestionOf(ids.ola);
    expect(sofie).toMatchObject({
      date: '2026-03-03',
      quarters: 2,
      isOverbooked: false,
      agreementId: agreement.id,
    });
    expect(ola).toMatchObject({ date: '2026-03-02', quarters: 2, isOverbooked: false });
    // A suggestion books nothing.
    const planner = await plannerOf('2026-03-02');
    expect(planner.cells.filter((cell) => cell.employeeId === ids.ola)).toEqual([]);
    // The technician sees their own suggestion, and may not accept it.
    const own = await plannerOf('2026-03-02', technician);
    expect(own.suggestions.map((suggestion) => suggestion.employeeId)).toEqual([ids.sofie]);
    const refused = await technician.client.requestError('plan:suggestion-accept', {
      id: sofie!.id,
      version: sofie!.version,
    });
    expect(refused.code).toBe('FORBIDDEN');
  });

  it('accepts a suggestion: the task is booked on the day, the worker is its assignee, open planners are told', async () => {
    const suggestion = (await suggestionOf(ids.sofie)) as PlanSuggestionDto;
    const otherPlanner = await server.signedInUser({ role: 'office', companyId: admin.companyId });
    const told = otherPlanner.client.nextPush('plan:suggestions') as Promise<PlanSuggestionsPush>;
    const added = otherPlanner.client.nextPush('plan:added') as Promise<PlanChangeDto>;
    const stale = await leader.client.requestError('plan:suggestion-accept', {
      id: suggestion.id,
      version: suggestion.version + 1,
    });
    expect(stale).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.planSuggestionChanged' });
    const change = await leader.client.request('plan:suggestion-accept', {
      id: suggestion.id,
      version: suggestion.version,
    });
    expect(change.cells).toEqual([
      expect.objectContaining({
        employeeId: ids.sofie,
        date: '2026-03-03',
        bookings: [expect.objectContaining({ kind: 'task', taskId: suggestion.taskId, quarters: 2 })],
      }),
    ]);
    expect((await told).removedIds).toEqual([suggestion.id]);
    expect((await added).cells).toEqual(change.cells);
    expect(await suggestionOf(ids.sofie)).toBeUndefined();
    expect((await task(suggestion.taskId)).assigneeId).toBe(ids.sofie);
    // The dispatch entry shows the booking; the visit is still listed once.
    const visit = (await dispatch('?kind=visit')).body.items[0];
    expect(visit?.bookings).toEqual([
      expect.objectContaining({ employeeId: ids.sofie, date: '2026-03-03', quarters: 2 }),
    ]);
    const again = await leader.client.requestError('plan:suggestion-accept', {
      id: suggestion.id,
      version: suggestion.version,
    });
    expect(again.code).toBe('NOT_FOUND');
  });

  it('moves a suggestion onto a full day: it shows overbooked and accepting it asks first', async () => {
    const suggestion = (await suggestionOf(ids.ola)) as PlanSuggestionDto;
    await leader.client.request('plan:add', {
      cells: [{ employeeId: ids.kari, date: '2026-03-04', version: 0 }],
      subject: { kind: 'absence', absence: 'holiday' },
      dayPart: 4,
    });
    const foreign = await leader.client.requestError('plan:suggestion-move', {
      id: suggestion.id,
      version: suggestion.version,
      employeeId: ids.strangerWorker,
      date: '2026-03-04',
    });
    expect(foreign.code).toBe('VALIDATION');
    // Today is Monday 2026-03-02: not back to Friday, not to Saturday; the suggestion stays put.
    for (const [date, key] of [
      ['2026-02-27', 'validation.suggestionInPast'],
      ['2026-03-07', 'validation.suggestionNotWorkingDay'],
    ] as const) {
      const refusedDay = await leader.client.requestError('plan:suggestion-move', {
        id: suggestion.id,
        version: suggestion.version,
        employeeId: ids.kari,
        date,
      });
      expect(refusedDay).toMatchObject({ code: 'VALIDATION', details: { fields: { date: key } } });
    }
    expect(await suggestionOf(ids.kari, '2026-02-27')).toBeUndefined();
    const moved = await leader.client.request('plan:suggestion-move', {
      id: suggestion.id,
      version: suggestion.version,
      employeeId: ids.kari,
      date: '2026-03-04',
    });
    expect(moved).toMatchObject({ employeeId: ids.kari, date: '2026-03-04', isOverbooked: true });
    const refused = await leader.client.requestError('plan:suggestion-accept', {
      id: moved.id,
      version: moved.version,
    });
    expect(refused).toMatchObject({ code: 'CONFLICT', details: { reason: 'overbooked' } });
    expect((await suggestionOf(ids.kari))?.id).toBe(moved.id);
    const change = await leader.client.request('plan:suggestion-accept', {
      id: moved.id,
      version: moved.version,
      isOverbookingConfirmed: true,
    });
    expect(change.cells[0]?.bookings.map((booking) => booking.quarters)).toEqual([4, 2]);
    expect((await task(moved.taskId)).assigneeId).toBe(ids.kari);
  });

  it('dismisses a suggestion; the visit stays due', async () => {
    const third = await restClient(server, admin).post<ServiceAgreementDto>('/service-agreements', {
      projectId: (
        await admin.client.request('project:create', { name: 'Kiwi Nydalen', isService: true } as never)
      ).id,
      serviceWorkerIds: [ids.ola],
      interval: 'yearly',
      startDate: '2026-03-13',
    });
    const suggestion = (await plannerOf('2026-03-02')).suggestions.find(
      (candidate) => candidate.agreementId === third.body.id,
    ) as PlanSuggestionDto;
    expect(suggestion).toMatchObject({ employeeId: ids.ola, date: '2026-03-02' });
    const foreign = await stranger.client.requestError('plan:suggestion-dismiss', {
      id: suggestion.id,
      version: suggestion.version,
    });
    expect(foreign.code).toBe('NOT_FOUND');
    expect(
      await leader.client.request('plan:suggestion-dismiss', {
        id: suggestion.id,
        version: suggestion.version,
      }),
    ).toEqual({ id: suggestion.id });
    expect((await plannerOf('2026-03-02')).suggestions.map((candidate) => candidate.id)).not.toContain(
      suggestion.id,
    );
    expect((await dispatch('?kind=visit')).body.total).toBe(2);
  });
});

describe('assigning from dispatch', () => {
  it('books a visit for a worker without a visit task: a task of theirs is made, listed once', async () => {
    // Ola's visit task went to Kari with the moved suggestion: he has none now.
    const change = await assign({
      subject: { kind: 'visit', agreementId: agreement.id },
      employeeId: ids.ola,
    });
    expect(change.status).toBe(200);
    const taskId = (
      (change.body.cells[0]?.bookings ?? []).find((booking) => booking.kind === 'task') as { taskId: string }
    ).taskId;
    expect((await task(taskId)).assigneeId).toBe(ids.ola);
    const { body } = await dispatch();
    expect(body.items.filter((entry) => entry.kind === 'task')).toEqual([]);
    const visit = body.items.find((entry) => entry.visit?.agreementId === agreement.id);
    expect(visit?.bookings.map((booking) => [booking.employeeId, booking.date])).toEqual([
      [ids.sofie, '2026-03-03'],
      [ids.kari, '2026-03-04'],
      [ids.ola, '2026-03-12'],
    ]);
  });

  it('sets a service task’s assignee to the worker it is booked for', async () => {
    const created = (
      await restClient(server, leader).post<TaskDto>('/tasks', {
        name: 'Sjekk karuselldør',
        type: 'service-item',
        date: '2026-03-05',
      })
    ).body;
    expect(created.assigneeId).toBeNull();
    const pushed = leader.client.nextPush('tasks:changed');
    const change = await assign({ subject: { kind: 'task', taskId: created.id }, employeeId: ids.ola });
    expect(change.status).toBe(200);
    await pushed;
    expect((await task(created.id)).assigneeId).toBe(ids.ola);
  });

  it('refuses a visit of an agreement with none due, another company’s worker and bad input, changing nothing', async () => {
    const none = await restClient(server, admin).post<ServiceAgreementDto>('/service-agreements', {
      projectId: (
        await admin.client.request('project:create', { name: 'Uten besøk', isService: true } as never)
      ).id,
      interval: 'none',
      startDate: '2026-01-05',
    });
    await restClient(server, admin).post(`/service-agreements/${none.body.id}/visits`, {
      version: none.body.version,
      date: '2026-01-05',
    });
    const notDue = await assign({
      subject: { kind: 'visit', agreementId: none.body.id },
      employeeId: ids.ola,
    });
    expect(notDue.status).toBe(400);
    expect(notDue.body.details).toMatchObject({
      fields: { 'subject.agreementId': 'validation.visitNotDue' },
    });
    const foreign = await assign({
      subject: { kind: 'visit', agreementId: agreement.id },
      employeeId: ids.strangerWorker,
    });
    expect(foreign.status).toBe(400);
    const bad = await assign({ subject: { kind: 'visit', agreementId: 'nope\u0000' }, employeeId: ids.ola });
    expect(bad.status).toBe(400);
    const unknown = await assign({
      subject: { kind: 'visit', agreementId: randomUUID() },
      employeeId: ids.ola,
    });
    expect(unknown.status).toBe(404);
  });
});
