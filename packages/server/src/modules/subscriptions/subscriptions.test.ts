import type { FeedCreatedDto, ProjectDto, SubscriptionsDto } from '@karm/domain/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { seedEmployee } from '../../seed/factories';
import { startFakePushService } from '../../test/fake-push-service';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { notifyOffersPastDeadline, sendDigests } from './notifications';
import { calendarFeeds, notificationDigestItems, pushSubscriptions } from './subscriptions.tables';

let server: TestServer;
let push: Awaited<ReturnType<typeof startFakePushService>>;
let admin: SignedInUser;
let leader: SignedInUser;
let technician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let tech: { id: string };
let ola: { id: string };
let project: ProjectDto;

const ALL_LAYERS = ['plans', 'tasks', 'deliveries', 'serviceVisits'] as const;

beforeAll(async () => {
  push = await startFakePushService();
  server = await startTestServer({ MAIL_FROM: 'Karm <varsel@karm.example>' });
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId, firstName: 'Lise', lastName: 'Leder' });
  technician = await server.signedInUser({ role: 'technician', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId, profile: { locale: 'nb' } });
  stranger = await server.signedInUser({ role: 'admin' });
  tech = await seedEmployee(server.ctx.db, companyId, { firstName: 'Tekniker', userId: technician.userId });
  ola = await seedEmployee(server.ctx.db, companyId, { firstName: 'Ola' });
  await seedEmployee(server.ctx.db, companyId, { firstName: 'Leder', userId: leader.userId });
  project = await admin.client.request('project:create', {
    name: 'Skole Lørenskog',
    deliveryDate: '2026-03-20',
  } as never);
  await stranger.client.request('project:create', {
    name: 'Andres levering',
    deliveryDate: '2026-03-20',
  } as never);
  // Tekniker is booked on the school all of Wednesday.
  await leader.client.request('plan:add', {
    cells: [{ employeeId: tech.id, date: '2026-03-04', version: 0 }],
    subject: { kind: 'project', projectId: project.id },
    dayPart: 4,
    isOverbookingConfirmed: false,
  });
  await restClient(server, leader).post('/tasks', {
    name: 'Bytt dørpumpe',
    date: '2026-03-05',
    assigneeId: tech.id,
  });
  await restClient(server, leader).post('/tasks', {
    name: 'Olas oppgave',
    date: '2026-03-05',
    assigneeId: ola.id,
  });
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

const createFeed = (user: SignedInUser, layers: readonly string[] = ALL_LAYERS) =>
  user.client.request('subscriptions:feed-create', { layers } as never) as Promise<FeedCreatedDto>;
const fetchFeed = (path: string) => fetch(`${server.url}${path}`);
const feedText = async (path: string) => {
  const response = await fetchFeed(path);
  expect(response.status).toBe(200);
  return response.text();
};
const outboxTo = (username: string) =>
  server.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, `${username}@example.test`));

