import {
  type Access,
  type ErrorPayload,
  isAllowed,
  MAX_INPUT_DEPTH,
  PUBLIC,
  permissionsNamedBy,
  permissionsOfRole,
  ROLES,
  type Role,
  SOCKET_EVENTS,
} from '@karm/domain/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MODULES, SOCKET_EVENT_TABLE } from './app';
import { collectRoutesWithoutRule } from './platform/http/access';
import { seedCompany } from './seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from './test/test-server';

/**
 * The permission matrix, generated from the modules' tables: for every socket event and REST route,
 * a member of each role is let through or refused with FORBIDDEN exactly as the table and the
 * domain's default role permissions say. Every call carries a payload nested deeper than the
 * contract allows, so a call that is let through stops at validation and changes nothing.
 */
let server: TestServer;
const members = new Map<Role, SignedInUser>();
beforeAll(async () => {
  server = await startTestServer();
  const company = await seedCompany(server.ctx.db);
  for (const role of ROLES) members.set(role, await server.signedInUser({ companyId: company.id, role }));
});
afterAll(async () => {
  await server?.close();
});

const memberOf = (role: Role) => {
  const member = members.get(role);
  if (!member) throw new Error(`No ${role} signed in`);
  return member;
};

const tooDeep = () => {
  let value: unknown = 'leaf';
  for (let level = 0; level < MAX_INPUT_DEPTH + 5; level += 1) value = [value];
  return { nested: value };
};

const answerOf = (member: SignedInUser, event: string) =>
  new Promise<ErrorPayload | null>((resolve) => {
    member.client.socket.emit(event, tooDeep(), (error: ErrorPayload | null) => resolve(error));
  });

const cases = <Entry extends { access: Access }>(table: [string, Entry][]) =>
  table
    .filter(([, entry]) => entry.access !== PUBLIC)
    .flatMap(([name, entry]) => ROLES.map((role) => [name, role, entry.access] as const));

describe('socket events', () => {
  const events = cases(Object.entries(SOCKET_EVENT_TABLE));

  it('has exactly one entry for every event of the contract', () => {
    expect(Object.keys(SOCKET_EVENT_TABLE).sort()).toEqual(Object.keys(SOCKET_EVENTS).sort());
  });

  it.each(events)('%s as %s', async (event, role, access) => {
    const answer = await answerOf(memberOf(role), event);
    if (isAllowed(access, permissionsOfRole(role))) {
      // Let through: the payload's depth stops it at validation, before the use case.
      expect(answer?.code).toBe('VALIDATION');
    } else {
      expect(answer).toMatchObject({
        code: 'FORBIDDEN',
        details: { action: event, permissions: [...permissionsNamedBy(access)] },
      });
      expect(answer?.message).toContain(event);
    }
  });
});

describe('REST routes', () => {
  const routes = cases(
    HTTP_MODULES.flatMap(({ routes: moduleRoutes }) =>
      moduleRoutes.map(
        (route) => [`${route.method} /api${route.url}`, route] as [string, (typeof moduleRoutes)[number]],
      ),
    ),
  );

  it('is what the server serves: every route of the tables is registered', () => {
    for (const { routes: moduleRoutes } of HTTP_MODULES) {
      for (const route of moduleRoutes) {
        expect(server.app.fastify.hasRoute({ method: route.method, url: `/api${route.url}` })).toBe(true);
      }
    }
  });

  it.each(routes)('%s as %s', async (name, role, access) => {
    const [method = 'GET', path = ''] = name.split(' ');
    // Parameters that are no id and bodies nested too deep: a call let through fails validation.
    const url = `${server.url}${path.replaceAll(/:[a-zA-Z]+/g, 'not-an-id')}`;
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const response = await fetch(url, {
      method,
      headers: { token: memberOf(role).token, ...(hasBody && { 'content-type': 'application/json' }) },
      body: hasBody ? JSON.stringify(tooDeep()) : undefined,
    });
    if (isAllowed(access, permissionsOfRole(role))) {
      expect([401, 403]).not.toContain(response.status);
    } else {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        code: 'FORBIDDEN',
        details: { permissions: [...permissionsNamedBy(access)] },
      });
    }
  });

  it('refuses to start with a route that has no access rule', async () => {
    const app = Fastify();
    const missing = collectRoutesWithoutRule(app);
    app.get('/forgotten', async () => 'open to all?');
    app.get('/ruled', { config: { access: 'offers.read' } }, async () => 'offers');
    await app.ready();
    expect(missing).toEqual(['GET /forgotten']);
    await app.close();
  });
});
