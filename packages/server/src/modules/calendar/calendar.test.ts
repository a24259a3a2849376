import type { CalendarEntryDto, OfferDto, ProjectDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';

/** GET /calendar (issue 17): the layers, company isolation, roles and bad ranges. */

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let offer: OfferDto;

type Refusal = { code: string; details?: { fields?: Record<string, string> } };

// Every layer but the process dates, which a new project's delivery date fills in by itself.
const ALL = 'projectStart,projectDelivery,projectEnd,tasks,offerDeadlines,inquiryDeadlines,birthdays';

const entries = async (query: string, user = admin) =>
  (await restClient(server, user).get<CalendarEntryDto[]>(`/calendar?${query}`)).body;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-05-02T09:00:00Z'));
  admin = await server.signedInUser({
    role: 'admin',
    firstName: 'Kari',
    lastName: 'Nord',
    dateOfBirth: '1980-05-20',
  });
  technician = await server.signedInUser({ role: 'technician', companyId: admin.companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  project = await admin.client.request('project:create', {
    name: 'Skole Lørenskog',
    startDate: '2026-05-04',
    deliveryDate: '2026-05-18',
    endDate: '2026-06-30',
  } as never);
  await stranger.client.request('project:create', { name: 'Fremmed', deliveryDate: '2026-05-18' } as never);
  const api = restClient(server, admin);
  offer = (await api.post<OfferDto>('/offers', { projectName: 'Kontorbygg Økern' })).body;
  offer = (
    await api.patch<OfferDto>(`/offers/${offer.id}`, {
      version: offer.version,
      changes: { offerDeadline: '2026-05-12' },
    })
  ).body;
  await api.post('/tasks', {
    name: 'Mål opp dører',
    date: '2026-05-06',
    entityType: 'project',
    entityId: project.id,
  });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /calendar', () => {
  it('lists the project dates, tasks, offer deadlines and birthdays in the range, sorted by date', async () => {
    const found = await entries(`from=2026-05-01&to=2026-05-31&layers=${ALL}`);
    expect(found.map((entry) => [entry.layer, entry.start, entry.title])).toEqual([
      ['projectStart', '2026-05-04', `${project.number} Skole Lørenskog`],
      ['tasks', '2026-05-06', 'Mål opp dører'],
      ['offerDeadlines', '2026-05-12', `${offer.number} Kontorbygg Økern`],
      ['projectDelivery', '2026-05-18', `${project.number} Skole Lørenskog`],
      ['birthdays', '2026-05-20', 'Kari Nord'],
    ]);
    const delivery = found.find((entry) => entry.layer === 'projectDelivery')!;
    expect(delivery).toMatchObject({
      target: { type: 'project', id: project.id },
      version: project.version,
      allDay: true,
    });
    expect(delivery.colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('shows the process dates with their column’s name and colour', async () => {
    const found = await entries('from=2026-05-01&to=2026-05-31&layers=process');
    expect(found.length).toBeGreaterThan(0);
    for (const entry of found) {
      expect(entry).toMatchObject({ layer: 'process', target: { type: 'project', id: project.id } });
      expect(entry.detail?.nameNo).toBeTruthy();
      expect(entry.colour).toMatch(/^#[0-9a-fA-F]{6}$/);
    }
  });

  it('shows only the layers asked for', async () => {
    const found = await entries('from=2026-05-01&to=2026-05-31&layers=projectDelivery');
    expect(found.map((entry) => entry.layer)).toEqual(['projectDelivery']);
    expect(await entries('from=2026-05-01&to=2026-05-31&layers=')).toEqual([]);
  });

  it('never shows another company’s records', async () => {
    const theirs = await entries(`from=2026-05-01&to=2026-05-31&layers=${ALL}`, stranger);
    expect(theirs.map((entry) => entry.title)).toEqual([expect.stringContaining('Fremmed')]);
    expect(theirs.some((entry) => entry.target.id === project.id)).toBe(false);
  });

  it('leaves out the layers a role may not read (a technician sees no offer deadlines)', async () => {
    const found = await entries(`from=2026-05-01&to=2026-05-31&layers=${ALL}`, technician);
    expect(found.some((entry) => entry.layer === 'offerDeadlines')).toBe(false);
    expect(found.some((entry) => entry.layer === 'birthdays')).toBe(true);
  });

  it('refuses a caller without a session before reading anything', async () => {
    const response = await fetch(`${server.url}/api/calendar?from=2026-05-01&to=2026-05-31`);
    expect(response.status).toBe(401);
  });

  it.each([
    ['a range over 100 days', 'from=2026-01-01&to=2026-06-30', 'validation.rangeTooLong?max=100'],
    ['to before from', 'from=2026-05-10&to=2026-05-01', 'validation.rangeFromBeforeTo'],
    ['a bad date', 'from=2026-02-30&to=2026-03-10', 'validation.dateNotValid'],
    ['an unknown layer', 'from=2026-05-01&to=2026-05-31&layers=secrets', undefined],
    ['a NUL character', 'from=2026-05-01%00&to=2026-05-31', undefined],
  ])('refuses %s with a coded error', async (_name, query, message) => {
    const response = await restClient(server, admin).get<Refusal>(`/calendar?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION');
    if (message) expect(Object.values(response.body.details?.fields ?? {})).toContain(message);
  });
});

describe('moving a delivery from the calendar', () => {
  it('uses project:update at the entry’s version; a stale version is a conflict and changes nothing', async () => {
    const [delivery] = await entries('from=2026-05-01&to=2026-05-31&layers=projectDelivery');
    const moved = await admin.client.request('project:update', {
      id: delivery!.target.id,
      version: delivery!.version!,
      changes: { deliveryDate: '2026-05-20' },
    });
    expect(moved.deliveryDate).toBe('2026-05-20');
    await expect(
      admin.client.request('project:update', {
        id: delivery!.target.id,
        version: delivery!.version!,
        changes: { deliveryDate: '2026-05-22' },
      }),
    ).rejects.toMatchObject({ payload: { code: 'CONFLICT' } });
    const [after] = await entries('from=2026-05-01&to=2026-05-31&layers=projectDelivery');
    expect(after).toMatchObject({ start: '2026-05-20', version: moved.version });
  });
});

describe('plans and service visits on the calendar', () => {
  it('shows my plans to a technician, everybody’s to a reader of the planner, and nothing of another company', async () => {
    const db = server.ctx.db;
    const own = await seedEmployee(db, admin.companyId, {
      firstName: 'Tor',
      lastName: 'Tekniker',
      userId: technician.userId,
    });
    const other = await seedEmployee(db, admin.companyId, { firstName: 'Siv', lastName: 'Montør' });
    const theirs = await seedEmployee(db, stranger.companyId, { firstName: 'Fremmed' });
    await admin.client.request('plan:add', {
      cells: [
        { employeeId: own.id, date: '2026-05-05', version: 0 },
        { employeeId: other.id, date: '2026-05-05', version: 0 },
      ],
      subject: { kind: 'project', projectId: project.id },
      dayPart: 2,
    });
    await admin.client.request('plan:add', {
      cells: [{ employeeId: other.id, date: '2026-05-07', version: 0 }],
      subject: { kind: 'absence', absence: 'holiday' },
      dayPart: 4,
    });
    await stranger.client.request('plan:add', {
      cells: [{ employeeId: theirs.id, date: '2026-05-05', version: 0 }],
      subject: { kind: 'absence', absence: 'sick' },
      dayPart: 4,
    });
    const mine = await entries('from=2026-05-01&to=2026-05-31&layers=myPlans,allPlans', technician);
    expect(mine.map((entry) => [entry.layer, entry.start, entry.title, entry.target])).toEqual([
      ['myPlans', '2026-05-05', `${project.number} Skole Lørenskog`, { type: 'project', id: project.id }],
    ]);
    const all = await entries('from=2026-05-01&to=2026-05-31&layers=allPlans,myPlans');
    expect(
      all.map((entry) => [entry.layer, entry.start, entry.title, entry.absence ?? null, entry.target]),
    ).toEqual([
      [
        'allPlans',
        '2026-05-05',
        `${project.number} Skole Lørenskog — Siv Montør, Tor Tekniker`,
        null,
        { type: 'project', id: project.id },
      ],
      ['allPlans', '2026-05-07', 'Siv Montør', 'holiday', { type: 'planner', id: '2026-05-07' }],
    ]);
    // The range limits what is read: the week after holds nothing.
    expect(await entries('from=2026-05-08&to=2026-05-31&layers=allPlans')).toEqual([]);
    const strangers = await entries('from=2026-05-01&to=2026-05-31&layers=allPlans,myPlans', stranger);
    expect(strangers).toHaveLength(1);
    expect(strangers[0]).toMatchObject({
      layer: 'allPlans',
      absence: 'sick',
      title: expect.stringMatching(/^Fremmed/),
    });
  });

  it('shows an agreement’s next visit on its day, opening the service project', async () => {
    const serviceProject = await admin.client.request('project:create', {
      name: 'Storo',
      isService: true,
    } as never);
    await restClient(server, admin).post('/service-agreements', {
      projectId: serviceProject.id,
      interval: 'quarterly',
      startDate: '2026-05-14',
    });
    const visits = await entries('from=2026-05-01&to=2026-05-31&layers=serviceVisits');
    expect(visits).toEqual([
      expect.objectContaining({
        start: '2026-05-14',
        title: `${serviceProject.number} Storo`,
        target: { type: 'serviceProject', id: serviceProject.id },
      }),
    ]);
    expect(await entries('from=2026-05-01&to=2026-05-31&layers=serviceVisits', stranger)).toEqual([]);
  });
});
