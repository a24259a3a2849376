import { Writable } from 'node:stream';
import type { ProjectDto, WebhookSecretDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { attemptDelivery, nextRetryAt, RETRY_WINDOW_MS } from './webhook-delivery';
import { dispatchDue } from './webhook-dispatch';
import { isPrivateAddress } from './webhook-network';
import { loadReadmeVerifier, type Receiver, startReceiver } from './webhook-receiver.testing';
import {
  createWebhook,
  getWebhookSettings,
  publishWebhookEvent,
  rotateWebhookSecret,
  saveWebhookSettings,
} from './webhooks.service';
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from './webhooks.tables';

let server: TestServer;
let admin: SignedInUser;
let staff: SignedInUser;
let otherAdmin: SignedInUser;
let receiver: Receiver;

beforeAll(async () => {
  // The installation lets administrators allow private addresses, so a loopback receiver can be used.
  server = await startTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  admin = await server.signedInUser({ role: 'admin' });
  staff = await server.signedInUser({ companyId: admin.companyId });
  otherAdmin = await server.signedInUser({ role: 'admin' });
  receiver = await startReceiver();
  const settings = await admin.client.request('webhooks:settings');
  await admin.client.request('webhooks:saveSettings', {
    allowPrivateNetwork: true,
    version: settings.version,
  });
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});
afterEach(async () => {
  // Each test starts with no subscriptions and nothing due.
  receiver.answerWith(200, 'ok');
  receiver.received.length = 0;
  await server.ctx.db.delete(webhookSubscriptions);
});

const FAST = { timeoutMs: 300, random: () => 0.5 };

const subscribe = (user: SignedInUser, input: Partial<Parameters<typeof createWebhook>[2]> = {}) =>
  user.client.request('webhooks:create', {
    url: `${receiver.url}/hook`,
    events: ['project.created', 'project.updated', 'project.archived'],
    ...input,
  }) as Promise<WebhookSecretDto>;

const createProject = (name: string) =>
  admin.client.request('project:create', { name } as never) as Promise<ProjectDto>;

const deliveriesOf = (subscriptionId: string) =>
  server.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId));

