import type {
  CapacityCellDto,
  CapacityDto,
  OfferDto,
  OfferStatusDto,
  PlanAddInput,
  ProjectDto,
} from '@karm/domain/contract';
import { HOURS_PER_DAY } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { administrativeActor } from '../../platform/context';
import { seedCustomer, seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { getCapacity } from './capacity.service';

let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let office: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;
let ada: { id: string };
let bo: { id: string };
let cato: { id: string };
let project: ProjectDto;
let offer: OfferDto;
let sent: OfferStatusDto;

const DAY = HOURS_PER_DAY;

/** Books one never-booked cell, as a leader in the planner. */
const book = (employeeId: string, date: string, subject: PlanAddInput['subject'], dayPart: number) =>
  leader.client.request('plan:add', { cells: [{ employeeId, date, version: 0 }], subject, dayPart });
const WEEK_10 = { year: 2026, week: 10 };

beforeAll(async () => {
  server = await startTestServer();
  // Monday of ISO week 10, 2026.
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId });
  office = await server.signedInUser({ role: 'office', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  ada = await seedEmployee(server.ctx.db, companyId, { firstName: 'Ada', workGroup: 'produksjon' });
  bo = await seedEmployee(server.ctx.db, companyId, { firstName: 'Bo', workGroup: 'produksjon' });
  cato = await seedEmployee(server.ctx.db, companyId, { firstName: 'Cato', workGroup: 'montasje' });
  await seedEmployee(server.ctx.db, companyId, { firstName: 'Siv', workGroup: 'service' });
  await seedEmployee(server.ctx.db, stranger.companyId, { firstName: 'Fremmed', workGroup: 'produksjon' });
  // Delivered Friday of week 12: production is due a week before (week 11), installation in week 12.
  project = await office.client.request('project:create', {
    name: 'Skole Lørenskog',
    deliveryDate: '2026-03-20',
    productionHours: 30,
    installationHours: 15,
  } as never);
  const statuses = (await restClient(server, admin).get<OfferStatusDto[]>('/offer-statuses')).body;
  sent = statuses.find((status) => status.name === 'Sendt')!;
  const customer = await seedCustomer(server.ctx.db, companyId, { name: 'Økern Eiendom AS' });
  offer = (
    await restClient(server, office).post<OfferDto>('/offers', {
      projectName: 'Kontorbygg Økern',
      customerId: customer.id,
      statusId: sent.id,
      expectedDeliveryDate: '2026-03-20',
      productionHours: 20,
      installationHours: 10,
    })
  ).body;
  // Ada builds 1½ days of the school in week 11; Bo is on holiday that Monday.
  await book(ada.id, '2026-03-10', { kind: 'project', projectId: project.id }, 4);
  await book(ada.id, '2026-03-11', { kind: 'project', projectId: project.id }, 2);
  await book(bo.id, '2026-03-09', { kind: 'absence', absence: 'holiday' }, 4);
});
afterAll(async () => {
  await server?.close();
});

const cellOf = (capacity: CapacityDto, week: number, workGroup: string) =>
  capacity.cells.find((cell) => cell.week === week && cell.workGroup === workGroup) as CapacityCellDto;

describe('capacity:get', () => {
  it('answers every work group in this week and the next four: available, booked, demand, pipeline', async () => {
    const capacity = await leader.client.request('capacity:get', { fromWeek: WEEK_10, weeks: 5 });
    expect(capacity.weeks.map((week) => week.week)).toEqual([10, 11, 12, 13, 14]);
    expect(capacity.workGroups).toEqual(['produksjon', 'montasje', 'service', 'admin']);
    expect(capacity.cells).toHaveLength(5 * 4);
    expect(cellOf(capacity, 11, 'produksjon')).toMatchObject({
      employeeCount: 2,
      workingDays: 5,
      availableHours: 2 * 5 * DAY - DAY,
      absenceHours: DAY,
      bookedHours: 1.5 * DAY,
      unplannedDemandHours: 30 - 1.5 * DAY,
      // Sendt starts at 50 %: half of the offer's 20 production hours.
      pipelineHours: 10,
    });
    expect(cellOf(capacity, 12, 'montasje')).toMatchObject({
      employeeCount: 1,
      availableHours: 5 * DAY,
      bookedHours: 0,
      unplannedDemandHours: 15,
      pipelineHours: 5,
    });
    expect(cellOf(capacity, 10, 'produksjon')).toMatchObject({ unplannedDemandHours: 0, pipelineHours: 0 });
    // Week 14 of 2026 holds Maundy Thursday and Good Friday.
    expect(capacity.weeks[4]).toMatchObject({
      workingDays: 3,
      redDays: [
        { date: '2026-04-02', name: 'maundyThursday' },
        { date: '2026-04-03', name: 'goodFriday' },
      ],
    });
    expect(cellOf(capacity, 14, 'service')).toMatchObject({ employeeCount: 1, availableHours: 3 * DAY });
    expect(capacity.unplacedOfferCount).toBe(0);
  });

  it('crosses the year end through week 53, and refuses more than five weeks or a week that does not exist', async () => {
    const capacity = await leader.client.request('capacity:get', {
      fromWeek: { year: 2026, week: 52 },
      weeks: 3,
    });
    expect(capacity.weeks.map(({ year, week }) => `${year}-${week}`)).toEqual([
      '2026-52',
      '2026-53',
      '2027-1',
    ]);
    for (const bad of [
      { fromWeek: WEEK_10, weeks: 6 },
      { fromWeek: WEEK_10, weeks: 0 },
      { fromWeek: WEEK_10, weeks: 2.5 },
      { fromWeek: { year: 2026, week: 54 }, weeks: 1 },
      { fromWeek: { year: 2027, week: 53 }, weeks: 1 },
      { fromWeek: WEEK_10, weeks: '5' },
    ]) {
      expect((await leader.client.requestError('capacity:get', bad as never)).code).toBe('VALIDATION');
    }
  });

  it('is for leaders, the office and readers, never a technician, and shows each company its own', async () => {
    expect(await office.client.request('capacity:get', { fromWeek: WEEK_10, weeks: 1 })).toBeTruthy();
    expect(
      await technician.client.requestError('capacity:get', { fromWeek: WEEK_10, weeks: 1 }),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    const theirs = await stranger.client.request('capacity:get', { fromWeek: WEEK_10, weeks: 3 });
    expect(cellOf(theirs, 11, 'produksjon')).toMatchObject({
      employeeCount: 1,
      bookedHours: 0,
      absenceHours: 0,
      unplannedDemandHours: 0,
      pipelineHours: 0,
    });
  });
});

describe('statements', () => {
  it('reads in a fixed number of statements, however many weeks, employees, projects and offers', async () => {
    const client = (server.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const statementsOf = async (weeks: number) => {
      const spy = vi.spyOn(client, 'query');
      try {
        await getCapacity(server.ctx, administrativeActor(leader.companyId, leader.userId), {
          // From week 11: every run has candidate projects (an empty candidate list skips a statement).
          fromWeek: { year: 2026, week: 11 },
          weeks,
        });
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const few = await statementsOf(1);
    expect(few).toBeGreaterThan(0);
    expect(await statementsOf(5)).toBe(few);
    for (const index of [1, 2, 3]) {
      await seedEmployee(server.ctx.db, leader.companyId, {
        firstName: `Ekstra ${index}`,
        workGroup: 'montasje',
      });
      await office.client.request('project:create', {
        name: `Ekstra ${index}`,
        deliveryDate: '2026-03-27',
        productionHours: 5,
      } as never);
    }
    expect(await statementsOf(5)).toBe(few);
  });
});

describe('capacity:details', () => {
  it('breaks a group’s week down by project, employee and offer, adding up to the chart', async () => {
    const details = await leader.client.request('capacity:details', {
      ...{ year: 2026, week: 11 },
      workGroup: 'produksjon',
    });
    const capacity = await leader.client.request('capacity:get', {
      fromWeek: { year: 2026, week: 11 },
      weeks: 1,
    });
    expect(details.totals).toEqual(
      Object.fromEntries(
        Object.entries(cellOf(capacity, 11, 'produksjon')).filter(
          ([key]) => key !== 'year' && key !== 'week',
        ),
      ),
    );
    expect(details.projects).toEqual([
      expect.objectContaining({
        id: project.id,
        number: project.number,
        kind: 'production',
        stepDate: '2026-03-13',
        demandHours: 30,
        bookedHours: 1.5 * DAY,
        unplannedHours: 30 - 1.5 * DAY,
      }),
    ]);
    expect(details.employees).toEqual([
      expect.objectContaining({
        id: ada.id,
        availableHours: 5 * DAY,
        bookedHours: 1.5 * DAY,
        absenceHours: 0,
      }),
      expect.objectContaining({ id: bo.id, availableHours: 4 * DAY, bookedHours: 0, absenceHours: DAY }),
    ]);
    expect(details.offers).toEqual([
      expect.objectContaining({
        id: offer.id,
        statusName: 'Sendt',
        likelihoodPercent: 50,
        hours: 20,
        weightedHours: 10,
      }),
    ]);
    expect(details.taskHours).toBe(0);
  });

  it('counts hours booked on a task as booked, and a project booked without demand with none', async () => {
    const task = (
      await restClient(server, leader).post<{ id: string }>('/tasks', {
        name: 'Rydde verksted',
        date: '2026-03-16',
      })
    ).body;
    const other = await office.client.request('project:create', { name: 'Uten timer' } as never);
    await book(cato.id, '2026-03-16', { kind: 'task', taskId: task.id }, 1);
    await book(cato.id, '2026-03-17', { kind: 'project', projectId: other.id }, 2);
    const details = await leader.client.request('capacity:details', {
      year: 2026,
      week: 12,
      workGroup: 'montasje',
    });
    expect(details.taskHours).toBe(DAY / 4);
    expect(details.totals.bookedHours).toBe(DAY / 4 + DAY / 2);
    expect(details.projects).toEqual([
      expect.objectContaining({ id: project.id, kind: 'installation', demandHours: 15, unplannedHours: 15 }),
      expect.objectContaining({ id: other.id, kind: null, demandHours: 0, bookedHours: DAY / 2 }),
    ]);
  });

  it('refuses a work group nobody is in, a week that does not exist and input that is not text', async () => {
    expect(
      await leader.client.requestError('capacity:details', { year: 2026, week: 11, workGroup: 'lakkering' }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    for (const bad of [
      { year: 2026, week: 54, workGroup: 'produksjon' },
      { year: 2026, week: 11, workGroup: '' },
      { year: 2026, week: 11, workGroup: 'x'.repeat(41) },
      { year: 2026, week: 11, workGroup: 'produk\u0000sjon' },
      { year: 2026, week: 11, workGroup: 7 },
    ]) {
      expect((await leader.client.requestError('capacity:details', bad as never)).code).toBe('VALIDATION');
    }
  });
});

describe('where hours land', () => {
  it('moves installation to the agreed installation date, and drops a step that is done', async () => {
    const moved = await office.client.request('project:create', {
      name: 'Enebolig Bærum',
      deliveryDate: '2026-03-20',
      agreedInstallationDate: '2026-03-25',
      productionHours: 8,
      installationHours: 6,
    } as never);
    const before = await leader.client.request('capacity:get', {
      fromWeek: { year: 2026, week: 11 },
      weeks: 3,
    });
    expect(cellOf(before, 12, 'montasje').unplannedDemandHours).toBe(15);
    expect(cellOf(before, 13, 'montasje').unplannedDemandHours).toBe(6);
    expect(cellOf(before, 11, 'produksjon').unplannedDemandHours).toBe(30 - 1.5 * DAY + 8);
    const { columns, entries } = await leader.client.request('mongo:project_process', {
      projectIds: [moved.id],
    });
    const production = columns.find((column) => column.status === 'production')!;
    const cell = entries.find(
      (entry) => entry.projectId === moved.id && entry.processColumnId === production.id,
    )!;
    await leader.client.request('process:update-entry', {
      projectId: moved.id,
      processColumnId: production.id,
      version: cell.version,
      noteDates: { completed: '2026-03-10' },
    });
    const after = await leader.client.request('capacity:get', {
      fromWeek: { year: 2026, week: 11 },
      weeks: 1,
    });
    expect(cellOf(after, 11, 'produksjon').unplannedDemandHours).toBe(30 - 1.5 * DAY);
  });
});

describe('the pipeline', () => {
  const pipelineOfWeek11 = async () =>
    cellOf(
      await leader.client.request('capacity:get', { fromWeek: { year: 2026, week: 11 }, weeks: 1 }),
      11,
      'produksjon',
    ).pipelineHours;

  it('weighs open offers by the likelihood an admin sets on their status, version-checked', async () => {
    const api = restClient(server, admin);
    const changed = await api.patch<OfferStatusDto>(`/offer-statuses/${sent.id}`, {
      likelihoodPercent: 80,
      version: sent.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ likelihoodPercent: 80, version: sent.version + 1 });
    expect(await pipelineOfWeek11()).toBe(16);
    // Someone who read the status before that change is told, and nothing changes.
    const stale = await api.patch<{ code: string }>(`/offer-statuses/${sent.id}`, {
      likelihoodPercent: 10,
      version: sent.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect(await pipelineOfWeek11()).toBe(16);
    sent = changed.body;
  });

  it('refuses a likelihood outside 0–100 or not a whole number, and lets only admins set it', async () => {
    const api = restClient(server, admin);
    for (const likelihoodPercent of [-1, 101, 12.5, '50', null]) {
      const refused = await api.patch<{ code: string }>(`/offer-statuses/${sent.id}`, { likelihoodPercent });
      expect(refused.status, String(likelihoodPercent)).toBe(400);
    }
    expect(
      (await restClient(server, leader).patch(`/offer-statuses/${sent.id}`, { likelihoodPercent: 90 }))
        .status,
    ).toBe(403);
    expect(
      (await restClient(server, stranger).patch(`/offer-statuses/${sent.id}`, { likelihoodPercent: 90 }))
        .status,
    ).toBe(404);
    const statuses = (await api.get<OfferStatusDto[]>('/offer-statuses')).body;
    expect(statuses.find((status) => status.id === sent.id)?.likelihoodPercent).toBe(80);
  });

  it('starts statuses by their outcome: won 100 %, lost 0 %, others 50 %; a new outcome takes its own', async () => {
    const api = restClient(server, admin);
    const statuses = (await api.get<OfferStatusDto[]>('/offer-statuses')).body;
    expect(statuses.find((status) => status.isWon)?.likelihoodPercent).toBe(100);
    expect(statuses.find((status) => status.isLost)?.likelihoodPercent).toBe(0);
    const created = (await api.post<OfferStatusDto>('/offer-statuses', { name: 'Befaring' })).body;
    expect(created).toMatchObject({ likelihoodPercent: 50, version: 1 });
    const lost = (await api.patch<OfferStatusDto>(`/offer-statuses/${created.id}`, { isLost: true })).body;
    expect(lost).toMatchObject({ isLost: true, likelihoodPercent: 0, version: 2 });
    const own = (await api.post<OfferStatusDto>('/offer-statuses', { name: 'Nesten', likelihoodPercent: 90 }))
      .body;
    expect(own.likelihoodPercent).toBe(90);
  });

  it('counts offers without an expected delivery apart, and moves a converted offer to its project', async () => {
    const api = restClient(server, office);
    await api.post<OfferDto>('/offers', { projectName: 'Uten dato', productionHours: 12 });
    const capacity = await leader.client.request('capacity:get', {
      fromWeek: { year: 2026, week: 11 },
      weeks: 2,
    });
    expect(capacity.unplacedOfferCount).toBe(1);
    expect((await api.post(`/offers/${offer.id}/convert-to-project`, {})).status).toBeLessThan(300);
    const after = await leader.client.request('capacity:get', {
      fromWeek: { year: 2026, week: 11 },
      weeks: 2,
    });
    // The offer's hours are now the project's: demand in full, no longer a weighted band.
    expect(cellOf(after, 11, 'produksjon').pipelineHours).toBe(0);
    expect(cellOf(after, 11, 'produksjon').unplannedDemandHours).toBe(
      cellOf(capacity, 11, 'produksjon').unplannedDemandHours + 20,
    );
    expect(cellOf(after, 12, 'montasje').unplannedDemandHours).toBe(
      cellOf(capacity, 12, 'montasje').unplannedDemandHours + 10,
    );
  });
});
