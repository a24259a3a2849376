import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_OWNER_ID } from '../../../test/fake-tripletex/fake-sales-state';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';
import type { AccountingProjectFields } from '../port';
import { rejection } from './adapter.testing';

let h: TripletexHarness;

afterEach(async () => {
  await h.close();
});

const newProject = (overrides: Partial<AccountingProjectFields> = {}): AccountingProjectFields => ({
  name: 'Skyvedører Storgata 1',
  number: null,
  projectManagerExternalId: String(FAKE_OWNER_ID),
  customerExternalId: null,
  departmentExternalId: null,
  startDate: '2025-03-10',
  endDate: null,
  isClosed: false,
  isInternal: false,
  description: '',
  ...overrides,
});

describe('Tripletex projects', () => {
  it('creates a project without id, version or number and reads back the number Tripletex gave', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    const department = h.fake.state.seedDepartment({ name: 'Montasje' });
    const manager = h.fake.state.seedEmployee({ firstName: 'Per' });
    const created = await h.adapter.createProject(
      newProject({
        projectManagerExternalId: String(manager.id),
        customerExternalId: String(customer.id),
        departmentExternalId: String(department.id),
        endDate: '2025-06-30',
        description: 'To skyvedører med automatikk',
      }),
    );
    const [post] = h.requestsTo('/project', 'POST');
    expect(post.body).toEqual({
      name: 'Skyvedører Storgata 1',
      description: 'To skyvedører med automatikk',
      startDate: '2025-03-10',
      endDate: '2025-06-30',
      isClosed: false,
      isInternal: false,
      projectManager: { id: manager.id },
      customer: { id: customer.id },
      department: { id: department.id },
    });
    // A write declares no `fields=`; its answer has every field, references as `{id, url}`.
    expect(post.query).toEqual({});
    expect(created).toEqual({
      externalId: expect.any(String),
      version: 0,
      name: 'Skyvedører Storgata 1',
      number: '1',
      projectManagerExternalId: String(manager.id),
      customerExternalId: String(customer.id),
      departmentExternalId: String(department.id),
      startDate: '2025-03-10',
      endDate: '2025-06-30',
      isClosed: false,
      isInternal: false,
      description: 'To skyvedører med automatikk',
    });
    await expect(h.adapter.getProject(created.externalId)).resolves.toEqual(created);
    // No customer, department or end date: left out of the POST, read back as null.
    await h.adapter.createProject(newProject({ name: 'Intern', isInternal: true, number: '2025-07' }));
    expect(h.requestsTo('/project', 'POST')[1].body).toEqual({
      name: 'Intern',
      description: '',
      startDate: '2025-03-10',
      isClosed: false,
      isInternal: true,
      number: '2025-07',
      projectManager: { id: FAKE_OWNER_ID },
    });
  });

  it('refuses what Tripletex refuses, as validation with the field named', async () => {
    h = await startTripletexHarness();
    h.fake.state.seedProject({ number: '100' });
    const taken = await rejection(h.adapter.createProject(newProject({ number: '100' })));
    expect(taken).toMatchObject({
      kind: 'validation',
      details: { status: 422, code: 18000, fields: { number: 'Project number is already taken' } },
    });
    const noManager = await rejection(
      h.adapter.createProject(newProject({ projectManagerExternalId: '4242' })),
    );
    expect(noManager.details?.fields).toEqual({ projectManager: 'No such employee' });
    expect((await rejection(h.adapter.getProject('999999'))).kind).toBe('not-found');
  });

  it('finds a project by its exact number although the filter matches parts of numbers', async () => {
    h = await startTripletexHarness();
    for (const number of ['10', '21', '1', '110']) h.fake.state.seedProject({ number, name: `P ${number}` });
    await expect(h.adapter.findProjectByNumber('1')).resolves.toMatchObject({ number: '1', name: 'P 1' });
    expect(h.requestsTo('/project').at(-1)?.query).toMatchObject({ number: '1', from: '0' });
    await expect(h.adapter.findProjectByNumber('2')).resolves.toBeNull();
    await expect(h.adapter.findProjectByNumber('  ')).resolves.toBeNull();
    expect(h.requestsTo('/project')).toHaveLength(2);
  });

  it('pages projects, open or closed', async () => {
    h = await startTripletexHarness();
    const open = [1, 2, 3].map((i) => h.fake.state.seedProject({ name: `Åpen ${i}` }));
    h.fake.state.seedProject({ name: 'Lukket', isClosed: true });
    const first = await h.adapter.listProjects({ from: 0, count: 2, isClosed: false });
    expect(first.isLast).toBe(false);
    const second = await h.adapter.listProjects({ from: 2, count: 2, isClosed: false });
    expect(second.isLast).toBe(true);
    expect([...first.items, ...second.items].map((p) => p.externalId)).toEqual(open.map((p) => String(p.id)));
    expect(h.requestsTo('/project')[0].query).toMatchObject({ isClosed: 'false', sorting: 'id' });
    const all = await h.adapter.listProjects({ from: 0, count: 10 });
    expect(all.items).toHaveLength(4);
    expect(h.requestsTo('/project')[2].query).not.toHaveProperty('isClosed');
  });

  it('updates with a partial PUT carrying id and version', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    const other = h.fake.state.seedCustomer();
    const seeded = h.fake.state.seedProject({
      name: 'Før',
      customerId: customer.id,
      endDate: '2025-12-31',
      description: 'Uendret',
    });
    const before = await h.adapter.getProject(String(seeded.id));
    const updated = await h.adapter.updateProject(before.externalId, before.version, {
      name: 'Etter',
      customerExternalId: String(other.id),
      endDate: '2026-01-31',
      isClosed: true,
    });
    const [put] = h.requestsTo(`/project/${seeded.id}`, 'PUT');
    expect(put.query).toEqual({});
    expect(put.body).toEqual({
      id: seeded.id,
      version: 0,
      name: 'Etter',
      isClosed: true,
      customer: { id: other.id },
      endDate: '2026-01-31',
    });
    expect(updated).toMatchObject({
      name: 'Etter',
      description: 'Uendret',
      customerExternalId: String(other.id),
      endDate: '2026-01-31',
      isClosed: true,
      number: seeded.number,
      version: 1,
    });
  });

  it('refuses to clear a reference or the end date, which the document gives no way to do', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    const seeded = h.fake.state.seedProject({ customerId: customer.id, endDate: '2025-12-31' });
    for (const changes of [{ customerExternalId: null }, { departmentExternalId: null }, { endDate: null }]) {
      const error = await rejection(h.adapter.updateProject(String(seeded.id), 0, changes));
      expect(error.kind).toBe('validation');
    }
    expect(h.requestsTo(`/project/${seeded.id}`, 'PUT')).toHaveLength(0);
    expect(h.fake.state.projects.get(seeded.id)).toMatchObject({ customerId: customer.id, version: 0 });
  });

  it('gives conflict when the version is stale, and changes nothing', async () => {
    h = await startTripletexHarness();
    const seeded = h.fake.state.seedProject({ name: 'Original' });
    const seen = await h.adapter.getProject(String(seeded.id));
    await h.adapter.updateProject(seen.externalId, seen.version, { name: 'Endret i Tripletex' });
    const error = await rejection(h.adapter.updateProject(seen.externalId, seen.version, { name: 'Karm' }));
    expect(error).toMatchObject({ kind: 'conflict', details: { status: 409, code: 8000 } });
    expect(h.fake.state.projects.get(seeded.id)).toMatchObject({ name: 'Endret i Tripletex', version: 1 });
  });
});
