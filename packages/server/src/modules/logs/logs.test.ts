import type { ErrorPayload } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const postLog = (token: string, body: unknown) =>
  fetch(`${server.url}/api/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('client error log', () => {
  it('stores the report with its sender; admins of the company read it paged, others cannot', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    const outsider = await server.signedInUser({ role: 'admin' });
    const report = {
      action: 'render',
      message: 'Cannot read properties of undefined',
      level: 'error',
      data: { route: '/projects' },
      error: { name: 'TypeError', message: 'Cannot read properties of undefined', stack: 'at Projects' },
    };
    for (let index = 0; index < 3; index++) expect((await postLog(colleague.token, report)).status).toBe(201);

    const page = await admin.client.request('logs:get', { page: 1, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      source: 'client',
      action: 'render',
      userId: colleague.userId,
      error: report.error,
    });

    expect((await outsider.client.request('logs:get', {})).total).toBe(0);
    expect((await colleague.client.requestError('logs:get', {})).code).toBe('FORBIDDEN');
  });

  it('refuses malformed reports with VALIDATION and stores nothing', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    for (const body of [
      {},
      { action: '', message: 'x' },
      { action: 'a', message: 'b', level: 'panic' },
      '{not json',
    ]) {
      const response = await postLog(admin.token, body);
      expect(response.status).toBe(400);
      expect((await bodyOf<ErrorPayload>(response)).code).toBe('VALIDATION');
    }
    expect((await admin.client.request('logs:get', {})).total).toBe(0);
  });
});
