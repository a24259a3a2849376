import type {
  DeviationCreateInput,
  DeviationDto,
  Page,
  ParetoDto,
  ProjectDto,
  QualityHistoryDto,
  TaskDto,
} from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { alertOverdueActions } from './quality-alerts';
import { uploadPicture as uploadTestPicture } from './quality-test-helpers';

/** Deviations (issue 16): numbering, the status rules, actions, history, isolation, lists and Pareto. */

let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let technician: SignedInUser;
let otherTechnician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let strangersProject: ProjectDto;

type Refusal = {
  code: string;
  message: string;
  messageKey?: string;
  details?: { fields?: Record<string, string> };
};

const uploadPicture = (user: SignedInUser) => uploadTestPicture(server, user, 'skade.png');

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId, firstName: 'Lise', lastName: 'Leder' });
  technician = await server.signedInUser({
    role: 'technician',
    companyId,
    firstName: 'Tor',
    lastName: 'Tekniker',
  });
  otherTechnician = await server.signedInUser({ role: 'technician', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  await seedEmployee(server.ctx.db, companyId, { firstName: 'Tor', userId: technician.userId });
  await seedEmployee(server.ctx.db, companyId, { firstName: 'Lise', userId: leader.userId });
  project = await admin.client.request('project:create', { name: 'Skole Lørenskog' } as never);
  strangersProject = await stranger.client.request('project:create', { name: 'Fremmed' } as never);
});
afterAll(async () => {
  await server?.close();
});

const api = (user: SignedInUser) => restClient(server, user);

const NEW: DeviationCreateInput = {
  title: 'Lekkasje ved terskel',
  category: 'product',
  severity: 'high',
  date: '2026-03-01',
  product: 'Ytterdør D-90',
  supplier: 'Beslag AS',
};

