import { JOB_PUSHES } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';
import { accountingPushJob } from '../accounting/accounting.jobs';

/** The admins' view of the job queue over the socket (the queue itself: platform/jobs/jobs.test.ts). */
let server: TestServer;
beforeAll(async () => {
  // ACCOUNTING_SYNC=false: no worker takes accounting jobs here, so they stay queued for the list.
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('jobs admin events', () => {
  it("lists the company's jobs, filtered by state and name, and pushes when one is queued", async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const other = await server.signedInUser({ role: 'admin' });
    const pushed = admin.client.nextPush(JOB_PUSHES.changed);
    const id = await server.ctx.jobs.send(accountingPushJob, { companyId: admin.companyId });
    await pushed;
    await server.ctx.jobs.send(accountingPushJob, { companyId: other.companyId });

    const page = await admin.client.request('jobs:list', { state: 'queued', name: 'accounting.push' });
    expect(page.items).toEqual([
      expect.objectContaining({
        id,
        name: 'accounting.push',
        state: 'queued',
        isCompanyJob: true,
        attempts: 0,
      }),
    ]);
    expect(page.names).toContain('mail.send');
    expect((await admin.client.request('jobs:list', { state: 'failed' })).items).toEqual([]);
    await vi.waitFor(async () => expect((await other.client.request('jobs:list', {})).total).toBe(1));
  });

  it('refuses a retry of a job that has not failed, and of another company', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const other = await server.signedInUser({ role: 'admin' });
    const id = String(await server.ctx.jobs.send(accountingPushJob, { companyId: admin.companyId }));
    expect((await admin.client.requestError('jobs:retry', { id })).code).toBe('CONFLICT');
    expect((await other.client.requestError('jobs:retry', { id })).code).toBe('NOT_FOUND');
  });

  it('is closed to users who are not admins and refuses bad input', async () => {
    const user = await server.signedInUser({ role: 'office' });
    expect((await user.client.requestError('jobs:list', {})).code).toBe('FORBIDDEN');
    const admin = await server.signedInUser({ role: 'admin' });
    for (const input of [
      { state: 'lost' },
      { name: 'x'.repeat(101) },
      { name: 'a\u0000b' },
      { page: 'one' },
    ]) {
      expect((await admin.client.requestError('jobs:list', input as never)).code).toBe('VALIDATION');
    }
    expect((await admin.client.requestError('jobs:retry', { id: '' })).code).toBe('VALIDATION');
  });
});