describe('subscriptions', () => {
  it('shows the secret once and stores it sealed', async () => {
    const { subscription, secret } = await subscribe(admin, { description: 'ERP' });
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(subscription).toMatchObject({ description: 'ERP', isActive: true, secretHint: secret.slice(-4) });
    const listed = await admin.client.request('webhooks:list');
    expect(listed).toEqual([subscription]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const [row] = await server.ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscription.id));
    expect(row?.secretSealed).not.toContain(secret);
    expect(server.ctx.secrets.open(row?.secretSealed ?? '')).toBe(secret);
  });

  it('edits at the version read; a stale save or delete is a conflict', async () => {
    const { subscription } = await subscribe(admin);
    const edit = {
      id: subscription.id,
      version: subscription.version,
      url: `${receiver.url}/other`,
      events: ['inquiry.created' as const],
      isActive: false,
    };
    const saved = await admin.client.request('webhooks:update', edit);
    expect(saved).toMatchObject({
      url: `${receiver.url}/other`,
      events: ['inquiry.created'],
      isActive: false,
    });
    expect((await admin.client.requestError('webhooks:update', edit)).code).toBe('CONFLICT');
    expect(
      (await admin.client.requestError('webhooks:delete', { id: subscription.id, version: 1 })).code,
    ).toBe('CONFLICT');
    await admin.client.request('webhooks:delete', { id: subscription.id, version: saved.version });
    expect(await admin.client.request('webhooks:list')).toEqual([]);
  });

  it('rotates the secret: the new one signs from then on, the old one is gone', async () => {
    const { subscription, secret } = await subscribe(admin);
    const rotated = await admin.client.request('webhooks:rotateSecret', {
      id: subscription.id,
      version: subscription.version,
    });
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.subscription.secretHint).toBe(rotated.secret.slice(-4));
    await admin.client.request('webhooks:sendTest', { id: subscription.id });
    await dispatchDue(server.ctx, FAST);
    const verify = await loadReadmeVerifier();
    const [request] = receiver.received;
    expect(verify(rotated.secret, String(request?.headers['karm-signature']), request?.body ?? '')).toBe(
      true,
    );
    expect(verify(secret, String(request?.headers['karm-signature']), request?.body ?? '')).toBe(false);
  });

  it.each([
    ['http:// to another host', { url: 'http://example.com/hook' }, 'validation.webhookHttpsRequired'],
    ['no address', { url: '' }, 'validation.required'],
    ['a user name in the address', { url: 'https://user:pw@example.com/' }, 'validation.webhookUrlInvalid'],
    ['not an address', { url: 'https//example' }, 'validation.webhookUrlInvalid'],
    ['ftp', { url: 'ftp://example.com/' }, 'validation.webhookUrlInvalid'],
    [
      'too long an address',
      { url: `https://example.com/${'a'.repeat(2_000)}` },
      'validation.tooLong?max=2000',
    ],
    ['an unknown event', { events: ['project.exploded'] }, undefined],
    ['no events', { events: [] }, 'validation.required'],
    ['NUL in the description', { description: 'a\u0000b' }, 'validation.nulCharacter'],
    ['events of the wrong type', { events: 'project.created' }, undefined],
  ])('refuses %s', async (_case, input, messageKey) => {
    const error = await admin.client.requestError('webhooks:create', {
      url: 'https://example.com/hook',
      events: ['project.created'],
      ...input,
    } as never);
    expect(error.code).toBe('VALIDATION');
    if (messageKey) expect(JSON.stringify(error.details)).toContain(messageKey);
    expect(await admin.client.request('webhooks:list')).toEqual([]);
  });

  it('is for administrators only', async () => {
    for (const event of ['webhooks:list', 'webhooks:settings'] as const)
      expect((await staff.client.requestError(event)).code).toBe('FORBIDDEN');
    expect(
      (
        await staff.client.requestError('webhooks:create', {
          url: 'https://example.com',
          events: ['project.created'],
        })
      ).code,
    ).toBe('FORBIDDEN');
    expect((await staff.client.requestError('webhooks:deliveries', {})).code).toBe('FORBIDDEN');
  });

  it("never shows, changes or sends another company's webhooks and deliveries", async () => {
    const { subscription } = await subscribe(admin);
    await admin.client.request('webhooks:sendTest', { id: subscription.id });
    const [delivery] = await deliveriesOf(subscription.id);
    const ref = { id: subscription.id, version: subscription.version };
    expect(await otherAdmin.client.request('webhooks:list')).toEqual([]);
    expect((await otherAdmin.client.request('webhooks:deliveries', {})).total).toBe(0);
    for (const [event, input] of [
      ['webhooks:update', { ...ref, url: 'https://example.com/x', events: ['project.created'] }],
      ['webhooks:delete', ref],
      ['webhooks:rotateSecret', ref],
      ['webhooks:sendTest', { id: subscription.id }],
      ['webhooks:delivery', { id: delivery?.id }],
      ['webhooks:resend', { id: delivery?.id }],
    ] as const)
      expect((await otherAdmin.client.requestError(event, input as never)).code).toBe('NOT_FOUND');
    expect(await deliveriesOf(subscription.id)).toHaveLength(1);
  });
});

