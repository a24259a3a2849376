import type { CalendarEntryDto, OfferDto, ProjectDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
