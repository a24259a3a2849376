import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('mail outbox', () => {
  it('shows an admin the mails about people of their company only', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    const outsider = await server.signedInUser();
    const anonymous = await server.connect();
    await anonymous.request('user:forgot-password', { usernameOrEmail: colleague.username });
    await anonymous.request('user:forgot-password', { usernameOrEmail: outsider.username });

    let page = await admin.client.request('admin:mail-outbox', {});
    for (let attempt = 0; page.total === 0 && attempt < 40; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      page = await admin.client.request('admin:mail-outbox', {});
    }
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      recipient: `${colleague.username}@example.test`,
      status: 'outbox',
    });
    expect(page.items[0]?.text).toContain('/login?reset=');
  });

  it('is closed to users who are not admins', async () => {
    const user = await server.signedInUser();
    expect((await user.client.requestError('admin:mail-outbox', {})).code).toBe('FORBIDDEN');
  });
});
