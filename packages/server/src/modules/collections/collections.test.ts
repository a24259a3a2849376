import type { CollectionDto, CollectionName } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';

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

const get = (user: SignedInUser, collection: CollectionName) =>
  user.client.request('collection:get', { collection });
const valueIn = (list: CollectionDto, key: string) => {
  const value = list.values.find((candidate) => candidate.key === key);
  if (!value) throw new Error(`No ${key} in ${list.collection}`);
  return value;
};
const addValue = async (user: SignedInUser, collection: CollectionName, en: string, nb = en) => {
  const list = await user.client.request('collection:add', { collection, values: { en, nb } });
  const added = list.values.at(-1);
  if (!added) throw new Error('Nothing added');
  return added;
};

/** The next collection:changed push (an earlier test's push may still be on its way). */
const nextPush = (user: SignedInUser, collection: CollectionName) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No collection:changed push')), 5_000);
    const listener = (push: { collection: string }) => {
      if (push.collection !== collection) return;
      clearTimeout(timer);
      user.client.socket.off('collection:changed', listener);
      resolve();
    };
    user.client.socket.on('collection:changed', listener);
  });

describe('reading lists', () => {
  it('shows the built-in values with both languages while the company has changed nothing', async () => {
    const list = await get(office, 'complexity');
    expect(list.values).toEqual([
      { key: 'low', labels: { en: 'Low', nb: 'Lav' }, isActive: true, isBuiltIn: true, version: 0 },
      { key: 'medium', labels: { en: 'Medium', nb: 'Middels' }, isActive: true, isBuiltIn: true, version: 0 },
      { key: 'high', labels: { en: 'High', nb: 'Høy' }, isActive: true, isBuiltIn: true, version: 0 },
    ]);
    expect((await get(office, 'absenceType')).values.map((value) => value.key)).toContain('vacation');
    expect(valueIn(await get(office, 'deviationCategory'), 'safety').labels.nb).toBe('HMS');
  });

  it('refuses an unknown list name', async () => {
    const error = await office.client.requestError('collection:get', { collection: 'doorType' } as never);
    expect(error.code).toBe('VALIDATION');
  });
});

