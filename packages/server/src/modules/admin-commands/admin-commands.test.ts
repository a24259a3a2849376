import { ADMIN_COMMAND_PUSHES, type AdminCommand, type AdminCommandRunDto } from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RelayedMail, startSmtpRelay } from '../../test/smtp-relay';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { serverLogs } from '../logs/logs.tables';
import { processEntries } from '../processes/processes.tables';
import { projects } from '../projects/projects.tables';
import { webhookDeliveries, webhookSubscriptions } from '../webhooks/webhooks.tables';
import { adminCommandRuns } from './admin-commands.tables';

let server: TestServer;
let relay: Awaited<ReturnType<typeof startSmtpRelay>>;
const relayed: RelayedMail[] = [];

beforeAll(async () => {
  relay = await startSmtpRelay((mail) => {
    relayed.push(mail);
  });
  server = await startTestServer({ SMTP_URL: relay.url });
});
afterAll(async () => {
  await server?.close();
  await relay?.close();
});

/** Runs a command and waits for its end (as the screen does: by the pushes, then the stored run). */
const runToEnd = async (admin: SignedInUser, command: AdminCommand, email?: string) => {
  const run = await admin.client.request('admin-commands:run', { command, ...(email ? { email } : {}) });
  expect(run).toMatchObject({ command, status: 'queued' });
  let finished: AdminCommandRunDto | undefined;
  await vi.waitFor(
    async () => {
      const page = await admin.client.request('admin-commands:list-runs', { command });
      finished = page.items.find((item) => item.id === run.id);
      expect(['succeeded', 'failed']).toContain(finished?.status);
    },
    { timeout: 30_000, interval: 100 },
  );
  return finished as AdminCommandRunDto;
};