describe('events and deliveries', () => {
  it('delivers a changed project, signed so that the README snippet verifies it', async () => {
    const { subscription, secret } = await subscribe(admin);
    const project = await createProject('Kontorbygg Ås');
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ event: 'project.created', status: 'pending' });

    expect(await dispatchDue(server.ctx, FAST)).toEqual([{ outcome: 'delivered' }]);
    const [request] = receiver.received;
    const body = JSON.parse(request?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'project.created',
      companyId: admin.companyId,
      data: { id: project.id, name: 'Kontorbygg Ås', number: project.number },
    });
    expect(Object.keys(body).sort()).toEqual(['companyId', 'data', 'event', 'id', 'occurredAt']);
    expect(request?.path).toBe('/hook');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['karm-event']).toBe('project.created');
    expect(request?.headers['karm-delivery']).toBe(delivery?.id);
    const verify = await loadReadmeVerifier();
    const signature = String(request?.headers['karm-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(secret, signature, request?.body ?? '')).toBe(true);
    expect(verify(secret, signature, `${request?.body} `)).toBe(false);
    expect(verify(`${secret}x`, signature, request?.body ?? '')).toBe(false);

    const detail = await admin.client.request('webhooks:delivery', { id: delivery?.id as string });
    expect(detail).toMatchObject({ status: 'delivered', attemptCount: 1, lastResponseCode: 200 });
    expect(detail.body).toBe(request?.body);
    expect(detail.attempts).toMatchObject([{ isSuccess: true, responseCode: 200, responseExcerpt: 'ok' }]);
    // Nothing left to do.
    expect(await dispatchDue(server.ctx, FAST)).toEqual([]);
  });

  it('sends project updates and archiving, only to active subscriptions that asked for them', async () => {
    const { subscription: updates } = await subscribe(admin, { events: ['project.updated'] });
    const { subscription: inactive } = await subscribe(admin, { isActive: false });
    const project = await createProject('Lager Ski');
    const updated = (await admin.client.request('project:update', {
      id: project.id,
      version: project.version,
      changes: { name: 'Lager Ski 2' },
    } as never)) as ProjectDto;
    await admin.client.request('project:archive', {
      id: project.id,
      version: updated.version,
      reason: 'Done',
    } as never);
    expect((await deliveriesOf(updates.id)).map((delivery) => delivery.event)).toEqual(['project.updated']);
    expect(await deliveriesOf(inactive.id)).toEqual([]);
  });

  it('records nothing when a change is rolled back', async () => {
    const { subscription } = await subscribe(admin, { events: ['project.created'] });
    await server.ctx.db
      .transaction(async (tx) => {
        await publishWebhookEvent(server.ctx, admin.companyId, 'project.created', { id: 'x' }, tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await deliveriesOf(subscription.id)).toEqual([]);
  });

  it('retries after a 500 and after a time-out, with back-off, then delivers', async () => {
    const { subscription } = await subscribe(admin);
    receiver.answerWith(500, 'x'.repeat(5_000));
    await createProject('Retry');
    const [first] = await dispatchDue(server.ctx, FAST);
    expect(first).toMatchObject({ outcome: 'retry' });
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: 'retrying', attemptCount: 1, lastResponseCode: 500 });
    // Not due yet: 30 s × (0.5 + 0.5 × 0.5) = 22.5 s.
    expect(delivery?.nextAttemptAt?.getTime()).toBe(server.clock.now().getTime() + 22_500);
    expect(await dispatchDue(server.ctx, FAST)).toEqual([]);

    receiver.hang();
    server.clock.advance(23_000);
    expect(await dispatchDue(server.ctx, FAST)).toMatchObject([{ outcome: 'retry' }]);

    receiver.answerWith(204);
    server.clock.advance(60_000);
    expect(await dispatchDue(server.ctx, FAST)).toEqual([{ outcome: 'delivered' }]);
    const detail = await admin.client.request('webhooks:delivery', { id: delivery?.id as string });
    expect(detail).toMatchObject({ status: 'delivered', attemptCount: 3 });
    const [delivered, timedOut, failed] = detail.attempts;
    expect(delivered).toMatchObject({ isSuccess: true, responseCode: 204 });
    expect(timedOut).toMatchObject({ isSuccess: false, responseCode: null });
    expect(timedOut?.error).toContain('No answer within');
    expect(failed).toMatchObject({ isSuccess: false, responseCode: 500 });
    expect(Buffer.byteLength(failed?.responseExcerpt ?? '')).toBe(2_048);
  });

  it('gives up after 24 hours of retries', async () => {
    const { subscription } = await subscribe(admin);
    receiver.answerWith(503);
    await createProject('Never');
    const [delivery] = await deliveriesOf(subscription.id);
    const start = server.clock.now();
    let outcomes = await dispatchDue(server.ctx, FAST);
    for (let round = 0; round < 50 && outcomes[0]?.outcome === 'retry'; round += 1) {
      server.clock.set(outcomes[0].retryAt);
      outcomes = await dispatchDue(server.ctx, FAST);
    }
    expect(outcomes).toEqual([{ outcome: 'failed' }]);
    const [failed] = await deliveriesOf(subscription.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.nextAttemptAt).toBeNull();
    expect(server.clock.now().getTime() - (delivery?.createdAt.getTime() ?? 0)).toBeLessThanOrEqual(
      RETRY_WINDOW_MS,
    );
    expect(failed?.attemptCount).toBeGreaterThan(8);
    // Back to the day the sessions live in (a day later they have idled out).
    server.clock.set(start);

    // Resend: the same body again, with a fresh window, listed as another attempt.
    receiver.answerWith(200);
    const resent = await admin.client.request('webhooks:resend', { id: delivery?.id as string });
    expect(resent.status).toBe('pending');
    expect(await dispatchDue(server.ctx, FAST)).toEqual([{ outcome: 'delivered' }]);
    expect(receiver.received.at(-1)?.body).toBe(delivery?.body);
  });

  it('grows the back-off exponentially with jitter inside the window', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const until = new Date(now.getTime() + RETRY_WINDOW_MS);
    const delay = (attempt: number, random: number) =>
      (nextRetryAt(now, attempt, until, () => random)?.getTime() ?? 0) - now.getTime();
    expect([1, 2, 3].map((attempt) => delay(attempt, 0))).toEqual([15_000, 30_000, 60_000]);
    expect(delay(1, 0.999)).toBeLessThan(30_000);
    expect(delay(20, 1)).toBe(4 * 60 * 60 * 1000);
    expect(nextRetryAt(now, 1, new Date(now.getTime() + 1_000), () => 0)).toBeNull();
  });

  it('sends a test event and pages and filters the delivery log', async () => {
    const { subscription } = await subscribe(admin);
    const { subscription: other } = await subscribe(admin, { url: `${receiver.url}/b` });
    receiver.respondWith((request, response) => {
      response.statusCode = request.path === '/b' ? 410 : 200;
      response.end();
    });
    await admin.client.request('webhooks:sendTest', { id: subscription.id });
    await createProject('Log');
    await dispatchDue(server.ctx, FAST);
    expect(receiver.received.map((request) => request.headers['karm-event']).sort()).toEqual([
      'project.created',
      'project.created',
      'webhook.test',
    ]);
    const page = await admin.client.request('webhooks:deliveries', { page: 1, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    const retrying = await admin.client.request('webhooks:deliveries', { status: 'retrying' });
    expect(retrying.items.map((item) => item.subscriptionId)).toEqual([other.id]);
    const tests = await admin.client.request('webhooks:deliveries', { event: 'webhook.test' });
    expect(tests.items.map((item) => item.url)).toEqual([`${receiver.url}/hook`]);
    const ofOne = await admin.client.request('webhooks:deliveries', { subscriptionId: subscription.id });
    expect(ofOne.total).toBe(2);
  });
});

