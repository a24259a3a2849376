import { randomUUID } from 'node:crypto';
import type {
  DueServiceVisitDto,
  Page,
  PriceIndexResultDto,
  ProjectDto,
  ServiceAgreementDto,
  ServiceAgreementHistoryDto,
  ServiceAgreementOfProjectDto,
  ServiceItemDto,
  TaskDto,
} from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee, seedEmployeeCategory } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { setCompanyService } from '../company/company.service';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';
import { dueServiceVisits } from './service-visits';

/** Service agreements: the dialog's data, visits that move the next one, due service, the price index. */

let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let leader: SignedInUser;
let technician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let templateId: string;
const ids = { sofie: '', ola: '', strangerWorker: '' };

type Refusal = { code: string; details?: { fields?: Record<string, string> } };

const newServiceProject = async (user: SignedInUser, name: string) =>
  (await user.client.request('project:create', { name, isService: true } as never)) as ProjectDto;

const addItem = async (user: SignedInUser, projectId: string, template = templateId) =>
  (
    await restClient(server, user).post<ServiceItemDto>('/service-project/template/add', {
      id: randomUUID(),
      serviceTemplateId: template,
      projectId,
      name: 'Dør',
    })
  ).body;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  office = await server.signedInUser({ role: 'office', companyId });
  leader = await server.signedInUser({ role: 'leader', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  const db = server.ctx.db;
  const service = await seedEmployeeCategory(db, companyId, 'Service');
  await setCompanyService(db, companyId, { employeeCategoryId: service.id });
  ids.sofie = (
    await seedEmployee(db, companyId, {
      firstName: 'Sofie',
      lastName: 'Larsen',
      employeeCategoryId: service.id,
    })
  ).id;
  ids.ola = (
    await seedEmployee(db, companyId, {
      firstName: 'Ola',
      lastName: 'Nordmann',
      employeeCategoryId: service.id,
    })
  ).id;
  ids.strangerWorker = (await seedEmployee(db, stranger.companyId, { firstName: 'Fremmed' })).id;
  templateId = (await buildTemplate(admin, 'Automatisk dør')).template.id;
});
afterAll(async () => {
  await server?.close();
});

const create = (projectId: string, overrides: Record<string, unknown> = {}, user = leader) =>
  restClient(server, user).post<ServiceAgreementDto & Refusal>('/service-agreements', {
    projectId,
    serviceWorkerIds: [ids.sofie],
    interval: 'quarterly',
    startDate: '2026-03-10',
    pricePerVisitOre: 450_000,
    pricePerYearOre: 1_800_000,
    contactName: 'Kari Drift',
    contactEmail: 'drift@storo.no',
    contactPhone: '+47 22 00 00 00',
    ...overrides,
  });

const ofProject = async (projectId: string, user = reader) =>
  (
    await restClient(server, user).get<ServiceAgreementOfProjectDto>(
      `/service-agreements/of-project?projectId=${projectId}`,
    )
  ).body.agreement;

const tasksOf = async (projectId: string, filter = 'all') =>
  (await restClient(server, admin).get<Page<TaskDto>>(`/tasks?filter=${filter}&entityId=${projectId}`)).body
    .items;

const visitDone = (agreement: { id: string; version: number }, date: string, user = technician) =>
  restClient(server, user).post<ServiceAgreementDto & Refusal>(`/service-agreements/${agreement.id}/visits`, {
    version: agreement.version,
    date,
  });

