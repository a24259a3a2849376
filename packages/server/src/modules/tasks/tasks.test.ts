import type { OfferDto, Page, ProjectDto, TaskDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';

/** The tasks screen's REST calls (SPEC §7 /tasks); booking tasks in the planner is planner.test.ts's. */

let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let reader: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;
let ola: { id: string };
let tech: { id: string };
let project: ProjectDto;
let offer: OfferDto;

type Refusal = { code: string; details?: { fields?: Record<string, string> } };

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  ola = await seedEmployee(server.ctx.db, companyId, { firstName: 'Ola', workGroup: 'produksjon' });
  tech = await seedEmployee(server.ctx.db, companyId, { firstName: 'Tekniker', userId: technician.userId });
  await seedEmployee(server.ctx.db, companyId, { firstName: 'Leser', userId: reader.userId });
  project = await admin.client.request('project:create', { name: 'Skole Lørenskog' } as never);
  offer = (await restClient(server, admin).post<OfferDto>('/offers', { projectName: 'Kontorbygg Økern' }))
    .body;
});
afterAll(async () => {
  await server?.close();
});

const list = async (query: string, user = leader) =>
  (await restClient(server, user).get<Page<TaskDto>>(`/tasks?${query}`)).body;

describe('the task list', () => {
  it('names what a task is about: the project’s or offer’s number and name', async () => {
    const api = restClient(server, leader);
    const aboutProject = (
      await api.post<TaskDto>('/tasks', {
        name: 'Mål opp dører',
        date: '2026-03-05',
        entityType: 'project',
        entityId: project.id,
      })
    ).body;
    const aboutOffer = (
      await api.post<TaskDto>('/tasks', {
        name: 'Befaring før tilbud',
        date: '2026-03-06',
        entityType: 'offer',
        entityId: offer.id,
        type: 'offer',
      })
    ).body;
    expect(aboutProject).toMatchObject({ entityNumber: project.number, entityName: 'Skole Lørenskog' });
    expect(aboutOffer).toMatchObject({
      entityNumber: offer.number,
      entityName: 'Kontorbygg Økern',
      type: 'offer',
    });
    const ofProject = await list(`filter=all&entityId=${project.id}`);
    expect(ofProject.items.map((task) => task.id)).toEqual([aboutProject.id]);
    expect(ofProject.items[0]).toMatchObject({ entityNumber: project.number });
  });

  it('searches name, description and immediate action, pages on the server, and takes % and _ literally', async () => {
    const api = restClient(server, leader);
    for (const index of [1, 2, 3]) {
      await api.post('/tasks', {
        name: `Bytt pumpe ${index}`,
        date: `2026-03-1${index}`,
        description: index === 2 ? 'Dørpumpe lekker 100%' : '',
        immediateAction: index === 3 ? 'Sperr av døra' : '',
      });
    }
    const first = await list('filter=all&search=pumpe&pageSize=2&page=1');
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((task) => task.name)).toEqual(['Bytt pumpe 1', 'Bytt pumpe 2']);
    expect((await list('filter=all&search=pumpe&pageSize=2&page=2')).items.map((task) => task.name)).toEqual([
      'Bytt pumpe 3',
    ]);
    expect((await list('filter=all&search=sperr')).items.map((task) => task.name)).toEqual(['Bytt pumpe 3']);
    expect((await list(`filter=all&search=${encodeURIComponent('100%')}`)).total).toBe(1);
    expect((await list(`filter=all&search=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('lists mine for the asker’s employee, overdue before today, and done newest first', async () => {
    const api = restClient(server, leader);
    const mine = (await api.post<TaskDto>('/tasks', { name: 'Min', date: '2026-03-20', assigneeId: tech.id }))
      .body;
    const late = (await api.post<TaskDto>('/tasks', { name: 'Sen', date: '2026-02-20' })).body;
    expect((await list('filter=mine', technician)).items.map((task) => task.id)).toEqual([mine.id]);
    // A technician reads only their own tasks, one by one as in lists.
    expect((await restClient(server, technician).get(`/tasks/${mine.id}`)).status).toBe(200);
    expect((await restClient(server, technician).get(`/tasks/${late.id}`)).status).toBe(404);
    expect((await list('filter=mine')).items).toEqual([]);
    expect((await list('filter=overdue&pageSize=200')).items.map((task) => task.id)).toEqual([late.id]);
    await api.patch(`/tasks/${late.id}`, { version: 1, changes: { isDone: true } });
    server.clock.set(new Date('2026-03-02T10:00:00Z'));
    await api.patch(`/tasks/${mine.id}`, { version: 1, changes: { isDone: true } });
    server.clock.set(new Date('2026-03-02T09:00:00Z'));
    expect((await list('filter=done')).items.map((task) => task.id)).toEqual([mine.id, late.id]);
  });
});

describe('bad input changes nothing', () => {
  it('refuses an empty or too long name, a wrong type, a bad date, a half-named entity and NUL', async () => {
    const api = restClient(server, leader);
    const before = (await list('filter=all&pageSize=200')).total;
    for (const body of [
      { name: '', date: '2026-03-05' },
      { name: '   ', date: '2026-03-05' },
      { name: 'x'.repeat(201), date: '2026-03-05' },
      { name: 'Ok', date: '05.03.2026' },
      { name: 'Ok', date: '2026-02-30' },
      { name: 'Ok' },
      { name: 42, date: '2026-03-05' },
      { name: 'Ok', date: '2026-03-05', type: 'urgent' },
      { name: 'Ok', date: '2026-03-05', entityType: 'project' },
      { name: 'Ok', date: '2026-03-05', entityType: 'project', entityId: 'not-an-id' },
      { name: 'Ok\u0000', date: '2026-03-05' },
      { name: 'Ok', date: '2026-03-05', description: 'y'.repeat(4_001) },
    ]) {
      const refused = await api.post<Refusal>('/tasks', body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
    }
    // An offer's id named as a project's: the project is unknown to the company.
    const mixed = await api.post<Refusal>('/tasks', {
      name: 'Ok',
      date: '2026-03-05',
      entityType: 'project',
      entityId: offer.id,
    });
    expect(mixed.status).toBe(400);
    expect((await list('filter=all&pageSize=200')).total).toBe(before);
  });

  it('refuses a stale version and the second of a double click, and a search that is too long', async () => {
    const api = restClient(server, leader);
    const task = (await api.post<TaskDto>('/tasks', { name: 'Dobbel', date: '2026-03-05' })).body;
    const [first, second] = await Promise.all([
      api.patch<TaskDto>(`/tasks/${task.id}`, { version: 1, changes: { isDone: true } }),
      api.patch<TaskDto>(`/tasks/${task.id}`, { version: 1, changes: { isDone: true } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = await api.patch<Refusal>(`/tasks/${task.id}`, { version: 1, changes: { name: 'Nytt' } });
    expect(refused.status).toBe(409);
    const empty = await api.patch<Refusal>(`/tasks/${task.id}`, { version: 2, changes: {} });
    expect(empty.status).toBe(400);
    expect((await api.get(`/tasks?search=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await api.delete(`/tasks/${task.id}`)).status).toBe(400);
    expect((await list(`filter=done&search=Dobbel`)).items[0]).toMatchObject({ name: 'Dobbel', version: 2 });
  });
});