describe('changing lists', () => {
  it('renames a built-in value in Norwegian, tells the company and keeps other companies as they were', async () => {
    const pushed = nextPush(office, 'projectCategory');
    const before = valueIn(await get(admin, 'projectCategory'), 'kindergarten');
    const list = await admin.client.request('collection:upd', {
      collection: 'projectCategory',
      key: 'kindergarten',
      version: before.version,
      values: { labels: { en: 'Kindergarten', nb: 'Barnehage (kommunal)' } },
    });
    await pushed;
    expect(valueIn(list, 'kindergarten')).toMatchObject({
      labels: { en: 'Kindergarten', nb: 'Barnehage (kommunal)' },
      isBuiltIn: true,
      version: 2,
    });
    // The first change stored the whole list in Karm's order.
    expect(list.values.map((value) => value.key).slice(0, 3)).toEqual([
      'kindergartenYouthSchool',
      'kindergarten',
      'sportsFacility',
    ]);
    expect(valueIn(await get(office, 'projectCategory'), 'kindergarten').labels.nb).toBe(
      'Barnehage (kommunal)',
    );
    expect(valueIn(await get(otherAdmin, 'projectCategory'), 'kindergarten')).toMatchObject({
      labels: { nb: 'Barnehage' },
      version: 0,
    });
  });

  it('answers a stale version with CONFLICT and a second identical save too', async () => {
    const current = valueIn(await get(admin, 'complexity'), 'high');
    const save = {
      collection: 'complexity' as const,
      key: 'high',
      version: current.version,
      values: { labels: { en: 'Very high', nb: 'Svært høy' } },
    };
    await admin.client.request('collection:upd', save);
    expect((await admin.client.requestError('collection:upd', save)).code).toBe('CONFLICT');
    expect(valueIn(await get(admin, 'complexity'), 'high').labels.en).toBe('Very high');
  });

  it('adds a value at the end, reorders, and deactivates a built-in one', async () => {
    const added = await addValue(admin, 'ownerType', 'Housing cooperative', 'Borettslag');
    expect(added).toMatchObject({ isBuiltIn: false, isActive: true, version: 1 });
    const keys = (await get(admin, 'ownerType')).values.map((value) => value.key);
    const reordered = await admin.client.request('collection:reorder', {
      collection: 'ownerType',
      keys: [added.key, ...keys.filter((key) => key !== added.key)],
    });
    expect(reordered.values[0]?.key).toBe(added.key);
    const store = valueIn(reordered, 'hardwareStore');
    const deactivated = await admin.client.request('collection:upd', {
      collection: 'ownerType',
      key: 'hardwareStore',
      version: store.version,
      values: { isActive: false },
    });
    expect(valueIn(deactivated, 'hardwareStore')).toMatchObject({ isActive: false, labels: store.labels });
    // The offers' owner types (SPEC §7) follow the list: active values in the company's order.
    const response = await fetch(`${server.url}/api/offer-statuses/owner-types`, {
      headers: { token: admin.token },
    });
    const ownerTypes = (await response.json()) as { code: string }[];
    expect(ownerTypes[0]?.code).toBe(added.key);
    expect(ownerTypes.map((type) => type.code)).not.toContain('hardwareStore');
  });

  it('refuses a reorder that does not name every value once', async () => {
    const keys = (await get(admin, 'ownerType')).values.map((value) => value.key);
    for (const wrong of [keys.slice(1), [...keys, keys[0] as string], [...keys.slice(1), 'nope']]) {
      const error = await admin.client.requestError('collection:reorder', {
        collection: 'ownerType',
        keys: wrong,
      });
      expect(error).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { keys: 'validation.reorderMismatch' } },
      });
    }
  });

  it('refuses empty, too long and NUL labels and changes nothing', async () => {
    const before = await get(admin, 'deviationCategory');
    for (const values of [
      { en: '', nb: 'Tom' },
      { en: '   ', nb: 'Tom' },
      { en: 'x'.repeat(101), nb: 'Lang' },
      { en: 'Null\u0000', nb: 'Null' },
      { en: 42, nb: 'Tall' },
    ]) {
      const error = await admin.client.requestError('collection:add', {
        collection: 'deviationCategory',
        values,
      } as never);
      expect(error.code).toBe('VALIDATION');
    }
    expect(await get(admin, 'deviationCategory')).toEqual(before);
  });
});

describe('deleting values', () => {
  it('deletes an added value nothing uses', async () => {
    const added = await addValue(admin, 'absenceType', 'Welfare leave', 'Velferdspermisjon');
    const list = await admin.client.request('collection:del', {
      collection: 'absenceType',
      key: added.key,
      version: added.version,
    });
    expect(list.values.map((value) => value.key)).not.toContain(added.key);
  });

  it('keeps a built-in value (deactivate it instead)', async () => {
    const value = valueIn(await get(admin, 'absenceType'), 'vacation');
    const error = await admin.client.requestError('collection:del', {
      collection: 'absenceType',
      key: 'vacation',
      version: value.version,
    });
    expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'valueIsBuiltIn' } });
  });

  it('refuses a value inquiries, projects or customers use, saying how many', async () => {
    const category = await addValue(admin, 'projectCategory', 'Hospital', 'Sykehus');
    await office.client.request('inquiry:create', {
      receivedDate: '2026-03-01',
      projectName: 'Ahus',
      projectCategory: category.key,
    } as never);
    await office.client.request('project:create', {
      name: 'Ahus bygg B',
      projectCategory: category.key,
    } as never);
    const error = await admin.client.requestError('collection:del', {
      collection: 'projectCategory',
      key: category.key,
      version: category.version,
    });
    expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'valueInUse', usage: 2 } });
    // Deactivated, it stays on the records and can still be saved with them.
    await admin.client.request('collection:upd', {
      collection: 'projectCategory',
      key: category.key,
      version: category.version,
      values: { isActive: false },
    });
    const project = await office.client.request('project:create', {
      name: 'Ahus bygg C',
      projectCategory: category.key,
    } as never);
    expect(project.projectCategory).toBe(category.key);

    const customerCategory = await addValue(admin, 'customerCategory', 'Municipality', 'Kommune');
    await seedCustomer(server.ctx.db, admin.companyId, { category: customerCategory.key });
    const customerError = await admin.client.requestError('collection:del', {
      collection: 'customerCategory',
      key: customerCategory.key,
      version: customerCategory.version,
    });
    expect(customerError).toMatchObject({ code: 'CONFLICT', details: { reason: 'valueInUse', usage: 1 } });
  });
});

