import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ErrorPayload, HealthDto } from '@karm/domain/contract';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  const webDist = await mkdtemp(path.join(tmpdir(), 'karm-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Karm</title>');
  await writeFile(path.join(webDist, 'build.json'), JSON.stringify({ buildId: 'build-42' }));
  server = await startTestServer({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await server?.close();
});

describe('system', () => {
  it('GET /api/health reports status, database and version without a token', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await bodyOf<HealthDto>(response)).toEqual({
      status: 'ok',
      db: 'ok',
      version: server.ctx.version,
      buildId: 'build-42',
    });
  });

  it('an unknown /api path answers 404 JSON', async () => {
    for (const url of ['/api/nothing-here', '/api']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status).toBe(404);
      expect((await bodyOf<ErrorPayload>(response)).code).toBe('NOT_FOUND');
    }
  });

  it('app routes fall back to index.html; missing assets stay 404', async () => {
    for (const route of ['/', '/projects', '/planner/2026/12', '/no/such/page']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Karm</title>');
    }
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it('tells every connecting socket which build the server serves', async () => {
    const socket = connectSocket(server.url, { transports: ['websocket'], reconnection: false });
    try {
      const pushed = await new Promise((resolve) => socket.once('server:build', resolve));
      expect(pushed).toEqual({ buildId: 'build-42', version: server.ctx.version });
    } finally {
      socket.close();
    }
  });

  it('answers an unknown socket event with NOT_FOUND and survives garbage', async () => {
    const client = await server.connect();
    const error = await new Promise((resolve) => client.socket.emit('no:such-event', {}, resolve));
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
    client.socket.emit('authenticate', null);
    client.socket.emit('authenticate');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('serves the OpenAPI description', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    expect(response.status).toBe(200);
    expect((await bodyOf<{ paths: object }>(response)).paths).toHaveProperty('/api/health');
  });
});