describe('the calendar feed', () => {
  it('is a 256-bit secret URL shown once and stored only as its hash', async () => {
    const first = await createFeed(technician);
    expect(first.path).toMatch(/^\/api\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const secret = first.path.slice('/api/feeds/'.length, -'.ics'.length);
    expect(first.subscriptions.feed).toMatchObject({ isOn: true, prefix: secret.slice(0, 6) });
    const [row] = await server.ctx.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, technician.userId));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const again = (await technician.client.request('subscriptions:get')) as SubscriptionsDto;
    expect(JSON.stringify(again)).not.toContain(secret);
    // Guessing: a made-up secret of the right shape, a short one and a path trick are all unknown.
    for (const file of [`${'A'.repeat(43)}.ics`, 'abc.ics', `${secret}`, '..%2F..%2Fhealth']) {
      expect((await fetchFeed(`/api/feeds/${file}`)).status).toBe(404);
    }
  });

  it('holds my planned day and my task as whole days, RFC 5545, and nothing of other people or companies', async () => {
    const { path } = await createFeed(technician);
    const response = await fetchFeed(path);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const ics = await response.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);
    expect(ics).toContain('X-WR-TIMEZONE:Europe/Oslo');
    const plan = ics
      .split('BEGIN:VEVENT')
      .find((event) => event.includes(`SUMMARY:${project.number} Skole Lørenskog\r\n`));
    expect(plan).toBeDefined();
    expect(plan).toContain('DTSTART;VALUE=DATE:20260304');
    expect(plan).toContain('DTEND;VALUE=DATE:20260305');
    expect(plan).toMatch(/UID:plan-[0-9a-f-]+-2026-03-04@localhost/);
    expect(plan).toMatch(/DTSTAMP:20260302T090000Z/);
    expect(ics).toContain('Bytt dørpumpe');
    expect(ics).toContain('DTSTART;VALUE=DATE:20260305');
    // Ola's task is not mine; a technician does not read the company's deliveries; another company never.
    expect(ics).not.toContain('Olas oppgave');
    expect(ics).not.toContain('🚚');
    expect(ics).not.toContain('Andres levering');
    expect(
      ((await technician.client.request('subscriptions:get')) as SubscriptionsDto).feed.allowedLayers,
    ).toEqual(['plans', 'tasks', 'serviceVisits']);
  });

  it('shows the company’s deliveries to whoever reads projects, only the layers switched on', async () => {
    const { path } = await createFeed(leader, ['deliveries']);
    const ics = await feedText(path);
    expect(ics).toContain(`🚚 ${project.number} Skole Lørenskog`);
    expect(ics).toContain('DTSTART;VALUE=DATE:20260320');
    expect(ics).not.toContain('Andres levering');
    expect(ics).not.toContain('Bytt dørpumpe');
    await leader.client.request('subscriptions:feed-layers', { layers: ['tasks'] });
    const tasksOnly = await feedText(path);
    expect(tasksOnly).not.toContain('Skole Lørenskog');
  });

  it('a new URL revokes the old one; revoking ends it; a person switched off gets nothing', async () => {
    const old = await createFeed(reader);
    const renewed = await createFeed(reader);
    expect(renewed.path).not.toBe(old.path);
    expect((await fetchFeed(old.path)).status).toBe(404);
    expect((await fetchFeed(renewed.path)).status).toBe(200);
    await reader.client.request('subscriptions:feed-revoke');
    expect((await fetchFeed(renewed.path)).status).toBe(404);
    expect(((await reader.client.request('subscriptions:get')) as SubscriptionsDto).feed.isOn).toBe(false);

    const { path } = await createFeed(admin);
    expect((await fetchFeed(path)).status).toBe(200);
    await server.ctx.database.runSql('update users set is_active = false where id = $1', [admin.userId]);
    expect((await fetchFeed(path)).status).toBe(404);
    await server.ctx.database.runSql('update users set is_active = true where id = $1', [admin.userId]);
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const bad = await technician.client.requestError('subscriptions:feed-create', {
      layers: ['secrets'],
    } as never);
    expect(bad.code).toBe('VALIDATION');
    const nul = await technician.client.requestError('subscriptions:push-subscribe', {
      endpoint: 'https://push.example/\u0000',
      keys: { p256dh: 'x', auth: 'y' },
    } as never);
    expect(nul.code).toBe('VALIDATION');
    const notUrl = await technician.client.requestError('subscriptions:push-subscribe', {
      endpoint: 'javascript:alert(1)',
      keys: { p256dh: 'abc', auth: 'def' },
    } as never);
    expect(notUrl.code).toBe('VALIDATION');
    const none = await stranger.client.requestError('subscriptions:feed-layers', { layers: [] });
    expect(none.code).toBe('NOT_FOUND');
  });
});

