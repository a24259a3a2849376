import type {
  ErrorPayload,
  Page,
  PlanCellDto,
  PlanChangeDto,
  PlanStaleDetails,
  ProjectDto,
  TaskDto,
} from '@karm/domain/contract';
import { isoWeekOf } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';

let server: TestServer;
let leader: SignedInUser;
let otherLeader: SignedInUser;
let office: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;
let ola: { id: string };
let kari: { id: string };
let tech: { id: string };
let strangerEmployee: { id: string };
let project: ProjectDto;
let strangerProject: ProjectDto;

beforeAll(async () => {
  server = await startTestServer();
  // Monday of ISO week 10, 2026.
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  leader = await server.signedInUser({ role: 'leader' });
  const companyId = leader.companyId;
  otherLeader = await server.signedInUser({ role: 'leader', companyId });
  office = await server.signedInUser({ role: 'office', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  ola = await seedEmployee(server.ctx.db, companyId, { firstName: 'Ola', workGroup: 'produksjon' });
  kari = await seedEmployee(server.ctx.db, companyId, { firstName: 'Kari', workGroup: 'montasje' });
  tech = await seedEmployee(server.ctx.db, companyId, {
    firstName: 'Tekniker',
    workGroup: 'service',
    userId: technician.userId,
  });
  strangerEmployee = await seedEmployee(server.ctx.db, stranger.companyId, { firstName: 'Fremmed' });
  project = await office.client.request('project:create', {
    name: 'Skole Lørenskog',
    deliveryDate: '2026-03-04',
    noteToPlanner: 'Ring byggeleder først',
  } as never);
  strangerProject = await stranger.client.request('project:create', { name: 'Noen andres' } as never);
});
afterAll(async () => {
  await server?.close();
});

const cellOf = (cells: PlanCellDto[], employeeId: string, date: string) =>
  cells.find((cell) => cell.employeeId === employeeId && cell.date === date);

/** The cell as the planner shows it now (version 0 and no bookings when never booked). */
const readCell = async (employeeId: string, date: string, user = leader) => {
  const { year, week } = isoWeekOf(date);
  const planner = await user.client.request('planner:get', { year, week });
  return cellOf(planner.cells, employeeId, date) ?? { employeeId, date, version: 0, bookings: [] };
};

const addInput = (
  cells: { employeeId: string; date: string; version: number }[],
  dayPart: number,
  extra: { isOverbookingConfirmed?: boolean; projectId?: string } = {},
) => ({
  cells,
  subject: { kind: 'project' as const, projectId: extra.projectId ?? project.id },
  dayPart,
  isOverbookingConfirmed: extra.isOverbookingConfirmed ?? false,
});

const bookProject = (...args: Parameters<typeof addInput>) =>
  leader.client.request('plan:add', addInput(...args));
const bookingRefused = (...args: Parameters<typeof addInput>) =>
  leader.client.requestError('plan:add', addInput(...args));

describe('planner:get', () => {
  it('answers the week and the next: 14 days, employees by work group, the red days named', async () => {
    const planner = await leader.client.request('planner:get', { year: 2026, week: 14 });
    expect(planner.weeks).toEqual([
      { year: 2026, week: 14 },
      { year: 2026, week: 15 },
    ]);
    expect(planner.days).toHaveLength(14);
    expect(planner.days[0]).toMatchObject({ date: '2026-03-30', week: 14, isWorkingDay: true, redDay: null });
    expect(planner.days.find((day) => day.date === '2026-04-03')).toMatchObject({
      redDay: 'goodFriday',
      isWorkingDay: false,
    });
    expect(planner.days[5]).toMatchObject({ isWeekend: true, isWorkingDay: false });
    const ids = planner.employees.map((employee) => employee.id);
    // produksjon, montasje, service in that order, whatever the names.
    expect(planner.employees.map((employee) => employee.workGroup)).toEqual([
      'produksjon',
      'montasje',
      'service',
    ]);
    expect(ids).toEqual([ola.id, kari.id, tech.id]);
    expect(ids).not.toContain(strangerEmployee.id);
  });

  it('crosses the year end through week 53 by the ISO rules, and refuses weeks a year does not have', async () => {
    const planner = await leader.client.request('planner:get', { year: 2026, week: 53 });
    expect(planner.weeks).toEqual([
      { year: 2026, week: 53 },
      { year: 2027, week: 1 },
    ]);
    expect(planner.days[0]?.date).toBe('2026-12-28');
    expect(planner.days[13]?.date).toBe('2027-01-10');
    expect(planner.days.find((day) => day.date === '2027-01-01')?.redDay).toBe('newYearsDay');
    for (const week of [
      { year: 2027, week: 53 },
      { year: 2026, week: 54 },
      { year: 2026, week: 0 },
    ]) {
      const error = await leader.client.requestError('planner:get', week);
      expect(error.code).toBe('VALIDATION');
    }
  });
});

describe('booking', () => {
  it('books half a day for two employees and pushes the cells to the company at once', async () => {
    const pushed = office.client.nextPush('plan:added') as Promise<PlanChangeDto>;
    const strangerPushes: unknown[] = [];
    stranger.client.socket.on('plan:added', (payload: unknown) => strangerPushes.push(payload));
    const change = await bookProject(
      [
        { employeeId: ola.id, date: '2026-03-03', version: 0 },
        { employeeId: kari.id, date: '2026-03-03', version: 0 },
      ],
      2,
    );
    expect(change.cells).toHaveLength(2);
    for (const cell of change.cells) {
      expect(cell).toMatchObject({
        version: 1,
        bookings: [{ kind: 'project', projectId: project.id, quarters: 2 }],
      });
    }
    expect(change.projects).toEqual([
      expect.objectContaining({
        id: project.id,
        number: project.number,
        noteToPlanner: 'Ring byggeleder først',
        // Delivery on 4 March, today 2 March: within three days.
        deliveryColour: 'orange',
        colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
      }),
    ]);
    expect((await pushed).cells).toEqual(change.cells);
    expect(await readCell(ola.id, '2026-03-03', office)).toEqual(cellOf(change.cells, ola.id, '2026-03-03'));
    expect(strangerPushes).toEqual([]);
  });

  it('refuses a day part of 3 quarters, and a week day in no company of the actor, changing nothing', async () => {
    const cell = { employeeId: ola.id, date: '2026-03-04', version: 0 };
    expect((await bookingRefused([cell], 3)).code).toBe('VALIDATION');
    const foreign = await bookingRefused([{ ...cell, employeeId: strangerEmployee.id }], 2);
    expect(foreign).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { 'cells.0.employeeId': 'validation.referenceUnknown' } },
    });
    const foreignProject = await bookingRefused([cell], 2, { projectId: strangerProject.id });
    expect(foreignProject).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { 'subject.projectId': 'validation.referenceUnknown' } },
    });
    expect(await readCell(ola.id, '2026-03-04')).toMatchObject({ version: 0, bookings: [] });
    // Nor does another company read this company's plans.
    const theirs = await stranger.client.request('planner:get', { year: 2026, week: 10 });
    expect(theirs.cells).toEqual([]);
  });

  it('asks before a day holds more than a whole day, and books when the person confirms', async () => {
    const date = '2026-03-05';
    const [first] = (await bookProject([{ employeeId: ola.id, date, version: 0 }], 2)).cells;
    const other = await office.client.request('project:create', { name: 'Kontorbygg Hamar' } as never);
    const refused = await bookingRefused([{ employeeId: ola.id, date, version: 1 }], 4, {
      projectId: other.id,
    });
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'validation.planOverbooked',
      details: { reason: 'overbooked', cells: [{ employeeId: ola.id, date, quarters: 6 }] },
    });
    expect(await readCell(ola.id, date)).toEqual(first);
    const confirmed = await bookProject([{ employeeId: ola.id, date, version: 1 }], 4, {
      projectId: other.id,
      isOverbookingConfirmed: true,
    });
    expect(confirmed.cells[0]?.bookings.map((booking) => booking.quarters)).toEqual([2, 4]);
  });

  it('lets one of two leaders booking the same cell at once win; the other gets CONFLICT and the fresh cell', async () => {
    const date = '2026-03-06';
    const other = await office.client.request('project:create', { name: 'Barnehage Ås' } as never);
    const answers = await Promise.all(
      [
        [leader, project.id],
        [otherLeader, other.id],
      ].map(
        ([user, projectId]) =>
          new Promise<{ error: ErrorPayload | null; result: PlanChangeDto }>((resolve) =>
            (user as SignedInUser).client.socket.emit(
              'plan:add',
              addInput([{ employeeId: kari.id, date, version: 0 }], 4, { projectId: projectId as string }),
              (error: ErrorPayload | null, result: PlanChangeDto) => resolve({ error, result }),
            ),
          ),
      ),
    );
    const won = answers.filter((answer) => answer.error === null);
    const lost = answers.filter((answer) => answer.error !== null);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = won[0]!.result.cells[0]!;
    expect(lost[0]!.error).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.planCellChanged' });
    expect((lost[0]!.error!.details as PlanStaleDetails).cells).toEqual([winner]);
    // No silent double booking: the cell holds one whole day.
    expect(await readCell(kari.id, date)).toEqual(winner);
    expect(winner).toMatchObject({ version: 1, bookings: [{ quarters: 4 }] });
  });

  it('refuses a repeated request (a double click) by its stale version', async () => {
    const input = addInput([{ employeeId: kari.id, date: '2026-03-09', version: 0 }], 1);
    await leader.client.request('plan:add', input);
    expect((await leader.client.requestError('plan:add', input)).code).toBe('CONFLICT');
    expect((await readCell(kari.id, '2026-03-09')).bookings).toHaveLength(1);
  });

  it('books absences and clears cells', async () => {
    const date = '2026-03-10';
    const change = await leader.client.request('plan:add', {
      cells: [{ employeeId: ola.id, date, version: 0 }],
      subject: { kind: 'absence', absence: 'sick' },
      dayPart: 4,
    });
    expect(change.cells[0]?.bookings).toMatchObject([{ kind: 'absence', absence: 'sick', quarters: 4 }]);
    const cleared = await leader.client.request('plan:remove', {
      cells: [{ employeeId: ola.id, date, version: 1 }],
    });
    expect(cleared.cells).toEqual([{ employeeId: ola.id, date, version: 2, bookings: [] }]);
  });
});

