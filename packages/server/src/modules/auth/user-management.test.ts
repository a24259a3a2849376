import { permissionsOfRole } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/context';
import { seedCompany, seedUser } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { memberships } from './auth.tables';
import { assertMayManageUser } from './user-management';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** An actor as the gateway resolves it: signed in to `companyId` with that membership's role. */
const actorIn = async (roles: { companyId: string; role: 'admin' | 'office' }[]): Promise<Actor> => {
  const [first] = roles;
  if (!first) throw new Error('An actor needs a company');
  const user = await seedUser(server.ctx.db, { companyIds: [first.companyId], role: first.role });
  for (const { companyId, role } of roles.slice(1)) {
    await server.ctx.db.insert(memberships).values({ userId: user.id, companyId, role });
  }
  return {
    sessionId: 'not-used',
    userId: user.id,
    companyId: first.companyId,
    role: first.role,
    permissions: permissionsOfRole(first.role),
  };
};

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ALLOWED',
    (error: { code?: string }) => error.code,
  );

describe('who may manage a user', () => {
  it('an admin of the only company the user belongs to', async () => {
    const company = await seedCompany(server.ctx.db);
    const target = await seedUser(server.ctx.db, { companyIds: [company.id] });
    const admin = await actorIn([{ companyId: company.id, role: 'admin' }]);
    expect(await codeOf(assertMayManageUser(server.ctx, admin, target.id))).toBe('ALLOWED');
  });

  it('not a user who is no admin, nor an admin of another company', async () => {
    const company = await seedCompany(server.ctx.db);
    const target = await seedUser(server.ctx.db, { companyIds: [company.id] });
    const colleague = await actorIn([{ companyId: company.id, role: 'office' }]);
    const stranger = await actorIn([{ companyId: (await seedCompany(server.ctx.db)).id, role: 'admin' }]);
    expect(await codeOf(assertMayManageUser(server.ctx, colleague, target.id))).toBe('FORBIDDEN');
    expect(await codeOf(assertMayManageUser(server.ctx, stranger, target.id))).toBe('FORBIDDEN');
    expect(
      await codeOf(assertMayManageUser(server.ctx, stranger, '00000000-0000-7000-8000-000000000000')),
    ).toBe('FORBIDDEN');
  });

  it('a member of several companies only by an admin of every one of them', async () => {
    const [home, other] = [await seedCompany(server.ctx.db), await seedCompany(server.ctx.db)];
    const target = await seedUser(server.ctx.db, { companyIds: [home.id, other.id] });
    const adminOfHome = await actorIn([{ companyId: home.id, role: 'admin' }]);
    const userElsewhere = await actorIn([
      { companyId: home.id, role: 'admin' },
      { companyId: other.id, role: 'office' },
    ]);
    const adminOfBoth = await actorIn([
      { companyId: home.id, role: 'admin' },
      { companyId: other.id, role: 'admin' },
    ]);
    expect(await codeOf(assertMayManageUser(server.ctx, adminOfHome, target.id))).toBe('FORBIDDEN');
    expect(await codeOf(assertMayManageUser(server.ctx, userElsewhere, target.id))).toBe('FORBIDDEN');
    expect(await codeOf(assertMayManageUser(server.ctx, adminOfBoth, target.id))).toBe('ALLOWED');
  });
});
