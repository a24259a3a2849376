import { type ErrorReportedPush, type ErrorReportInput, LOG_PUSHES } from '@karm/domain/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { startTestServer, type TestServer } from '../../test/test-server';
import { REPORT_WINDOW_MS, REPORTS_PER_WINDOW } from './error-report';
import { REDACTED } from './redact';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const report = (overrides: Partial<ErrorReportInput> = {}): ErrorReportInput => ({
  error: { code: 'CONFLICT', message: 'The offer was changed by someone else', details: { id: 'x' } },
  route: '/offers',
  screen: 'offers',
  recentActions: [
    { kind: 'route', name: '/offers', at: '2030-01-01T10:00:00.000Z' },
    { kind: 'event', name: 'offers:save', at: '2030-01-01T10:00:05.000Z' },
  ],
  comment: 'I only changed the price',
  ...overrides,
});

describe('send error to administrator', { timeout: 60_000 }, () => {
  it('stores the report and tells every admin of the company: a push and a mail', async () => {
    const admin = await server.signedInUser({ role: 'admin', profile: { locale: 'nb' } });
    const secondAdmin = await server.signedInUser({ role: 'admin', companyId: admin.companyId });
    const mailless = await server.signedInUser({ role: 'admin', companyId: admin.companyId, email: null });
    const reporter = await server.signedInUser({ role: 'technician', companyId: admin.companyId });
    const outsider = await server.signedInUser({ role: 'admin' });
    const pushes = [admin, secondAdmin].map((user) => user.client.nextPush(LOG_PUSHES.reported));
    let reporterHeard = false;
    reporter.client.socket.on(LOG_PUSHES.reported, () => {
      reporterHeard = true;
    });

    const { id } = await reporter.client.request('logs:report', report());
    for (const push of await Promise.all(pushes)) {
      expect(push as ErrorReportedPush).toEqual({
        id,
        reporter: expect.stringContaining('Test User'),
        message: 'CONFLICT: The offer was changed by someone else',
      });
    }

    const [stored] = (await admin.client.request('logs:get', {})).items;
    expect(stored).toMatchObject({
      id,
      source: 'user-report',
      level: 'error',
      action: 'offers',
      userId: reporter.userId,
      data: { route: '/offers', comment: 'I only changed the price', recentActions: report().recentActions },
    });
    expect((await outsider.client.request('logs:get', {})).total).toBe(0);

    const mails = await server.ctx.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(mailOutbox.userId, [admin.userId, secondAdmin.userId, mailless.userId, reporter.userId]),
      );
    expect(mails.map((mail) => mail.userId).sort()).toEqual([admin.userId, secondAdmin.userId].sort());
    const norwegian = mails.find((mail) => mail.userId === admin.userId);
    expect(norwegian?.subject).toContain('har sendt deg en feil');
    expect(norwegian?.text).toContain('Kommentar: I only changed the price');
    expect(norwegian?.text).toContain('/logs');
    expect(mails.find((mail) => mail.userId === secondAdmin.userId)?.subject).toContain('sent you an error');
    expect(reporterHeard).toBe(false);
  });

  it('redacts secrets before storing or mailing them', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    await admin.client.request(
      'logs:report',
      report({
        error: { code: 'INTERNAL', message: 'failed with token=abc123', details: { password: 'hunter2' } },
        comment: 'my password: hunter2',
      }),
    );
    const [stored] = (await admin.client.request('logs:get', {})).items;
    expect(JSON.stringify(stored)).not.toMatch(/abc123|hunter2/);
    expect(stored?.message).toBe(`INTERNAL: failed with token=${REDACTED}`);
    const [mail] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, admin.userId));
    expect(mail?.text).not.toMatch(/abc123|hunter2/);
  });

  it('throttles each person, not the company', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    for (let index = 0; index < REPORTS_PER_WINDOW; index++)
      await colleague.client.request('logs:report', report());
    expect((await colleague.client.requestError('logs:report', report())).code).toBe('RATE_LIMITED');
    await admin.client.request('logs:report', report());
    server.clock.advance(REPORT_WINDOW_MS + 1);
    await colleague.client.request('logs:report', report());
    expect((await admin.client.request('logs:get', { userId: colleague.userId })).total).toBe(
      REPORTS_PER_WINDOW + 1,
    );
  });

  it('refuses bad reports with VALIDATION and stores nothing', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    for (const input of [
      {},
      report({ comment: 'a\u0000b' }),
      report({ comment: 'x'.repeat(2001) }),
      report({ error: { code: '', message: 'x' } }),
      report({ route: 'r'.repeat(501) }),
      report({ recentActions: Array.from({ length: 31 }, () => ({ kind: 'route', name: '/', at: '' })) }),
      { ...report(), recentActions: [{ kind: 'payload', name: 'x', at: '' }] },
      { ...report(), error: 'boom' },
    ]) {
      expect((await admin.client.requestError('logs:report', input as never)).code).toBe('VALIDATION');
    }
    expect((await admin.client.request('logs:get', {})).total).toBe(0);
  });
});