describe('admin commands', () => {
  it('sends a test e-mail through the relay, pushing progress, and keeps the result line', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const pushes: AdminCommandRunDto[] = [];
    admin.client.socket.on(ADMIN_COMMAND_PUSHES.progress, (run: AdminCommandRunDto) => pushes.push(run));
    const run = await runToEnd(admin, 'test-email', 'test.recipient@example.com');
    expect(run).toMatchObject({
      status: 'succeeded',
      resultKey: 'result.mailSent',
      resultParams: { to: 'test.recipient@example.com' },
      startedBy: { id: admin.userId },
    });
    expect(relayed.some((mail) => mail.to.includes('test.recipient@example.com'))).toBe(true);
    await vi.waitFor(() => expect(pushes.map((push) => push.status)).toContain('succeeded'));
    expect(pushes.map((push) => push.status)).toContain('running');
    const commands = await admin.client.request('admin-commands:list');
    expect(commands.find((command) => command.command === 'test-email')?.lastRun?.id).toBe(run.id);
  });

  it('refuses a second run of a command while one is queued or running', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    // A run left queued (as while its job waits for a worker) holds the command.
    await server.ctx.db
      .insert(adminCommandRuns)
      .values({ companyId: admin.companyId, command: 'refresh-statistics', status: 'queued' });
    const error = await admin.client.requestError('admin-commands:run', { command: 'refresh-statistics' });
    expect(error.code).toBe('CONFLICT');
    // Another company is not held by it.
    const other = await server.signedInUser({ role: 'admin' });
    expect((await runToEnd(other, 'refresh-statistics')).status).toBe('succeeded');
  });

  it('prunes only old log entries of the own company and reports how many', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const other = await server.signedInUser({ role: 'admin' });
    const old = new Date(
      server.clock.now().getTime() - (server.ctx.config.logRetentionDays + 1) * 86_400_000,
    );
    const entry = { source: 'server' as const, level: 'error' as const, action: 'x', message: 'old' };
    await server.ctx.db.insert(serverLogs).values([
      { ...entry, companyId: admin.companyId, createdAt: old },
      { ...entry, companyId: admin.companyId, createdAt: old },
      { ...entry, companyId: admin.companyId },
      { ...entry, companyId: other.companyId, createdAt: old },
    ]);
    const run = await runToEnd(admin, 'prune-logs');
    expect(run).toMatchObject({
      status: 'succeeded',
      resultKey: 'result.logsPruned',
      resultParams: { count: 2 },
    });
    const left = await server.ctx.db
      .select()
      .from(serverLogs)
      .where(eq(serverLogs.companyId, other.companyId));
    expect(left).toHaveLength(1);
  });

  it("queues the company's failed webhook deliveries again, not another company's", async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const other = await server.signedInUser({ role: 'admin' });
    const deliveryOf = async (companyId: string, status: 'failed' | 'delivered') => {
      const [subscription] = await server.ctx.db
        .insert(webhookSubscriptions)
        .values({
          companyId,
          url: 'https://example.com/hook',
          events: [],
          secretSealed: 'x',
          secretHint: 'x',
        })
        .returning();
      await server.ctx.db.insert(webhookDeliveries).values({
        companyId,
        subscriptionId: subscription?.id ?? '',
        event: 'project.created',
        body: '{}',
        status,
        retryUntil: server.clock.now(),
      });
    };
    await deliveryOf(admin.companyId, 'failed');
    await deliveryOf(admin.companyId, 'failed');
    await deliveryOf(admin.companyId, 'delivered');
    await deliveryOf(other.companyId, 'failed');
    const run = await runToEnd(admin, 'resend-failed-webhooks');
    expect(run).toMatchObject({ resultKey: 'result.webhooksQueued', resultParams: { count: 2 } });
    const otherFailed = await server.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, other.companyId), eq(webhookDeliveries.status, 'failed')));
    expect(otherFailed).toHaveLength(1);
  });

  it('refreshes statistics and recomputes the process dates of every project', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    expect((await runToEnd(admin, 'refresh-statistics')).resultKey).toBe('result.statistics');
    await server.ctx.db.insert(projects).values([
      { companyId: admin.companyId, number: 5_001, name: 'A', deliveryDate: '2030-06-14' },
      { companyId: admin.companyId, number: 5_002, name: 'B', deliveryDate: null },
    ]);
    const run = await runToEnd(admin, 'recompute-process-dates');
    expect(run).toMatchObject({
      status: 'succeeded',
      resultParams: { count: 2 },
      progressDone: 2,
      progressTotal: 2,
    });
    const entries = await server.ctx.db
      .select()
      .from(processEntries)
      .where(eq(processEntries.companyId, admin.companyId));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((entry) => entry.date !== null && entry.date < '2030-06-14')).toBe(true);
  });

  it('refuses the accounting commands clearly when no accounting system is connected', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    for (const command of ['accounting-sync', 'accounting-full-import'] as const) {
      const error = await admin.client.requestError('admin-commands:run', { command });
      expect(error).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { command: 'adminCommands:error.noAccounting' } },
      });
    }
  });

  it('is for administrators only, shows only the own company and refuses bad input', async () => {
    for (const role of ['office', 'leader', 'readonly'] as const) {
      const user = await server.signedInUser({ role });
      for (const [event, input] of [
        ['admin-commands:list', {}],
        ['admin-commands:list-runs', {}],
        ['admin-commands:run', { command: 'test-email' }],
      ] as const) {
        expect((await user.client.requestError(event, input as never)).code).toBe('FORBIDDEN');
      }
    }
    const admin = await server.signedInUser({ role: 'admin' });
    const other = await server.signedInUser({ role: 'admin' });
    await runToEnd(admin, 'refresh-statistics');
    expect((await other.client.request('admin-commands:list-runs', {})).total).toBe(0);
    for (const input of [
      {},
      { command: 'drop-database' },
      { command: 'test-email', email: 'not an address' },
      { command: 'test-email', email: `${'a'.repeat(200)}@example.com` },
      { command: 'test-email', email: 'a\u0000b@example.com' },
      { command: 42 },
    ]) {
      expect((await admin.client.requestError('admin-commands:run', input as never)).code).toBe('VALIDATION');
    }
  });
});
