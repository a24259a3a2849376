import { roleGrantsOf, USERS_PUSHES } from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { memberships } from '../auth/auth.tables';

let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let leader: SignedInUser;
let otherOffice: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  const company = await seedCompany(server.ctx.db);
  admin = await server.signedInUser({ companyId: company.id, role: 'admin' });
  office = await server.signedInUser({ companyId: company.id, role: 'office' });
  leader = await server.signedInUser({ companyId: company.id, role: 'leader' });
  otherOffice = await server.signedInUser({ role: 'office' });
});
afterAll(async () => {
  await server?.close();
});

const aCustomer = { name: 'Rolle Test', isPrivateIndividual: true } as const;

describe('role permissions of a company', () => {
  it('start as the defaults, at version 1', async () => {
    const permissions = await admin.client.request('permissions:get');
    expect(permissions).toEqual({ grants: roleGrantsOf(), defaults: roleGrantsOf(), version: 1 });
  });

  it('take a permission from a role: its members are refused at their next call, without signing in again', async () => {
    await expect(office.client.request('customer:create', aCustomer)).resolves.toMatchObject({
      name: aCustomer.name,
    });
    const current = await admin.client.request('permissions:get');
    const told = office.client.nextPush(USERS_PUSHES.permissionsChanged);
    const saved = await admin.client.request('permissions:update', {
      version: current.version,
      grants: {
        ...current.grants,
        office: current.grants.office.filter((name) => name !== 'customers.write'),
      },
    });
    expect(saved.version).toBe(current.version + 1);
    expect(saved.grants.office).not.toContain('customers.write');
    await told;

    const refused = await office.client.requestError('customer:create', aCustomer);
    expect(refused).toMatchObject({
      code: 'FORBIDDEN',
      details: { action: 'customer:create', permissions: ['customers.write'] },
    });
    // Their own view of what they may do follows, for the web app to hide the action.
    const me = await office.client.request('user:check-logged-in', office.token);
    expect(me.user.permissions).not.toContain('customers.write');
    expect(me.user.permissions).toContain('customers.read');
  });

  it("never reaches another company's members", async () => {
    await expect(otherOffice.client.request('customer:create', aCustomer)).resolves.toBeDefined();
  });

  it('give a permission to a role that lacks it by default', async () => {
    expect((await leader.client.requestError('price-matrix:update', {} as never)).code).toBe('FORBIDDEN');
    const current = await admin.client.request('permissions:get');
    await admin.client.request('permissions:update', {
      version: current.version,
      grants: { ...current.grants, leader: [...current.grants.leader, 'price-matrix.manage'] },
    });
    // Let through to validation now.
    expect((await leader.client.requestError('price-matrix:update', {} as never)).code).toBe('VALIDATION');
  });

  it('never give the administrators-only permissions to another role', async () => {
    const current = await admin.client.request('permissions:get');
    const saved = await admin.client.request('permissions:update', {
      version: current.version,
      grants: { ...current.grants, office: [...current.grants.office, 'users.manage', 'company.manage'] },
    });
    expect(saved.grants.office).not.toContain('users.manage');
    expect(saved.grants.office).not.toContain('company.manage');
    expect((await office.client.requestError('permissions:get')).code).toBe('FORBIDDEN');
  });

  it('refuse a save at an older version with CONFLICT, and change nothing', async () => {
    const current = await admin.client.request('permissions:get');
    const error = await admin.client.requestError('permissions:update', {
      version: current.version - 1,
      grants: roleGrantsOf(),
    });
    expect(error).toMatchObject({ code: 'CONFLICT', details: { currentVersion: current.version } });
    expect(await admin.client.request('permissions:get')).toEqual(current);
  });

  it('refuse unknown permissions and missing roles with VALIDATION, and change nothing', async () => {
    const current = await admin.client.request('permissions:get');
    for (const grants of [
      { ...current.grants, office: ['customers.fly'] },
      { office: current.grants.office },
      { ...current.grants, office: ['customers.read\u0000'] },
    ]) {
      const error = await admin.client.requestError('permissions:update', {
        version: current.version,
        grants: grants as never,
      });
      expect(error.code).toBe('VALIDATION');
    }
    expect(await admin.client.request('permissions:get')).toEqual(current);
  });

  it('are refused, whole, to a member who may not manage users', async () => {
    const before = await admin.client.request('permissions:get');
    const error = await office.client.requestError('permissions:update', {
      version: before.version,
      grants: { ...before.grants, office: [...before.grants.office, 'customers.write'] },
    });
    expect(error.code).toBe('FORBIDDEN');
    expect(await admin.client.request('permissions:get')).toEqual(before);
  });

  it('back to the defaults: the company keeps no departures', async () => {
    const current = await admin.client.request('permissions:get');
    const saved = await admin.client.request('permissions:update', {
      version: current.version,
      grants: roleGrantsOf(),
    });
    expect(saved.grants).toEqual(roleGrantsOf());
    await expect(office.client.request('customer:create', aCustomer)).resolves.toBeDefined();
  });
});

describe('a change of role', () => {
  it("applies at the member's next call", async () => {
    const member = await server.signedInUser({ companyId: office.companyId, role: 'office' });
    await expect(member.client.request('inquiries:get', {})).resolves.toBeDefined();
    await server.ctx.db
      .update(memberships)
      .set({ role: 'technician' })
      .where(and(eq(memberships.userId, member.userId), eq(memberships.companyId, member.companyId)));
    expect((await member.client.requestError('inquiries:get', {})).code).toBe('FORBIDDEN');
  });
});