describe('push off', () => {
  it('moves a booking to the next free working day; one that finds none becomes a task', async () => {
    // Week 12: Wednesday 18 and Friday 20 March are selected; Thursday 19 has room; the planner
    // shows up to Sunday 22 March, so Friday's booking has nowhere to go.
    const [wed, fri] = ['2026-03-18', '2026-03-20'];
    await bookProject(
      [
        { employeeId: ola.id, date: wed, version: 0 },
        { employeeId: ola.id, date: fri, version: 0 },
      ],
      4,
    );
    const tasksPushed = office.client.nextPush('tasks:changed');
    const change = await leader.client.request('plan:push-off', {
      projectId: project.id,
      cells: [
        { employeeId: ola.id, date: wed, version: 1 },
        { employeeId: ola.id, date: fri, version: 1 },
      ],
      until: '2026-03-22',
    });
    expect(cellOf(change.cells, ola.id, wed)).toMatchObject({ version: 2, bookings: [] });
    expect(cellOf(change.cells, ola.id, fri)).toMatchObject({ version: 2, bookings: [] });
    expect(cellOf(change.cells, ola.id, '2026-03-19')).toMatchObject({
      version: 1,
      bookings: [{ projectId: project.id, quarters: 4 }],
    });
    expect(change.tasks).toEqual([
      expect.objectContaining({
        name: `${project.number} Skole Lørenskog`,
        type: 'project',
        entityType: 'project',
        entityId: project.id,
        date: fri,
        assigneeId: ola.id,
        isDone: false,
      }),
    ]);
    await tasksPushed;
    const planner = await leader.client.request('planner:get', { year: 2026, week: 12 });
    expect(planner.tasks.map((task) => task.id)).toContain(change.tasks[0]?.id);
  });
});