const create = async (user: SignedInUser, input: Partial<DeviationCreateInput> = {}) => {
  const response = await api(user).post<DeviationDto>('/quality/deviations', { ...NEW, ...input });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

const patch = (user: SignedInUser, deviation: { id: string; version: number }, changes: object) =>
  api(user).patch<DeviationDto & Refusal>(`/quality/deviations/${deviation.id}`, {
    version: deviation.version,
    changes,
  });

describe('reporting a deviation', () => {
  it('numbers deviations per company and records who reported it', async () => {
    const first = await create(technician);
    const second = await create(leader, { projectId: project.id });
    const strangers = await create(stranger, { title: 'Annet firma' });
    expect(second.number).toBe(first.number + 1);
    expect(strangers.number).toBe(1);
    expect(first).toMatchObject({
      status: 'open',
      reportedById: technician.userId,
      reportedByName: 'Tor Tekniker',
      reportedAt: '2026-03-02T09:00:00.000Z',
      product: 'Ytterdør D-90',
    });
    expect(second).toMatchObject({
      projectId: project.id,
      projectNumber: project.number,
      projectName: 'Skole Lørenskog',
    });
    const history = await api(reader).get<QualityHistoryDto[]>(`/quality/deviations/${first.id}/history`);
    expect(history.body.map((entry) => entry.action)).toEqual(['created']);
    expect(history.body[0]?.userName).toBe('Tor Tekniker');
  });

  it('refuses the read-only role, and a technician who assigns it to someone else', async () => {
    expect((await api(reader).post('/quality/deviations', NEW)).status).toBe(403);
    const assigning = await api(technician).post<Refusal>('/quality/deviations', {
      ...NEW,
      handlerId: leader.userId,
    });
    expect(assigning.status).toBe(403);
  });

  it('refuses another company’s project, case handler and picture, and writes nothing', async () => {
    const before = (await api(admin).get<Page<DeviationDto>>('/quality/deviations')).body.total;
    const picture = await uploadPicture(stranger);
    const response = await api(admin).post<Refusal>('/quality/deviations', {
      ...NEW,
      projectId: strangersProject.id,
      handlerId: stranger.userId,
      pictureIds: [picture.id],
      actions: [{ description: 'Bytt', responsibleId: stranger.userId }],
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION');
    expect(Object.keys(response.body.details?.fields ?? {}).sort()).toEqual([
      'actions.0.responsibleId',
      'handlerId',
      'pictureIds.0',
      'projectId',
    ]);
    expect((await api(admin).get<Page<DeviationDto>>('/quality/deviations')).body.total).toBe(before);
  });

  it('refuses an action due before the deviation, NUL characters, too long a title and an empty one', async () => {
    const early = await api(admin).post<Refusal>('/quality/deviations', {
      ...NEW,
      actions: [{ description: 'Bytt tetning', dueDate: '2026-02-28' }],
    });
    expect(early.status).toBe(400);
    expect(early.body.details?.fields).toEqual({ 'actions.0.dueDate': 'validation.dueDateBeforeDeviation' });
    const nul = await api(admin).post<Refusal>('/quality/deviations', { ...NEW, title: 'Lek\u0000kasje' });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('VALIDATION');
    const long = await api(admin).post<Refusal>('/quality/deviations', { ...NEW, title: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    const empty = await api(admin).post<Refusal>('/quality/deviations', { ...NEW, title: '  ' });
    expect(empty.status).toBe(400);
  });

  it('keeps pictures uploaded through the files module', async () => {
    const picture = await uploadPicture(technician);
    const deviation = await create(technician, { pictureIds: [picture.id] });
    expect(deviation.pictureIds).toEqual([picture.id]);
    const removal = await api(admin).delete<Refusal>(`/file/${picture.id}`);
    expect(removal.status).toBe(409);
  });
});

describe('handling a deviation', () => {
  it('goes open → in progress → closed, only with a root cause and every action done', async () => {
    const deviation = await create(technician);
    const straight = await patch(leader, deviation, { status: 'closed' });
    expect(straight.status).toBe(400);
    expect(straight.body.details?.fields).toEqual({ status: 'validation.statusChangeNotAllowed' });

    const assigned = (await patch(leader, deviation, { status: 'in-progress', handlerId: technician.userId }))
      .body;
    expect(assigned).toMatchObject({ status: 'in-progress', handlerName: 'Tor Tekniker' });

    const bare = await patch(technician, assigned, { status: 'closed' });
    expect(bare.status).toBe(400);
    expect(bare.body.details?.fields).toEqual({
      rootCause: 'validation.rootCauseRequired',
      actions: 'validation.actionRequired',
    });
    const withActions = (
      await patch(technician, assigned, {
        rootCause: 'Feil tetningslist fra leverandør',
        costOre: 450_000,
        actions: [
          { description: 'Bytt tetningslist', responsibleId: technician.userId, dueDate: '2026-03-05' },
          { description: 'Reklamer til leverandør', kind: 'preventive', dueDate: '2026-03-10' },
        ],
      })
    ).body;
    expect(withActions.actions.map((action) => action.description)).toEqual([
      'Bytt tetningslist',
      'Reklamer til leverandør',
    ]);
    const notDone = await patch(technician, withActions, { status: 'closed' });
    expect(notDone.body.details?.fields).toEqual({ actions: 'validation.actionsNotDone' });

    const closed = (
      await patch(technician, withActions, {
        status: 'closed',
        actions: withActions.actions.map((action) => ({ ...action, isDone: true })),
      })
    ).body;
    expect(closed).toMatchObject({
      status: 'closed',
      closedAt: '2026-03-02T09:00:00.000Z',
      costOre: 450_000,
    });
    expect(closed.actions.every((action) => action.isDone && action.doneAt)).toBe(true);

    const editClosed = await patch(leader, closed, { title: 'Endret' });
    expect(editClosed.body.details?.fields).toEqual({ status: 'validation.deviationClosed' });
    const reopened = (await patch(leader, closed, { status: 'in-progress' })).body;
    expect(reopened).toMatchObject({ status: 'in-progress', closedAt: null });

    const history = (
      await api(reader).get<QualityHistoryDto[]>(`/quality/deviations/${deviation.id}/history`)
    ).body;
    expect(history.map((entry) => entry.action)).toEqual([
      'reopened',
      'closed',
      'changed',
      'changed',
      'created',
    ]);
    expect(history[1]?.changes.status).toEqual({ from: 'in-progress', to: 'closed' });
    expect(history[2]?.changes).toMatchObject({
      rootCause: { from: '', to: 'Feil tetningslist fra leverandør' },
      costOre: { from: 0, to: 450_000 },
      actionsAdded: { from: null, to: ['Bytt tetningslist', 'Reklamer til leverandør'] },
    });
    expect(history[3]?.changes.handlerId).toEqual({ from: null, to: technician.userId });
  });

  it('lets only the case handler or a quality handler change it; a stale version is a conflict', async () => {
    const deviation = await create(technician, { handlerId: technician.userId });
    const other = await patch(otherTechnician, deviation, { title: 'Mitt nå' });
    expect(other.status).toBe(403);
    const own = await patch(technician, deviation, { description: 'Mer detaljer' });
    expect(own.status).toBe(200);
    const stale = await patch(leader, deviation, { title: 'Gammel versjon' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.deviationChanged' });
    const foreign = await patch(stranger, own.body, { title: 'Fremmed' });
    expect(foreign.status).toBe(404);
    const foreignHandler = await patch(leader, own.body, { handlerId: stranger.userId });
    expect(foreignHandler.status).toBe(400);
    expect((await api(admin).get<DeviationDto>(`/quality/deviations/${deviation.id}`)).body).toMatchObject({
      title: NEW.title,
      handlerId: technician.userId,
      version: own.body.version,
    });
    expect((await api(stranger).get(`/quality/deviations/${deviation.id}`)).status).toBe(404);
  });

  it('alerts the case handler with a task, and overdue actions once', async () => {
    const deviation = await create(admin, {
      title: 'Knust glass ved levering',
      date: '2026-02-20',
      handlerId: technician.userId,
      projectId: project.id,
      actions: [{ description: 'Bestill nytt glass', dueDate: '2026-02-25', responsibleId: leader.userId }],
    });
    const tasks = async () => {
      const response = await api(technician).get<Page<TaskDto>>('/tasks?filter=mine&pageSize=200');
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.items.map((task) => task.name);
    };
    expect(await tasks()).toContain(`Deviation ${deviation.number}: Knust glass ved levering`);
    expect(await alertOverdueActions(server.ctx)).toBeGreaterThanOrEqual(1);
    expect(await alertOverdueActions(server.ctx)).toBe(0);
    const overdueTasks = (await tasks()).filter((name) => name.includes('Bestill nytt glass'));
    expect(overdueTasks).toEqual([`Overdue action on deviation ${deviation.number}: Bestill nytt glass`]);
    const response = await api(admin).get<Page<DeviationDto>>(
      '/quality/deviations?overdue=true&pageSize=200',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const listed = response.body.items;
    expect(listed.map((item) => item.id)).toContain(deviation.id);
    expect(listed.find((item) => item.id === deviation.id)?.hasOverdueActions).toBe(true);
  });
});

describe('the deviation list and the Pareto chart', () => {
  let company: SignedInUser;

  beforeAll(async () => {
    company = await server.signedInUser({ role: 'admin' });
    const rows: Partial<DeviationCreateInput>[] = [
      // NEW is of high severity; only the first of these is.
      {
        product: 'Skyvedør S-1',
        supplier: 'Glass AS',
        costOre: 100_000,
        severity: 'high',
        date: '2026-01-10',
      },
      { product: 'Skyvedør S-1', supplier: 'Glass AS', costOre: 50_000, severity: 'low', date: '2026-02-10' },
      {
        product: 'Skyvedør S-1',
        supplier: 'Beslag AS',
        costOre: 0,
        category: 'installation',
        date: '2026-02-11',
        severity: 'low',
      },
      {
        product: 'Vindu V-2',
        supplier: 'Beslag AS',
        costOre: 900_000,
        severity: 'medium',
        date: '2026-02-12',
        title: 'Sprekk i 100% glass',
      },
      { product: '', supplier: '', costOre: 0, severity: 'low', date: '2025-06-01' },
    ];
    for (const row of rows) await create(company, row);
  });

  const list = async (query: string) =>
    (await api(company).get<Page<DeviationDto>>(`/quality/deviations?${query}`)).body;

  it('filters by period, severity, category, product and search, pages, and stays in the company', async () => {
    expect((await list('')).total).toBe(5);
    expect((await list('from=2026-01-01&to=2026-12-31')).total).toBe(4);
    expect((await list('severity=high')).items.map((item) => item.product)).toEqual(['Skyvedør S-1']);
    expect((await list('category=installation')).total).toBe(1);
    expect((await list('product=Skyved%C3%B8r%20S-1')).total).toBe(3);
    expect((await list('search=100%25')).items.map((item) => item.product)).toEqual(['Vindu V-2']);
    // Title and supplier both say glass.
    expect((await list('search=glass')).total).toBe(3);
    expect((await list('status=not-closed')).total).toBe(5);
    const paged = await list('page=2&pageSize=2');
    expect(paged).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(2);
    expect((await api(company).get('/quality/deviations?pageSize=500')).status).toBe(400);
  });

  it('counts and costs by product, supplier and category, biggest first with the running share', async () => {
    const pareto = async (query: string) =>
      (await api(company).get<ParetoDto>(`/quality/pareto?from=2026-01-01&to=2026-12-31&${query}`)).body;
    expect(await pareto('by=product')).toEqual({
      bars: [
        { key: 'Skyvedør S-1', count: 3, costOre: 150_000, cumulativePercent: 75 },
        { key: 'Vindu V-2', count: 1, costOre: 900_000, cumulativePercent: 100 },
      ],
      totalCount: 4,
      totalCostOre: 1_050_000,
    });
    expect(
      (await pareto('by=supplier&measure=cost')).bars.map((bar) => [bar.key, bar.cumulativePercent]),
    ).toEqual([
      ['Beslag AS', 85.7],
      ['Glass AS', 100],
    ]);
    expect((await pareto('by=category')).bars.map((bar) => [bar.key, bar.count])).toEqual([
      ['product', 3],
      ['installation', 1],
    ]);
    const other = (await api(stranger).get<ParetoDto>('/quality/pareto?by=product&from=2026-01-01')).body;
    expect(other.bars.map((bar) => bar.key)).not.toContain('Skyvedør S-1');
    expect((await api(company).get<Refusal>('/quality/pareto?by=colour')).status).toBe(400);
  });
});
