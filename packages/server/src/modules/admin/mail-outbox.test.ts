import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { DEFAULT_TEST_PASSWORD, seedCompany, seedUser } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const mailTo = async (recipient: string) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const [mail] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${recipient}`);
};

type Client = Awaited<ReturnType<TestServer['connect']>>;
const outboxOf = async (client: Client, expected: number) => {
  let page = await client.request('admin:mail-outbox', {});
  for (let attempt = 0; page.total < expected && attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    page = await client.request('admin:mail-outbox', {});
  }
  return page;
};

describe('mail outbox', () => {
  it('shows an admin the mails about people of their company only', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    const outsider = await server.signedInUser();
    const anonymous = await server.connect();
    await anonymous.request('user:forgot-password', { usernameOrEmail: colleague.username });
    await anonymous.request('user:forgot-password', { usernameOrEmail: outsider.username });

    await mailTo(`${outsider.username}@example.test`);
    const page = await outboxOf(admin.client, 1);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      recipient: `${colleague.username}@example.test`,
      status: 'outbox',
    });
  });

  it('never shows a usable reset link; the mail itself is kept as sent', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    await (await server.connect()).request('user:forgot-password', { usernameOrEmail: colleague.username });
    const stored = await mailTo(`${colleague.username}@example.test`);
    const token = /reset=([\w-]+)/.exec(stored.text)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);

    const [listed] = (await outboxOf(admin.client, 1)).items;
    expect(listed?.text).toContain('/login?reset=•••');
    expect(listed?.text).not.toContain(token);
  });

  it('hides mails about a member of other companies unless the admin administers all of them', async () => {
    const home = await seedCompany(server.ctx.db);
    const other = await seedCompany(server.ctx.db);
    const shared = await seedUser(server.ctx.db, { companyIds: [home.id, other.id] });
    const adminOfHome = await server.signedInUser({ role: 'admin', companyId: home.id });
    const adminOfBoth = await seedUser(server.ctx.db, { companyIds: [home.id, other.id], role: 'admin' });
    const adminOfBothClient = await server.connect();
    await adminOfBothClient.request('authenticate', {
      username: adminOfBoth.username,
      password: DEFAULT_TEST_PASSWORD,
      companyId: home.id,
    });
    await (await server.connect()).request('user:forgot-password', { usernameOrEmail: shared.username });
    await mailTo(shared.email!);

    expect((await adminOfHome.client.request('admin:mail-outbox', {})).total).toBe(0);
    const page = await outboxOf(adminOfBothClient, 1);
    expect(page.items.map((item) => item.recipient)).toEqual([shared.email]);
  });

  it('is closed to users who are not admins', async () => {
    const user = await server.signedInUser();
    expect((await user.client.requestError('admin:mail-outbox', {})).code).toBe('FORBIDDEN');
  });
});

describe('sending a failed mail again', () => {
  let relayed: TestServer;
  beforeAll(async () => {
    // A relay address nothing answers on: every relay fails, so the mail can end failed.
    relayed = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await relayed?.close();
  });

  it('queues a failed mail for the relay again; other mails and other companies are refused', async () => {
    const admin = await relayed.signedInUser({ role: 'admin' });
    const colleague = await relayed.signedInUser({ companyId: admin.companyId });
    const outsider = await relayed.signedInUser();
    const [mail] = await relayed.ctx.db
      .insert(mailOutbox)
      .values({
        recipient: 'x@example.test',
        userId: colleague.userId,
        subject: 'S',
        text: 'T',
        status: 'failed',
        error: 'down',
      })
      .returning();
    const id = String(mail?.id);

    expect((await outsider.client.requestError('admin:mail-resend', { id })).code).toBe('FORBIDDEN');
    const outsiderAdmin = await relayed.signedInUser({ role: 'admin' });
    expect((await outsiderAdmin.client.requestError('admin:mail-resend', { id })).code).toBe('NOT_FOUND');
    expect((await admin.client.requestError('admin:mail-resend', { id: 'nope' })).code).toBe('VALIDATION');

    const queued = await admin.client.request('admin:mail-resend', { id });
    expect(queued).toMatchObject({ id, status: 'queued', error: null });
    const jobs = await relayed.ctx.database.runSql(
      `select name from pgboss.job where name = 'mail.send' and data->>'mailId' = $1`,
      [id],
    );
    expect(jobs.rows).toHaveLength(1);
    // A second click finds it queued (or already retrying): not failed, so refused.
    expect((await admin.client.requestError('admin:mail-resend', { id })).code).toBe('CONFLICT');
  });

  it('is refused without a relay', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const error = await admin.client.requestError('admin:mail-resend', {
      id: '01a20f84-258e-741a-8229-62a1c4c9d524',
    });
    expect(error.code).toBe('CONFLICT');
  });
});