describe('private networks (SSRF guard)', () => {
  /** The same server, as an installation that does not permit private addresses. */
  const strictCtx = (): AppContext => ({
    ...server.ctx,
    config: { ...server.ctx.config, isWebhookPrivateNetworkPermitted: false },
  });
  const actorOf = (user: SignedInUser) => ({
    sessionId: '',
    userId: user.userId,
    companyId: user.companyId,
    role: 'admin' as const,
    permissions: new Set(['system.manage' as const]),
  });

  it.each(['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.168.1.1', '[::1]', '[fd00::1]', 'localhost'])(
    'refuses https://%s while private addresses are not allowed',
    async (host) => {
      const error = await createWebhook(strictCtx(), actorOf(admin), {
        url: `https://${host}/hook`,
        events: ['project.created'],
        description: '',
        isActive: true,
      }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { url: 'validation.webhookPrivateAddress' } },
      });
    },
  );

  it('refuses to allow private addresses where the installation does not permit it', async () => {
    await expect(
      saveWebhookSettings(strictCtx(), actorOf(otherAdmin), { allowPrivateNetwork: true, version: 0 }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      details: { fields: { allowPrivateNetwork: 'validation.webhookPrivateNotPermitted' } },
    });
    expect(await getWebhookSettings(strictCtx(), actorOf(otherAdmin))).toEqual({
      allowPrivateNetwork: false,
      isPrivateNetworkPermitted: false,
      version: 0,
    });
  });

  it('blocks a delivery to a loopback receiver once private addresses are no longer allowed', async () => {
    const { subscription } = await subscribe(admin);
    await createProject('Blocked');
    const [delivery] = await deliveriesOf(subscription.id);
    expect(await attemptDelivery(strictCtx(), delivery?.id as string, FAST)).toEqual({ outcome: 'failed' });
    expect(receiver.received).toEqual([]);
    const [attempt] = await server.ctx.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery?.id as string));
    expect(attempt?.error).toContain('may not be reached');
  });

  it.each([
    ['a name that resolves to 10.x', [{ address: '10.0.0.7', family: 4 as const }]],
    ['a name that resolves to the metadata address', [{ address: '169.254.169.254', family: 4 as const }]],
    [
      'a name with one private answer among public ones',
      [
        { address: '93.184.216.34', family: 4 as const },
        { address: '127.0.0.1', family: 4 as const },
      ],
    ],
    ['a name that resolves to IPv4-mapped loopback', [{ address: '::ffff:127.0.0.1', family: 6 as const }]],
  ])('blocks %s', async (_case, addresses) => {
    const { subscription } = await subscribe(admin, { url: 'https://hooks.example.test/in' });
    await admin.client.request('webhooks:sendTest', { id: subscription.id });
    const [delivery] = await deliveriesOf(subscription.id);
    const outcome = await attemptDelivery(strictCtx(), delivery?.id as string, {
      ...FAST,
      resolve: async () => addresses,
    });
    expect(outcome).toEqual({ outcome: 'failed' });
    const [attempt] = await server.ctx.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery?.id as string));
    expect(attempt?.error).toContain('private network address');
  });

  it('blocks localhost by its real DNS answer too', async () => {
    const { subscription } = await subscribe(admin, { url: `http://localhost:${receiver.port}/hook` });
    await admin.client.request('webhooks:sendTest', { id: subscription.id });
    const [delivery] = await deliveriesOf(subscription.id);
    expect(await attemptDelivery(strictCtx(), delivery?.id as string, FAST)).toEqual({ outcome: 'failed' });
    // With private addresses allowed, the same delivery goes through (http:// to loopback only).
    await admin.client.request('webhooks:resend', { id: delivery?.id as string });
    expect(await attemptDelivery(server.ctx, delivery?.id as string, FAST)).toEqual({ outcome: 'delivered' });
  });

  it('knows private from public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('secrets in logs', () => {
  it('never writes a secret to the log, whatever happens to the delivery', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write: (chunk, _encoding, done) => {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const ctx: AppContext = { ...server.ctx, logger };
    const actor = {
      sessionId: '',
      userId: admin.userId,
      companyId: admin.companyId,
      role: 'admin' as const,
      permissions: new Set(['system.manage' as const]),
    };
    const created = await createWebhook(ctx, actor, {
      url: `${receiver.url}/hook`,
      events: ['project.created'],
      description: '',
      isActive: true,
    });
    const rotated = await rotateWebhookSecret(ctx, actor, {
      id: created.subscription.id,
      version: created.subscription.version,
    });
    await publishWebhookEvent(ctx, admin.companyId, 'project.created', { id: 'p' });
    receiver.answerWith(500);
    await dispatchDue(ctx, FAST);
    receiver.answerWith(200);
    server.clock.advance(60_000);
    await dispatchDue(ctx, FAST);
    expect(lines.length).toBeGreaterThan(1);
    const log = lines.join('');
    expect(log).toContain('Webhook delivery attempt');
    for (const secret of [created.secret, rotated.secret]) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.slice('whsec_'.length));
    }
  });
});