describe('who may do what', () => {
  it('lets a reader read all tasks and change none', async () => {
    const task = (
      await restClient(server, leader).post<TaskDto>('/tasks', { name: 'Les', date: '2026-03-05' })
    ).body;
    const api = restClient(server, reader);
    expect((await list('filter=all&search=Les', reader)).items.map((item) => item.id)).toContain(task.id);
    expect((await api.patch(`/tasks/${task.id}`, { version: 1, changes: { isDone: true } })).status).toBe(
      403,
    );
    expect((await api.post('/tasks', { name: 'Ny', date: '2026-03-05' })).status).toBe(403);
    expect((await api.get<TaskDto>(`/tasks/${task.id}`)).body.id).toBe(task.id);
    expect((await api.delete(`/tasks/${task.id}?version=1`)).status).toBe(403);
  });

  it('lets someone who reads all tasks and holds tasks.own mark only their own done', async () => {
    const permissions = await admin.client.request('permissions:get');
    await admin.client.request('permissions:update', {
      version: permissions.version,
      grants: { ...permissions.grants, readonly: [...permissions.grants.readonly, 'tasks.own'] },
    });
    const api = restClient(server, leader);
    const theirs = (
      await api.post<TaskDto>('/tasks', { name: 'Andres', date: '2026-03-05', assigneeId: ola.id })
    ).body;
    const employees = await admin.client.request('employee:get', {});
    const own = employees.find((employee) => employee.userId === reader.userId)!;
    const mine = (await api.post<TaskDto>('/tasks', { name: 'Egen', date: '2026-03-05', assigneeId: own.id }))
      .body;
    const readerApi = restClient(server, reader);
    expect(
      (await readerApi.patch(`/tasks/${theirs.id}`, { version: 1, changes: { isDone: true } })).status,
    ).toBe(404);
    expect(
      (await readerApi.patch(`/tasks/${mine.id}`, { version: 1, changes: { isDone: true } })).status,
    ).toBe(200);
  });

  it('keeps each company’s tasks to itself', async () => {
    const task = (
      await restClient(server, leader).post<TaskDto>('/tasks', { name: 'Vår', date: '2026-03-05' })
    ).body;
    expect((await list(`filter=all&search=Vår`, stranger)).items).toEqual([]);
    expect((await list(`filter=all&entityId=${project.id}`, stranger)).items).toEqual([]);
    const theirs = restClient(server, stranger);
    expect((await theirs.get(`/tasks/${task.id}`)).status).toBe(404);
    expect((await restClient(server, leader).get<TaskDto>(`/tasks/${task.id}`)).body).toMatchObject({
      id: task.id,
      name: 'Vår',
    });
    expect((await theirs.patch(`/tasks/${task.id}`, { version: 1, changes: { isDone: true } })).status).toBe(
      404,
    );
    expect((await theirs.delete(`/tasks/${task.id}?version=1`)).status).toBe(404);
  });
});