describe('records store only keys of the company’s lists', () => {
  it('refuses a key the list does not have, and another company’s added value', async () => {
    const theirs = await addValue(otherAdmin, 'complexity', 'Extreme', 'Ekstrem');
    for (const complexity of ['nonsense', theirs.key]) {
      const error = await office.client.requestError('inquiry:create', {
        receivedDate: '2026-03-01',
        projectName: 'Feil',
        complexity,
      } as never);
      expect(error).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { complexity: 'validation.referenceUnknown' } },
      });
    }
    const error = await office.client.requestError('project:create', {
      name: 'Feil',
      projectCategory: 'nonsense',
    } as never);
    expect(error).toMatchObject({ details: { fields: { projectCategory: 'validation.referenceUnknown' } } });
  });

  it('accepts a built-in key of a list the company never changed', async () => {
    const inquiry = await office.client.request('inquiry:create', {
      receivedDate: '2026-03-01',
      projectName: 'Skole',
      complexity: 'low',
      customerCategory: 'special',
    } as never);
    expect(inquiry).toMatchObject({ complexity: 'low', customerCategory: 'special' });
  });
});

describe('isolation and roles', () => {
  it('changes no other company’s value: a key of another company is not found', async () => {
    const theirs = await addValue(otherAdmin, 'deviationCategory', 'Theirs', 'Deres');
    for (const [event, input] of [
      ['collection:upd', { values: { isActive: false } }],
      ['collection:del', {}],
    ] as const) {
      const error = await admin.client.requestError(event, {
        collection: 'deviationCategory',
        key: theirs.key,
        version: theirs.version,
        ...input,
      } as never);
      expect(error.code).toBe('NOT_FOUND');
    }
    expect(valueIn(await get(otherAdmin, 'deviationCategory'), theirs.key).isActive).toBe(true);
  });

  it('lets members read but not change lists (FORBIDDEN)', async () => {
    const value = valueIn(await get(office, 'customerCategory'), 'special');
    for (const [event, input] of [
      ['collection:add', { collection: 'customerCategory', values: { en: 'X', nb: 'X' } }],
      [
        'collection:upd',
        {
          collection: 'customerCategory',
          key: 'special',
          version: value.version,
          values: { isActive: false },
        },
      ],
      ['collection:del', { collection: 'customerCategory', key: 'special', version: value.version }],
      ['collection:reorder', { collection: 'customerCategory', keys: ['special'] }],
    ] as const) {
      expect((await office.client.requestError(event, input as never)).code).toBe('FORBIDDEN');
    }
  });

  it('a holder of projects.settings edits the projects tab’s lists, not the inquiry tab’s', async () => {
    const current = await admin.client.request('permissions:get');
    await admin.client.request('permissions:update', {
      version: current.version,
      grants: { ...current.grants, office: [...current.grants.office, 'projects.settings'] },
    });
    const added = await addValue(office, 'deviationCategory', 'Noise', 'Støy');
    expect(added.labels.nb).toBe('Støy');
    const error = await office.client.requestError('collection:add', {
      collection: 'complexity',
      values: { en: 'X', nb: 'X' },
    });
    expect(error.code).toBe('FORBIDDEN');
  });
});
