import type { CollectionDto, UserDto, WorkGroupMemberDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';

/**
 * The planner's work groups (issue 14): the company's admin-managed list `workGroup`, the admin tab
 * "resource planner" moving employees between them, and the planner and profile following the list.
 */

let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let stranger: SignedInUser;
let ola: { id: string };
let kari: { id: string };
let strangerEmployee: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  leader = await server.signedInUser({ role: 'leader', companyId: admin.companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  ola = await seedEmployee(server.ctx.db, admin.companyId, {
    firstName: 'Ola',
    lastName: 'Nordmann',
    workGroup: 'produksjon',
  });
  kari = await seedEmployee(server.ctx.db, admin.companyId, { firstName: 'Kari', workGroup: 'montasje' });
  strangerEmployee = await seedEmployee(server.ctx.db, stranger.companyId, { firstName: 'Fremmed' });
});
afterAll(async () => {
  await server?.close();
});

const members = (user = admin) => user.client.request('planner:work-group-members');
const memberOf = async (id: string) => {
  const member = (await members()).find((candidate) => candidate.id === id);
  if (!member) throw new Error(`no member ${id}`);
  return member;
};
const plannerGroups = async (user = leader) => {
  const planner = await user.client.request('planner:get', { year: 2026, week: 10 });
  return {
    keys: planner.workGroups.map((group) => group.key),
    rows: planner.employees.map((employee) => [employee.id, employee.workGroup]),
  };
};

describe('the company’s work groups', () => {
  it('starts with the four defaults in both languages, and the planner groups by them', async () => {
    const planner = await leader.client.request('planner:get', { year: 2026, week: 10 });
    expect(planner.workGroups).toEqual([
      { key: 'produksjon', labels: { en: 'Production', nb: 'Produksjon' }, isActive: true },
      { key: 'montasje', labels: { en: 'Installation', nb: 'Montasje' }, isActive: true },
      { key: 'service', labels: { en: 'Service', nb: 'Service' }, isActive: true },
      { key: 'admin', labels: { en: 'Administration', nb: 'Administrasjon' }, isActive: true },
    ]);
    expect(planner.employees.map((employee) => employee.id)).toEqual([ola.id, kari.id]);
  });

  it('lets an administrator add and reorder groups; the planner follows the order', async () => {
    const added = (
      await admin.client.request('collection:add', {
        collection: 'workGroup',
        values: { en: 'Warehouse', nb: 'Lager' },
      })
    ).values.at(-1);
    if (!added) throw new Error('nothing added');
    const list = await admin.client.request('collection:get', { collection: 'workGroup' });
    const keys = list.values.map((value) => value.key);
    await admin.client.request('collection:reorder', {
      collection: 'workGroup',
      keys: [added.key, ...keys.filter((key) => key !== added.key)].reverse(),
    });
    const member = await memberOf(kari.id);
    await admin.client.request('planner:assign-work-group', {
      employeeId: kari.id,
      version: member.version,
      workGroup: added.key,
    });
    const { keys: order, rows } = await plannerGroups();
    expect(order).toEqual(['admin', 'service', 'montasje', 'produksjon', added.key]);
    // Produksjon now comes before the new group at the end.
    expect(rows).toEqual([
      [ola.id, 'produksjon'],
      [kari.id, added.key],
    ]);
  });

  it('refuses to edit the list without planner.settings, and keeps a group people are in', async () => {
    const error = await leader.client.requestError('collection:add', {
      collection: 'workGroup',
      values: { en: 'Paint', nb: 'Lakk' },
    });
    expect(error.code).toBe('FORBIDDEN');
    const list = await admin.client.request('collection:get', { collection: 'workGroup' });
    const warehouse = list.values.find((value) => value.labels.en === 'Warehouse');
    if (!warehouse) throw new Error('no warehouse');
    const refused = await admin.client.requestError('collection:del', {
      collection: 'workGroup',
      key: warehouse.key,
      version: warehouse.version,
    });
    expect(refused).toMatchObject({ code: 'CONFLICT', details: { reason: 'valueInUse', usage: 1 } });
  });
});

describe('moving an employee to another work group', () => {
  it('moves at the version read, pushes the change, and a repeat of the same request is stale', async () => {
    const before = await memberOf(ola.id);
    const refreshed = leader.client.nextPush('plan:refreshed');
    const employeesChanged = leader.client.nextPush('employees:changed');
    const moved = await admin.client.request('planner:assign-work-group', {
      employeeId: ola.id,
      version: before.version,
      workGroup: 'service',
    });
    expect(moved).toEqual<WorkGroupMemberDto>({
      id: ola.id,
      name: 'Ola Nordmann',
      workGroup: 'service',
      version: before.version + 1,
    });
    await Promise.all([refreshed, employeesChanged]);
    expect((await plannerGroups()).rows).toContainEqual([ola.id, 'service']);
    const again = await admin.client.requestError('planner:assign-work-group', {
      employeeId: ola.id,
      version: before.version,
      workGroup: 'montasje',
    });
    expect(again).toMatchObject({ code: 'CONFLICT', details: { currentVersion: before.version + 1 } });
    expect((await memberOf(ola.id)).workGroup).toBe('service');
  });

  it('takes an employee out of every group with null; the planner shows them last, in no group', async () => {
    const before = await memberOf(ola.id);
    await admin.client.request('planner:assign-work-group', {
      employeeId: ola.id,
      version: before.version,
      workGroup: null,
    });
    expect((await plannerGroups()).rows.at(-1)).toEqual([ola.id, null]);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await memberOf(kari.id);
    const strangerList = (
      await stranger.client.request('collection:add', {
        collection: 'workGroup',
        values: { en: 'Theirs', nb: 'Deres' },
      })
    ).values.at(-1);
    const cases: [unknown, string][] = [
      [{ employeeId: kari.id, version: before.version, workGroup: 'lager' }, 'VALIDATION'],
      [{ employeeId: kari.id, version: before.version, workGroup: strangerList?.key }, 'VALIDATION'],
      [{ employeeId: kari.id, version: before.version, workGroup: '' }, 'VALIDATION'],
      [{ employeeId: kari.id, version: before.version, workGroup: 'x'.repeat(65) }, 'VALIDATION'],
      [{ employeeId: kari.id, version: before.version, workGroup: 'ser\u0000vice' }, 'VALIDATION'],
      [{ employeeId: kari.id, version: 'one', workGroup: 'service' }, 'VALIDATION'],
      [{ employeeId: kari.id, workGroup: 'service' }, 'VALIDATION'],
      [{ employeeId: 'not-an-id', version: before.version, workGroup: 'service' }, 'VALIDATION'],
      [{ employeeId: strangerEmployee.id, version: 1, workGroup: 'service' }, 'NOT_FOUND'],
    ];
    for (const [input, code] of cases) {
      const error = await admin.client.requestError('planner:assign-work-group', input as never);
      expect(error.code, JSON.stringify(input)).toBe(code);
    }
    expect(await memberOf(kari.id)).toEqual(before);
  });

  it('is for planner.settings only; members are the company’s own active employees', async () => {
    for (const event of ['planner:work-group-members', 'planner:assign-work-group'] as const) {
      const error = await leader.client.requestError(event, {
        employeeId: kari.id,
        version: 1,
        workGroup: 'service',
      } as never);
      expect(error.code).toBe('FORBIDDEN');
    }
    const ids = (await members()).map((member) => member.id);
    expect(ids).toEqual(expect.arrayContaining([ola.id, kari.id]));
    expect(ids).not.toContain(strangerEmployee.id);
  });
});

describe('the profile’s work groups', () => {
  it('offers the company’s groups: an added one is accepted, an unknown or another company’s is not', async () => {
    const list: CollectionDto = await admin.client.request('collection:get', { collection: 'workGroup' });
    const warehouse = list.values.find((value) => value.labels.en === 'Warehouse');
    if (!warehouse) throw new Error('no warehouse');
    const saved: UserDto = await leader.client.request('user:update-profile', {
      plannerWorkGroups: [warehouse.key, 'montasje'],
    });
    expect(saved.profile.plannerWorkGroups).toEqual([warehouse.key, 'montasje']);
    const theirs = (await stranger.client.request('collection:get', { collection: 'workGroup' })).values.at(
      -1,
    );
    for (const groups of [['lager'], [theirs?.key ?? 'x'], ['montasje', 'montasje']]) {
      const error = await leader.client.requestError('user:update-profile', { plannerWorkGroups: groups });
      expect(error.code).toBe('VALIDATION');
    }
  });
});
