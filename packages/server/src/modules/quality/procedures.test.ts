import type { Page, ProcedureDetailDto, ProcedureDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';

/** Procedures (issue 16): sanitised text, versions, read-acknowledgements per version, isolation. */

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;

type Refusal = { code: string; messageKey?: string; details?: { fields?: Record<string, string> } };

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin', firstName: 'Anne', lastName: 'Admin' });
  technician = await server.signedInUser({
    role: 'technician',
    companyId: admin.companyId,
    firstName: 'Tor',
    lastName: 'Tekniker',
  });
  stranger = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const api = (user: SignedInUser) => restClient(server, user);

const NEW = {
  title: 'Montasje av skyvedør',
  category: 'installation',
  html: '<h2>Før montering</h2><p>Kontroller <strong>åpningen</strong>.</p>',
  effectiveDate: '2026-03-01',
  reason: 'Første utgave',
};

const create = async (input: object = {}) => {
  const response = await api(admin).post<ProcedureDetailDto>('/quality/procedures', { ...NEW, ...input });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

describe('procedures', () => {
  it('numbers procedures and keeps the text', async () => {
    const first = await create({ ownerId: admin.userId });
    const second = await create({ title: 'Innkjøp av glass', category: 'purchasing' });
    expect(second.number).toBe(first.number + 1);
    expect(first).toMatchObject({
      title: 'Montasje av skyvedør',
      ownerName: 'Anne Admin',
      html: NEW.html,
      currentVersion: { versionNumber: 1, effectiveDate: '2026-03-01', reason: 'Første utgave' },
      isAcknowledgedByMe: false,
      acknowledgedCount: 0,
      memberCount: 2,
    });
  });

  it.each([
    ['a script', '<p>Les</p><script>alert(1)</script>', '<p>Les</p>'],
    ['an onerror handler', '<p>Les<img src=x onerror=alert(1)></p>', '<p>Les</p>'],
    [
      'a javascript: link',
      '<p><a href="javascript:alert(1)">Les</a></p>',
      '<p><a rel="noopener noreferrer" target="_blank">Les</a></p>',
    ],
    ['an SVG with onload', '<svg onload=alert(1)></svg><p>Les</p>', '<p>Les</p>'],
  ])('stores the text without %s', async (_what, html, expected) => {
    expect((await create({ html })).html).toBe(expected);
  });

  it('refuses a text that is empty once sanitised, a technician, another company’s owner and NUL', async () => {
    const empty = await api(admin).post<Refusal>('/quality/procedures', {
      ...NEW,
      html: '<script>x</script><p> </p>',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details?.fields).toEqual({ html: 'validation.richTextEmpty' });
    expect((await api(technician).post('/quality/procedures', NEW)).status).toBe(403);
    const foreignOwner = await api(admin).post<Refusal>('/quality/procedures', {
      ...NEW,
      ownerId: stranger.userId,
    });
    expect(foreignOwner.body.details?.fields).toEqual({ ownerId: 'validation.referenceUnknown' });
    expect((await api(admin).post('/quality/procedures', { ...NEW, title: 'A\u0000' })).status).toBe(400);
  });

  it('asks everyone again when a new version is published', async () => {
    const procedure = await create();
    const read = await api(technician).post<ProcedureDetailDto>(
      `/quality/procedures/${procedure.id}/acknowledge`,
      {
        versionNumber: 1,
      },
    );
    expect(read.body).toMatchObject({ isAcknowledgedByMe: true, acknowledgedCount: 1 });
    expect(
      read.body.acknowledgements.find((person) => person.userId === technician.userId)?.acknowledgedAt,
    ).toBe('2026-03-02T09:00:00.000Z');
    expect(
      read.body.acknowledgements.find((person) => person.userId === admin.userId)?.acknowledgedAt,
    ).toBeNull();

    expect(
      (
        await api(technician).post(`/quality/procedures/${procedure.id}/versions`, {
          version: procedure.version,
          html: '<p>Ny</p>',
          effectiveDate: '2026-04-01',
          reason: 'Nytt beslag',
        })
      ).status,
    ).toBe(403);
    const published = await api(admin).post<ProcedureDetailDto>(
      `/quality/procedures/${procedure.id}/versions`,
      {
        version: procedure.version,
        html: '<p>Bruk <em>nytt</em> beslag</p>',
        effectiveDate: '2026-04-01',
        reason: 'Nytt beslag',
      },
    );
    expect(published.status).toBe(201);
    expect(published.body.versions.map((version) => version.versionNumber)).toEqual([2, 1]);
    expect(published.body.html).toBe('<p>Bruk <em>nytt</em> beslag</p>');
    const again = (await api(technician).get<ProcedureDetailDto>(`/quality/procedures/${procedure.id}`)).body;
    expect(again).toMatchObject({ isAcknowledgedByMe: false, acknowledgedCount: 0 });
    const unread = (
      await api(technician).get<Page<ProcedureDto>>('/quality/procedures?unread=true&pageSize=200')
    ).body;
    expect(unread.items.map((item) => item.id)).toContain(procedure.id);

    const stale = await api(technician).post<Refusal>(`/quality/procedures/${procedure.id}/acknowledge`, {
      versionNumber: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.messageKey).toBe('validation.procedureVersionStale');
    const staleEdit = await api(admin).post<Refusal>(`/quality/procedures/${procedure.id}/versions`, {
      version: procedure.version,
      html: '<p>Gammel</p>',
      effectiveDate: '2026-04-01',
      reason: 'Feil',
    });
    expect(staleEdit.status).toBe(409);
    const twice = await api(technician).post<ProcedureDetailDto>(
      `/quality/procedures/${procedure.id}/acknowledge`,
      {
        versionNumber: 2,
      },
    );
    await api(technician).post(`/quality/procedures/${procedure.id}/acknowledge`, { versionNumber: 2 });
    expect(twice.body.acknowledgedCount).toBe(1);
  });

  it('flags a passed review date, edits at the version read, and stays in the company', async () => {
    const procedure = await create({ title: 'HMS på byggeplass', category: 'hms', reviewDate: '2026-03-10' });
    const changed = await api(admin).patch<ProcedureDetailDto>(`/quality/procedures/${procedure.id}`, {
      version: procedure.version,
      changes: { reviewDate: '2026-02-01' },
    });
    expect(changed.body).toMatchObject({ reviewDate: '2026-02-01', isReviewDue: true });
    const due = (await api(admin).get<Page<ProcedureDto>>('/quality/procedures?reviewDue=true&pageSize=200'))
      .body;
    expect(due.items.map((item) => item.id)).toEqual([procedure.id]);
    const stale = await api(admin).patch(`/quality/procedures/${procedure.id}`, {
      version: procedure.version,
      changes: { title: 'Gammel' },
    });
    expect(stale.status).toBe(409);
    expect((await api(stranger).get(`/quality/procedures/${procedure.id}`)).status).toBe(404);
    expect(
      (await api(stranger).post(`/quality/procedures/${procedure.id}/acknowledge`, { versionNumber: 1 }))
        .status,
    ).toBe(404);
    const search = (await api(admin).get<Page<ProcedureDto>>('/quality/procedures?search=hms')).body;
    expect(search.items.map((item) => item.title)).toEqual(['HMS på byggeplass']);
    expect((await api(stranger).get<Page<ProcedureDto>>('/quality/procedures')).body.total).toBe(0);
  });
});