describe('notifications', () => {
  it('offer only what the role may receive: a failed sync is for administrators', async () => {
    const saved = (await technician.client.request('subscriptions:notifications-save', {
      email: ['message', 'syncFailed', 'taskAssigned'],
      push: [],
      isDigest: false,
    })) as SubscriptionsDto;
    expect(saved.email).toEqual(['message', 'taskAssigned']);
    expect(saved.availableKinds).not.toContain('syncFailed');
    const asAdmin = (await admin.client.request('subscriptions:get')) as SubscriptionsDto;
    expect(asAdmin.availableKinds).toContain('syncFailed');
  });

  it('mail a message to whoever switched it on, and to nobody else', async () => {
    await reader.client.request('subscriptions:notifications-save', { email: [], push: [], isDigest: false });
    await leader.client.request('message:send', {
      message: 'Husk nøkkelen til skolen',
      to: { kind: 'users', userIds: [technician.userId, reader.userId] },
    });
    await vi.waitFor(async () => expect(await outboxTo(technician.username)).toHaveLength(1), {
      timeout: 20_000,
    });
    const [mail] = await outboxTo(technician.username);
    expect(mail).toMatchObject({
      subject: 'Karm: Message from Lise Leder',
      status: 'outbox',
      userId: technician.userId,
    });
    expect(mail?.text).toContain('Husk nøkkelen til skolen');
    expect(mail?.text).toContain('/convert/subscriptions');
    expect(await outboxTo(reader.username)).toHaveLength(0);
  });

  it('mail the person a task is given to', async () => {
    const before = (await outboxTo(technician.username)).length;
    await restClient(server, leader).post('/tasks', {
      name: 'Service på port',
      date: '2026-03-09',
      assigneeId: tech.id,
    });
    await vi.waitFor(async () => expect(await outboxTo(technician.username)).toHaveLength(before + 1), {
      timeout: 20_000,
    });
    const mails = await outboxTo(technician.username);
    expect(mails.map((mail) => mail.subject)).toContain('Karm: New task: Service på port');
    expect(mails.find((mail) => mail.subject.includes('Service på port'))?.text).toContain('09.03.2026');
  });

  it('collect the day’s notifications into one digest mail, in the person’s language', async () => {
    await reader.client.request('subscriptions:notifications-save', {
      email: ['message'],
      push: [],
      isDigest: true,
    });
    for (const text of ['Første', 'Andre']) {
      await leader.client.request('message:send', {
        message: text,
        to: { kind: 'users', userIds: [reader.userId] },
      });
    }
    const pending = () =>
      server.ctx.db
        .select()
        .from(notificationDigestItems)
        .where(
          sql`${notificationDigestItems.userId} = ${reader.userId} and ${notificationDigestItems.sentAt} is null`,
        );
    await vi.waitFor(async () => expect(await pending()).toHaveLength(2), { timeout: 20_000 });
    expect(await outboxTo(reader.username)).toHaveLength(0);
    expect(await sendDigests(server.ctx)).toBeGreaterThanOrEqual(1);
    const [digest] = await outboxTo(reader.username);
    expect(digest?.subject).toBe('Karm: dagens sammendrag (2 varsler)');
    expect(digest?.text).toMatch(
      /Melding fra Lise Leder[\s\S]*Første[\s\S]*Melding fra Lise Leder[\s\S]*Andre/,
    );
    expect(await pending()).toHaveLength(0);
    await sendDigests(server.ctx);
    expect(await outboxTo(reader.username)).toHaveLength(1);
  });

  it('tell an offer’s owner once that its deadline passed', async () => {
    const adminEmployee = await seedEmployee(server.ctx.db, admin.companyId, {
      firstName: 'Sjef',
      userId: admin.userId,
    });
    await admin.client.request('subscriptions:notifications-save', {
      email: ['offerOverdue'],
      push: [],
      isDigest: false,
    });
    await restClient(server, admin).post('/offers', {
      projectName: 'Kontorbygg Økern',
      ownerId: adminEmployee.id,
      offerDeadline: '2026-02-27',
    });
    expect(await notifyOffersPastDeadline(server.ctx)).toBe(1);
    expect(await notifyOffersPastDeadline(server.ctx)).toBe(0);
    await vi.waitFor(
      async () =>
        expect((await outboxTo(admin.username)).map((mail) => mail.subject)).toEqual([
          expect.stringMatching(/^Karm: Offer \d+ is past its deadline$/),
        ]),
      { timeout: 20_000 },
    );
  });
});

describe('web push', () => {
  it('encrypts the notification to the device and signs it with the server’s VAPID key', async () => {
    const device = push.subscribe();
    const subscribed = (await technician.client.request('subscriptions:push-subscribe', {
      ...device,
      label: 'Chrome på Windows',
    })) as SubscriptionsDto;
    expect(subscribed.pushDevices).toEqual([expect.objectContaining({ label: 'Chrome på Windows' })]);
    await technician.client.request('subscriptions:notifications-save', {
      email: [],
      push: ['message'],
      isDigest: false,
    });
    await leader.client.request('message:send', {
      message: 'Push til deg',
      to: { kind: 'users', userIds: [technician.userId] },
    });
    await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 20_000 });
    const [received] = push.received;
    expect(received?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received?.headers.ttl)).toBeGreaterThan(0);
    expect(received?.vapid).toMatchObject({
      isSignatureValid: true,
      subject: 'mailto:varsel@karm.example',
      publicKey: subscribed.pushPublicKey,
    });
    expect(received?.payload).toEqual({
      title: 'Message from Lise Leder',
      body: 'Push til deg',
      url: '/messages',
      tag: 'message',
    });
    // The private key is kept sealed; the public one is the browser's to subscribe with.
    const keys = await server.ctx.database.runSql('select public_key, private_key_sealed from push_keys');
    expect(keys.rows[0]?.public_key).toBe(subscribed.pushPublicKey);
    expect(String(keys.rows[0]?.private_key_sealed)).toMatch(/^v1\./);
  });

  it('forgets a device whose push service says it is gone, and removes one on request', async () => {
    const gone = push.subscribe();
    await technician.client.request('subscriptions:push-subscribe', { ...gone, label: 'Gammel telefon' });
    push.answer(gone.endpoint, 410);
    await leader.client.request('message:send', {
      message: 'Igjen',
      to: { kind: 'users', userIds: [technician.userId] },
    });
    await vi.waitFor(
      async () =>
        expect(
          await server.ctx.db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, gone.endpoint)),
        ).toEqual([]),
      { timeout: 20_000 },
    );
    const current = (await technician.client.request('subscriptions:get')) as SubscriptionsDto;
    const [device] = current.pushDevices;
    expect((await stranger.client.requestError('subscriptions:push-remove', { id: device!.id })).code).toBe(
      'NOT_FOUND',
    );
    const removed = (await technician.client.request('subscriptions:push-remove', {
      id: device!.id,
    })) as SubscriptionsDto;
    expect(removed.pushDevices).toEqual([]);
  });
});