describe('making and changing an agreement', () => {
  it('makes the agreement of a project with the interval none by default and the start date as first visit', async () => {
    const project = await newServiceProject(admin, 'Standard');
    expect(await ofProject(project.id)).toBeNull();
    const made = await restClient(server, office).post<ServiceAgreementDto>('/service-agreements', {
      projectId: project.id,
      startDate: '2026-04-01',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      interval: 'none',
      serviceWorkers: [],
      nextVisitDate: '2026-04-01',
      lastVisitDate: null,
      version: 1,
    });
    const again = await restClient(server, office).post<Refusal>('/service-agreements', {
      projectId: project.id,
      startDate: '2026-04-01',
    });
    expect(again.status).toBe(400);
    expect(again.body.details?.fields?.projectId).toBe('validation.serviceAgreementExists');
  });

  it('keeps workers, items, prices and contact; a task per worker on the first visit', async () => {
    const project = await newServiceProject(admin, 'Storo');
    const item = await addItem(technician, project.id);
    const made = await create(project.id, { serviceWorkerIds: [ids.sofie, ids.ola], itemIds: [item.id] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      serviceWorkers: [
        { id: ids.sofie, displayName: 'Sofie Larsen' },
        { id: ids.ola, displayName: 'Ola Nordmann' },
      ],
      itemIds: [item.id],
      pricePerVisitOre: 450_000,
      contactEmail: 'drift@storo.no',
      nextVisitDate: '2026-03-10',
    });
    const tasks = await tasksOf(project.id);
    expect(tasks.map((task) => [task.type, task.date, task.assigneeId]).sort()).toEqual(
      [
        ['service-item', '2026-03-10', ids.ola],
        ['service-item', '2026-03-10', ids.sofie],
      ].sort(),
    );
    expect((await ofProject(project.id))?.id).toBe(made.body.id);
  });

  it('changes at the version read, refuses a stale one, writes history and price history', async () => {
    const project = await newServiceProject(admin, 'Endres');
    const { body: agreement } = await create(project.id);
    const api = restClient(server, leader);
    const changed = await api.patch<ServiceAgreementDto>(`/service-agreements/${agreement.id}`, {
      version: 1,
      changes: { startDate: '2026-03-20', pricePerVisitOre: 500_000, serviceWorkerIds: [ids.ola] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      version: 2,
      nextVisitDate: '2026-03-20',
      pricePerVisitOre: 500_000,
    });
    // The old visit's task went, the new one is the new worker's on the new date.
    expect((await tasksOf(project.id)).map((task) => [task.date, task.assigneeId])).toEqual([
      ['2026-03-20', ids.ola],
    ]);
    const stale = await api.patch<Refusal>(`/service-agreements/${agreement.id}`, {
      version: 1,
      changes: { contactName: 'Noen' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    const history = (
      await restClient(server, reader).get<ServiceAgreementHistoryDto>(
        `/service-agreements/${agreement.id}/history`,
      )
    ).body;
    expect(history.changes.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(history.changes[0]?.changes.startDate).toEqual({ from: '2026-03-10', to: '2026-03-20' });
    expect(history.prices).toEqual([
      expect.objectContaining({
        oldPricePerVisitOre: 450_000,
        newPricePerVisitOre: 500_000,
        indexPercent: null,
      }),
    ]);
  });
});

describe('visits', () => {
  it('a quarterly agreement shows the next visit an interval after the completed one', async () => {
    const project = await newServiceProject(admin, 'Kvartal');
    const { body: agreement } = await create(project.id);
    const done = await visitDone(agreement, '2026-03-02');
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ lastVisitDate: '2026-03-02', nextVisitDate: '2026-06-02', version: 2 });
    // The visit's task is done; the next visit has its own.
    expect((await tasksOf(project.id)).map((task) => task.date)).toEqual(['2026-06-02']);
    expect((await tasksOf(project.id, 'done')).map((task) => task.date)).toEqual(['2026-03-10']);
    const history = (
      await restClient(server, admin).get<ServiceAgreementHistoryDto>(
        `/service-agreements/${agreement.id}/history`,
      )
    ).body;
    expect(history.visits.map((visit) => visit.date)).toEqual(['2026-03-02']);
  });

  it('a visit without an interval has none after it; a future date and a stale version are refused', async () => {
    const project = await newServiceProject(admin, 'Engang');
    const { body: agreement } = await create(project.id, { interval: 'none' });
    const future = await visitDone(agreement, '2026-03-03');
    expect(future.status).toBe(400);
    expect(future.body.details?.fields?.date).toBe('validation.visitInFuture');
    expect((await visitDone({ ...agreement, version: 9 }, '2026-03-01')).status).toBe(409);
    const done = await visitDone(agreement, '2026-03-01');
    expect(done.body).toMatchObject({ nextVisitDate: null });
    expect(await tasksOf(project.id)).toEqual([]);
  });

  it('lists visits due within the weeks asked, overdue first, paged; the function answers the same', async () => {
    const company = await server.signedInUser({ role: 'admin' });
    const soon = await newServiceProject(company, 'Snart');
    const late = await newServiceProject(company, 'Forsinket');
    const far = await newServiceProject(company, 'Langt fram');
    for (const [project, startDate] of [
      [soon, '2026-03-20'],
      [late, '2026-02-01'],
      [far, '2026-09-01'],
    ] as const) {
      await create(project.id, { startDate, serviceWorkerIds: [] }, company);
    }
    const due = await restClient(server, company).get<Page<DueServiceVisitDto>>(
      '/service-agreements/due?weeks=4',
    );
    expect(due.body.items.map((visit) => [visit.projectName, visit.isOverdue])).toEqual([
      ['Forsinket', true],
      ['Snart', false],
    ]);
    expect(due.body.total).toBe(2);
    const paged = await restClient(server, company).get<Page<DueServiceVisitDto>>(
      '/service-agreements/due?weeks=52&pageSize=2&page=2',
    );
    expect(paged.body).toMatchObject({ total: 3, page: 2 });
    expect(paged.body.items.map((visit) => visit.projectName)).toEqual(['Langt fram']);
    const direct = await dueServiceVisits(server.ctx.db, company.companyId, {
      today: '2026-03-02',
      to: '2026-03-30',
      page: 1,
      pageSize: 20,
    });
    expect(direct.items.map((visit) => visit.projectName)).toEqual(['Forsinket', 'Snart']);
    // Another company sees none of them.
    const other = await restClient(server, stranger).get<Page<DueServiceVisitDto>>(
      '/service-agreements/due?weeks=104',
    );
    expect(other.body.items.some((visit) => visit.projectId === soon.id)).toBe(false);
  });
});

describe('the price index', () => {
  it('raises both prices in whole øre, keeps the history, and skips an agreement indexed that year', async () => {
    const company = await server.signedInUser({ role: 'admin' });
    const project = await newServiceProject(company, 'Indeks');
    const { body: agreement } = await create(
      project.id,
      { serviceWorkerIds: [], pricePerVisitOre: 199_900, pricePerYearOre: 799_950 },
      company,
    );
    const api = restClient(server, company);
    const applied = await api.post<PriceIndexResultDto>('/service-agreements/price-index', {
      percent: 3.1,
      date: '2026-01-15',
    });
    expect(applied.body).toEqual({ adjusted: 1, skipped: 0 });
    const after = await ofProject(project.id, company);
    // 199 900 × 1.031 = 206 096.9 → 206 097; 799 950 × 1.031 = 824 748.45 → 824 748.
    expect(after).toMatchObject({ pricePerVisitOre: 206_097, pricePerYearOre: 824_748, version: 2 });
    const twice = await api.post<PriceIndexResultDto>('/service-agreements/price-index', {
      percent: 3.1,
      date: '2026-06-01',
    });
    expect(twice.body).toEqual({ adjusted: 0, skipped: 1 });
    const history = (await api.get<ServiceAgreementHistoryDto>(`/service-agreements/${agreement.id}/history`))
      .body;
    expect(history.prices).toEqual([
      expect.objectContaining({
        date: '2026-01-15',
        oldPricePerVisitOre: 199_900,
        newPricePerVisitOre: 206_097,
        indexPercent: 3.1,
      }),
    ]);
  });

  it('refuses an index out of range or with more than two decimals, and another company’s agreement', async () => {
    const api = restClient(server, admin);
    for (const percent of [-60, 101, 3.105]) {
      expect(
        (await api.post('/service-agreements/price-index', { percent, date: '2026-01-15' })).status,
      ).toBe(400);
    }
    const project = await newServiceProject(stranger, 'Fremmed indeks');
    const { body: foreign } = await create(project.id, { serviceWorkerIds: [] }, stranger);
    const refused = await api.post<Refusal>('/service-agreements/price-index', {
      percent: 2,
      date: '2026-01-15',
      agreementIds: [foreign.id],
    });
    expect(refused.status).toBe(400);
    expect((await ofProject(project.id, stranger))?.pricePerVisitOre).toBe(450_000);
  });
});

describe('refusals and roles', () => {
  it('refuses bad input and changes nothing', async () => {
    const project = await newServiceProject(admin, 'Feil');
    const other = await newServiceProject(admin, 'Annet prosjekt');
    const otherItem = await addItem(technician, other.id);
    const strangerProject = await newServiceProject(stranger, 'Fremmed prosjekt');
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceWorkerIds: [ids.strangerWorker] }, 'serviceWorkerIds.0'],
      [{ itemIds: [otherItem.id] }, 'itemIds.0'],
      [{ pricePerVisitOre: -1 }, 'pricePerVisitOre'],
      [{ pricePerYearOre: 1.5 }, 'pricePerYearOre'],
      [{ interval: 'weekly' }, 'interval'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ contactName: 'x'.repeat(201) }, 'contactName'],
      [{ contactEmail: 'ikke-epost' }, 'contactEmail'],
      [{ serviceWorkerIds: [ids.sofie, ids.sofie] }, 'serviceWorkerIds'],
    ];
    for (const [overrides, field] of cases) {
      const refused = await create(project.id, overrides);
      expect(refused.status, JSON.stringify(overrides)).toBe(400);
      expect(refused.body.details?.fields?.[field], JSON.stringify(refused.body)).toBeTruthy();
    }
    const nul = await create(project.id, { contactName: 'Kari\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('VALIDATION');
    const foreignProject = await create(strangerProject.id);
    expect(foreignProject.status).toBe(400);
    expect(await ofProject(project.id)).toBeNull();
    expect(await tasksOf(project.id)).toEqual([]);
    // The same on a change: nothing moves.
    const { body: agreement } = await create(project.id);
    const patch = await restClient(server, leader).patch<Refusal>(`/service-agreements/${agreement.id}`, {
      version: 1,
      changes: { itemIds: [otherItem.id], pricePerVisitOre: 1 },
    });
    expect(patch.status).toBe(400);
    expect(await ofProject(project.id)).toMatchObject({ version: 1, pricePerVisitOre: 450_000, itemIds: [] });
  });

  it('keeps companies apart', async () => {
    const project = await newServiceProject(admin, 'Hemmelig');
    const { body: agreement } = await create(project.id);
    const api = restClient(server, stranger);
    expect((await api.get(`/service-agreements/of-project?projectId=${project.id}`)).status).toBe(400);
    expect((await api.get(`/service-agreements/${agreement.id}/history`)).status).toBe(404);
    expect(
      (await api.patch(`/service-agreements/${agreement.id}`, { version: 1, changes: { contactName: 'x' } }))
        .status,
    ).toBe(404);
    expect((await visitDone(agreement, '2026-03-01', stranger)).status).toBe(404);
    expect(
      (await api.post('/service-agreements/price-index', { percent: 5, date: '2026-01-01' })).status,
    ).toBe(200);
    expect(await ofProject(project.id)).toMatchObject({ version: 1, pricePerVisitOre: 450_000 });
  });

  it('lets only the right roles write', async () => {
    const project = await newServiceProject(admin, 'Roller');
    expect((await create(project.id, {}, technician)).status).toBe(403);
    expect((await create(project.id, {}, reader)).status).toBe(403);
    const { body: agreement } = await create(project.id, {}, office);
    expect(
      (
        await restClient(server, leader).post('/service-agreements/price-index', {
          percent: 2,
          date: '2026-01-01',
        })
      ).status,
    ).toBe(403);
    expect((await visitDone(agreement, '2026-03-01', reader)).status).toBe(403);
    expect((await visitDone(agreement, '2026-03-01', technician)).status).toBe(201);
    expect((await restClient(server, reader).get(`/service-agreements/due`)).status).toBe(200);
  });
});
