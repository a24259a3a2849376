import type { DepartmentAdminDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkProjects } from '../../seed/bulk-projects';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { departments } from '../employees/employees.tables';
import { projects } from '../projects/projects.tables';

let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let otherAdmin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  office = await server.signedInUser({ companyId: admin.companyId });
  otherAdmin = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const named = (list: DepartmentAdminDto[], name: string) => {
  const found = list.find((department) => department.name === name);
  if (!found) throw new Error(`No department ${name}`);
  return found;
};
const add = async (user: SignedInUser, name: string, departmentNumber = '') =>
  named(await user.client.request('department:add', { name, departmentNumber }), name);

describe('departments of a company without an accounting system', () => {
  it('adds one that the project forms then offer, and tells the company', async () => {
    const pushed = new Promise<void>((resolve) =>
      office.client.socket.once('employees:changed', () => resolve()),
    );
    const added = await add(admin, 'Service Vest', '40');
    await pushed;
    expect(added).toMatchObject({
      departmentNumber: '40',
      isActive: true,
      fromAccounting: false,
      usage: 0,
      version: 1,
    });
    const offered = await office.client.request('project_department:get');
    expect(offered.map((department) => department.displayName)).toContain('Service Vest');
  });

  it('renames and deactivates one: deactivated departments leave the forms but stay listed for admins', async () => {
    const added = await add(admin, 'Montasje');
    const renamed = named(
      await admin.client.request('department:upd', {
        id: added.id,
        version: added.version,
        values: { name: 'Montasje Øst', isActive: false },
      }),
      'Montasje Øst',
    );
    expect(renamed).toMatchObject({ isActive: false, version: 2 });
    const offered = await office.client.request('project_department:get');
    expect(offered.map((department) => department.displayName)).not.toContain('Montasje Øst');
  });

  it('refuses a stale version and changes nothing', async () => {
    const added = await add(admin, 'Produksjon');
    await admin.client.request('department:upd', {
      id: added.id,
      version: 1,
      values: { name: 'Produksjon A' },
    });
    const error = await admin.client.requestError('department:upd', {
      id: added.id,
      version: 1,
      values: { name: 'Produksjon B' },
    });
    expect(error.code).toBe('CONFLICT');
    const list = await admin.client.request('department:list');
    expect(list.map((department) => department.name)).toContain('Produksjon A');
  });

  it('deletes an unused one, and refuses one a project uses (it can only be deactivated)', async () => {
    const unused = await add(admin, 'Midlertidig');
    const after = await admin.client.request('department:del', { id: unused.id, version: unused.version });
    expect(after.map((department) => department.name)).not.toContain('Midlertidig');

    const used = await add(admin, 'Dører Nord');
    await seedBulkProjects(server.ctx, admin.companyId, 1);
    await server.ctx.db
      .update(projects)
      .set({ departmentId: used.id })
      .where(eq(projects.companyId, admin.companyId));
    const listed = named(await admin.client.request('department:list'), 'Dører Nord');
    expect(listed.usage).toBe(1);
    const error = await admin.client.requestError('department:del', { id: used.id, version: used.version });
    expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'valueInUse', usage: 1 } });
    expect((await admin.client.request('department:list')).map((department) => department.name)).toContain(
      'Dører Nord',
    );
  });

  it('rejects empty, too long and NUL names with a field message', async () => {
    for (const name of ['   ', 'x'.repeat(101), 'Bad\u0000name']) {
      const error = await admin.client.requestError('department:add', { name });
      expect(error.code).toBe('VALIDATION');
    }
  });
});

describe('departments the accounting system keeps', () => {
  it('lists them read-only: neither renamed nor deleted in Karm', async () => {
    const [synced] = await server.ctx.db
      .insert(departments)
      .values({ companyId: admin.companyId, name: 'Avdeling Tripletex', accountingId: '9001' })
      .returning();
    const listed = named(await admin.client.request('department:list'), 'Avdeling Tripletex');
    expect(listed.fromAccounting).toBe(true);
    for (const [event, input] of [
      ['department:upd', { id: synced!.id, version: 1, values: { name: 'Nytt navn' } }],
      ['department:del', { id: synced!.id, version: 1 }],
    ] as const) {
      const error = await admin.client.requestError(event, input as never);
      expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'departmentFromAccounting' } });
    }
  });
});

describe('who may manage departments', () => {
  it('refuses members without the projects settings permission before looking at the input', async () => {
    for (const [event, input] of [
      ['department:list', {}],
      ['department:add', { name: 'x' }],
      ['department:add', { name: '' }],
      ['department:upd', { id: 'not-a-uuid', version: 1, values: {} }],
      ['department:del', { id: crypto.randomUUID(), version: 1 }],
    ] as const) {
      const error = await office.client.requestError(event, input as never);
      expect(error.code).toBe('FORBIDDEN');
    }
  });

  it("keeps companies apart: another company's department is not found and not listed", async () => {
    const own = await add(admin, 'Kun vår');
    expect(
      (await otherAdmin.client.request('department:list')).map((department) => department.id),
    ).not.toContain(own.id);
    for (const [event, input] of [
      ['department:upd', { id: own.id, version: own.version, values: { name: 'Stjålet' } }],
      ['department:del', { id: own.id, version: own.version }],
    ] as const) {
      const error = await otherAdmin.client.requestError(event, input as never);
      expect(error.code).toBe('NOT_FOUND');
    }
    expect(named(await admin.client.request('department:list'), 'Kun vår').version).toBe(1);
  });
});