describe('tasks', () => {
  it('creates, lists by filter, marks done and undoes, and deletes with the version', async () => {
    const api = restClient(server, leader);
    const created = await api.post<TaskDto>('/tasks', {
      name: 'Bytt dørpumpe',
      date: '2026-02-27',
      assigneeId: ola.id,
      entityType: 'project',
      entityId: project.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'service-item-emergency',
      isDone: false,
      version: 1,
      assigneeName: expect.stringMatching(/^Ola /),
    });
    const task = created.body;
    const ids = async (filter: string, user = leader) =>
      (
        await restClient(server, user).get<Page<TaskDto>>(`/tasks?filter=${filter}&pageSize=200`)
      ).body.items.map((item) => item.id);
    expect(await ids('all')).toContain(task.id);
    // Dated before today (2 March): overdue.
    expect(await ids('overdue')).toContain(task.id);
    expect(await ids('done')).not.toContain(task.id);

    const done = await api.patch<TaskDto>(`/tasks/${task.id}`, { version: 1, changes: { isDone: true } });
    expect(done.body).toMatchObject({ isDone: true, version: 2, doneAt: expect.any(String) });
    expect(await ids('done')).toContain(task.id);
    expect(await ids('overdue')).not.toContain(task.id);
    const stale = await api.patch(`/tasks/${task.id}`, { version: 1, changes: { isDone: false } });
    expect(stale.status).toBe(409);
    const undone = await api.patch<TaskDto>(`/tasks/${task.id}`, { version: 2, changes: { isDone: false } });
    expect(undone.body).toMatchObject({ isDone: false, doneAt: null, version: 3 });

    // A task booked in the planner leaves it when deleted.
    await leader.client.request('plan:add', {
      cells: [{ employeeId: kari.id, date: '2026-03-11', version: 0 }],
      subject: { kind: 'task', taskId: task.id },
      dayPart: 1,
    });
    expect((await api.delete(`/tasks/${task.id}?version=2`)).status).toBe(409);
    expect((await api.delete(`/tasks/${task.id}?version=3`)).status).toBe(200);
    expect(await ids('all')).not.toContain(task.id);
    expect(await readCell(kari.id, '2026-03-11')).toMatchObject({ version: 2, bookings: [] });
  });

  it('shows a technician only their own tasks, lets them mark those done but change nothing else', async () => {
    const api = restClient(server, leader);
    const own = (
      await api.post<TaskDto>('/tasks', { name: 'Service', date: '2026-03-03', assigneeId: tech.id })
    ).body;
    const others = (
      await api.post<TaskDto>('/tasks', { name: 'Annet', date: '2026-03-03', assigneeId: ola.id })
    ).body;
    const techApi = restClient(server, technician);
    const mine = (await techApi.get<Page<TaskDto>>('/tasks?filter=all')).body.items.map((item) => item.id);
    expect(mine).toEqual([own.id]);
    expect((await techApi.patch(`/tasks/${own.id}`, { version: 1, changes: { isDone: true } })).status).toBe(
      200,
    );
    expect(
      (await techApi.patch(`/tasks/${own.id}`, { version: 2, changes: { name: 'Nytt navn' } })).status,
    ).toBe(403);
    expect(
      (await techApi.patch(`/tasks/${others.id}`, { version: 1, changes: { isDone: true } })).status,
    ).toBe(404);
    expect((await techApi.post('/tasks', { name: 'Egen', date: '2026-03-03' })).status).toBe(403);
  });

  it('keeps tasks to their company: another company’s task, employee or project is unknown', async () => {
    const task = (
      await restClient(server, leader).post<TaskDto>('/tasks', { name: 'Vår', date: '2026-03-03' })
    ).body;
    const theirs = restClient(server, stranger);
    expect((await theirs.patch(`/tasks/${task.id}`, { version: 1, changes: { isDone: true } })).status).toBe(
      404,
    );
    expect((await theirs.delete(`/tasks/${task.id}?version=1`)).status).toBe(404);
    expect(
      (await theirs.get<Page<TaskDto>>('/tasks?filter=all')).body.items.map((item) => item.id),
    ).not.toContain(task.id);
    const foreign = await theirs.post('/tasks', { name: 'Lån', date: '2026-03-03', assigneeId: ola.id });
    expect(foreign.status).toBe(400);
    const foreignProject = await theirs.post('/tasks', {
      name: 'Lån',
      date: '2026-03-03',
      entityType: 'project',
      entityId: project.id,
    });
    expect(foreignProject.status).toBe(400);
  });
});

describe('roles', () => {
  it('lets a technician read only their own row and book nothing', async () => {
    const refused = await technician.client.requestError(
      'plan:add',
      addInput([{ employeeId: tech.id, date: '2026-03-04', version: 0 }], 2),
    );
    expect(refused).toMatchObject({ code: 'FORBIDDEN', details: { action: 'plan:add' } });
    const planner = await technician.client.request('planner:get', { year: 2026, week: 10 });
    expect(planner.employees.map((employee) => employee.id)).toEqual([tech.id]);
    expect(planner.cells.every((cell) => cell.employeeId === tech.id)).toBe(true);
  });
});

describe('removing a project', () => {
  it('asks while it has plans, then removes them with it and tells open planners to re-read', async () => {
    const doomed = await office.client.request('project:create', { name: 'Avlyst' } as never);
    await bookProject(
      [
        { employeeId: ola.id, date: '2026-03-23', version: 0 },
        { employeeId: kari.id, date: '2026-03-23', version: 0 },
      ],
      1,
      { projectId: doomed.id },
    );
    const refused = await office.client.requestError('project:delete', {
      id: doomed.id,
      version: doomed.version,
    });
    expect(refused).toMatchObject({ code: 'CONFLICT', details: { activePlans: 2 } });
    const refreshed = leader.client.nextPush('plan:refreshed');
    expect(
      await office.client.request('project:delete', {
        id: doomed.id,
        version: doomed.version,
        isPlanRemovalConfirmed: true,
      }),
    ).toEqual({ id: doomed.id, removedPlans: 2 });
    await refreshed;
    expect(await readCell(ola.id, '2026-03-23')).toMatchObject({ version: 2, bookings: [] });
    // A removed project can no longer be booked.
    const error = await bookingRefused([{ employeeId: ola.id, date: '2026-03-24', version: 0 }], 1, {
      projectId: doomed.id,
    });
    expect(error.code).toBe('VALIDATION');
  });
});
