import type { ProjectCombinedDto } from '@karm/domain/contract';
import { isoWeekOf, processDate } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContact, seedCustomer, seedDepartment, seedEmployee } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { processColumns } from '../processes/processes.tables';
import { registerProjectRemovalHook } from './project-removal';
import { projects } from './projects.tables';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;

// Stands in for the resource planner: one active plan for each project in this set.
const plannedProjects = new Set<string>();
registerProjectRemovalHook({
  countActive: async (_ctx, _companyId, projectId) => (plannedProjects.has(projectId) ? 1 : 0),
  remove: async (_tx, _companyId, projectId) => (plannedProjects.delete(projectId) ? 1 : 0),
});

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  alice = await server.signedInUser({ role: 'admin' });
  mallory = await server.signedInUser({ role: 'admin' });
  await seedEmployee(server.ctx.db, alice.companyId, { firstName: 'Alice', userId: alice.userId });
});
afterAll(async () => {
  await server?.close();
});

const create = (name: string, extra: Record<string, unknown> = {}) =>
  alice.client.request('project:create', { name, ...extra } as never);

describe('projects', () => {
  it('numbers projects per company without duplicates under concurrent creates', async () => {
    const created = await Promise.all(Array.from({ length: 8 }, (_, index) => create(`Samtidig ${index}`)));
    expect(new Set(created.map((project) => project.number)).size).toBe(8);
    expect(Math.min(...created.map((project) => project.number))).toBeGreaterThanOrEqual(1001);
  });

  it('sets every process date from the delivery date', async () => {
    const project = await create('Skole Lørenskog', { deliveryDate: '2026-06-19' });
    const { columns, entries } = await alice.client.request('mongo:project_process', {
      projectIds: [project.id],
    });
    expect(columns).toHaveLength(11);
    for (const column of columns) {
      const entry = entries.find((candidate) => candidate.processColumnId === column.id);
      expect(entry?.date).toBe(processDate('2026-06-19', column.factor));
    }
  });

  it('keeps orders with their lines and the project value in øre', async () => {
    const project = await create('Ordre AS', {
      orders: [
        {
          title: 'Dører',
          lines: [
            {
              description: 'Ytterdør',
              count: 2,
              unitPrice: 15_000_00,
              discountPercent: 10,
              costPrice: 9_000_00,
            },
          ],
        },
      ],
    });
    expect(project.projectValue).toBe(27_000_00);
    const response = await fetch(`${server.url}/api/project/get-combined?projectId=${project.id}`, {
      headers: { token: alice.token },
    });
    const combined = await bodyOf<ProjectCombinedDto>(response);
    expect(combined.orders[0]).toMatchObject({
      title: 'Dører',
      total: 27_000_00,
      lines: [{ salesPrice: 27_000_00, vatPercent: 25 }],
    });
    expect(combined.invoiceSummary).toEqual({ orderCount: 1, total: 27_000_00, invoiceStatus: 1 });
    expect(combined.processEntries).toHaveLength(11);
  });

  it('refuses a save over a newer version, naming the current one', async () => {
    const project = await create('Versjon');
    const saved = await alice.client.request('project:update', {
      id: project.id,
      version: project.version,
      changes: { name: 'Versjon 2' },
    });
    const stale = await alice.client.requestError('project:update', {
      id: project.id,
      version: project.version,
      changes: { name: 'Gammel' },
    });
    expect(stale).toMatchObject({ code: 'CONFLICT', details: { currentVersion: saved.version } });
    expect((await alice.client.request('project:get', { id: project.id })).name).toBe('Versjon 2');
  });

  it('changes only the fields an update names', async () => {
    const project = await create('Delvis', {
      description: 'Før',
      projectCity: 'Drammen',
      isDirect: true,
      deliveryDate: '2026-09-18',
    });
    const updated = await alice.client.request('project:update', {
      id: project.id,
      version: project.version,
      changes: { description: 'Etter' },
    });
    expect(updated).toMatchObject({
      description: 'Etter',
      projectCity: 'Drammen',
      isDirect: true,
      deliveryDate: '2026-09-18',
      name: 'Delvis',
    });
  });

  it('updates start, delivery and end dates together', async () => {
    const project = await create('Datoer');
    const updated = await alice.client.request('project:update-dates', {
      id: project.id,
      version: project.version,
      startDate: '2026-04-01',
      deliveryDate: '2026-05-15',
      endDate: '2026-05-29',
    });
    expect(updated).toMatchObject({
      startDate: '2026-04-01',
      deliveryDate: '2026-05-15',
      endDate: '2026-05-29',
    });
  });

  it('postpones a delivery week the process cannot reach, and keeps a reachable one', async () => {
    const project = await create('Uke');
    const { week, year } = isoWeekOf('2026-03-02');
    const tooSoon = await alice.client.request('project:set-delivery-week', {
      id: project.id,
      version: project.version,
      year,
      week: week + 1,
    });
    expect(tooSoon.isPostponed).toBe(true);
    expect(isoWeekOf(tooSoon.project.deliveryDate!).week).toBeGreaterThan(week + 1);
    const later = await alice.client.request('project:set-delivery-week', {
      id: project.id,
      version: tooSoon.project.version,
      year,
      week: 40,
    });
    expect(later).toMatchObject({ isPostponed: false, project: { deliveryDate: '2026-10-02' } });
  });

  it('asks before removing a project with active plans, then removes them with it', async () => {
    const project = await create('Planlagt');
    plannedProjects.add(project.id);
    const refused = await alice.client.requestError('project:delete', {
      id: project.id,
      version: project.version,
    });
    expect(refused).toMatchObject({ code: 'CONFLICT', details: { activePlans: 1 } });
    expect(
      await alice.client.request('project:delete', {
        id: project.id,
        version: project.version,
        isPlanRemovalConfirmed: true,
      }),
    ).toEqual({
      id: project.id,
      removedPlans: 1,
    });
    expect((await alice.client.requestError('project:get', { id: project.id })).code).toBe('NOT_FOUND');
  });

  it('archives with a reason and unarchives', async () => {
    const project = await create('Arkiv');
    expect(
      (
        await alice.client.requestError('project:archive', {
          id: project.id,
          version: project.version,
          reason: '',
        })
      ).code,
    ).toBe('VALIDATION');
    const archived = await alice.client.request('project:archive', {
      id: project.id,
      version: project.version,
      reason: 'Kunden trakk seg',
    });
    expect(archived).toMatchObject({ state: 'archived', archiveReason: 'Kunden trakk seg' });
    expect(
      (await alice.client.request('project:unarchive', { id: project.id, version: archived.version })).state,
    ).toBe('active');
  });
});

describe('projects:filter_new', () => {
  it('filters by who, status, customer, search and process state, sorts and pages', async () => {
    const user = await server.signedInUser();
    const companyId = user.companyId;
    const me = await seedEmployee(server.ctx.db, companyId, { firstName: 'Meg', userId: user.userId });
    const other = await seedEmployee(server.ctx.db, companyId, { firstName: 'Annen' });
    const customer = await seedCustomer(server.ctx.db, companyId, { name: 'Vindusbyggern AS' });
    const firstByName = await seedCustomer(server.ctx.db, companyId, { name: 'aasen Bygg AS' });
    const workshop = await seedDepartment(server.ctx.db, companyId, 'Verksted');
    const office = await seedDepartment(server.ctx.db, companyId, 'administrasjon');
    const make = (name: string, extra: Record<string, unknown>) =>
      user.client.request('project:create', { name, ...extra } as never);
    const mine = await make('Min skole', {
      projectManagerId: me.id,
      deliveryDate: '2026-09-04',
      customerId: customer.id,
      departmentId: workshop.id,
    });
    await make('Min hall', { projectManagerId: me.id, deliveryDate: '2026-08-07' });
    await make('Annens bygg', {
      projectManagerId: other.id,
      deliveryDate: '2026-07-03',
      customerId: firstByName.id,
      departmentId: office.id,
      projectCity: 'Ålesund',
    });
    const done = await make('Ferdig', { projectManagerId: me.id });
    await user.client.request('project:archive', { id: done.id, version: done.version, reason: 'Ferdig' });

    const page = (filters: Record<string, unknown>) =>
      user.client.request('projects:filter_new', filters as never);
    expect((await page({})).items.map((project) => project.name)).toEqual(['Min hall', 'Min skole']);
    expect((await page({ who: 'alle' })).total).toBe(3);
    expect((await page({ who: 'alle', status: 'all' })).total).toBe(4);
    expect((await page({ who: 'alle', status: 'archived' })).items.map((project) => project.name)).toEqual([
      'Ferdig',
    ]);
    expect((await page({ who: 'alle', customer: customer.id })).items.map((project) => project.id)).toEqual([
      mine.id,
    ]);
    expect(
      (await page({ who: 'alle', searchQuery: 'vindusbygg' })).items.map((project) => project.id),
    ).toEqual([mine.id]);
    expect(
      (await page({ who: 'alle', searchQuery: String(mine.number) })).items.map((project) => project.id),
    ).toEqual([mine.id]);
    expect(
      (await page({ who: 'alle', projectSortType: 'name', sortDirection: 'desc' })).items.map(
        (project) => project.name,
      ),
    ).toEqual(['Min skole', 'Min hall', 'Annens bygg']);
    expect(
      (await page({ who: 'alle', searchQuery: 'ÅLESUND' })).items.map((project) => project.name),
    ).toEqual(['Annens bygg']);
    // Customers sort by name whatever its case; projects without a customer come last, whichever way.
    const byCustomer = async (sortDirection: string, pageSize = 20, pageNumber = 1) =>
      (
        await page({ who: 'alle', projectSortType: 'customer', sortDirection, pageSize, pageNumber })
      ).items.map((project) => project.name);
    expect(await byCustomer('asc')).toEqual(['Annens bygg', 'Min skole', 'Min hall']);
    expect(await byCustomer('desc')).toEqual(['Min skole', 'Annens bygg', 'Min hall']);
    expect(await byCustomer('asc', 2, 2)).toEqual(['Min hall']);
    const sortedBy = async (projectSortType: string, sortDirection: string, projectSorts: unknown[] = []) =>
      (await page({ who: 'alle', projectSortType, sortDirection, projectSorts })).items.map(
        (project) => project.name,
      );
    // Managers "Annen …" before "Meg …"; one manager's projects by number.
    expect(await sortedBy('projectManager', 'asc')).toEqual(['Annens bygg', 'Min skole', 'Min hall']);
    expect(await sortedBy('department', 'asc')).toEqual(['Annens bygg', 'Min skole', 'Min hall']);
    expect(await sortedBy('department', 'desc')).toEqual(['Min skole', 'Annens bygg', 'Min hall']);
    // Several sorts: by manager, then by customer (descending) within one manager.
    expect(
      await sortedBy('projectManager', 'desc', [{ projectSortType: 'customer', sortDirection: 'desc' }]),
    ).toEqual(['Min skole', 'Min hall', 'Annens bygg']);
    const second = await page({ who: 'alle', pageSize: 2, pageNumber: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items).toHaveLength(1);

    const { columns, entries } = await user.client.request('mongo:project_process', {
      projectIds: [mine.id],
    });
    const drawings = columns[0]!;
    await user.client.request('process:update-entry', {
      projectId: mine.id,
      processColumnId: drawings.id,
      version: entries.find((entry) => entry.processColumnId === drawings.id)!.version,
      noteDates: { completed: '2026-06-01' },
    });
    expect(
      (
        await page({ who: 'alle', selectedProcessFilter: { columnId: drawings.key, filterType: 'done' } })
      ).items.map((project) => project.id),
    ).toEqual([mine.id]);
    expect(
      (await page({ who: 'alle', selectedProcessFilter: { columnId: drawings.id, filterType: 'notDone' } }))
        .total,
    ).toBe(2);
  });

  it('shows nothing under "mine" for a user who is no employee', async () => {
    const stranger = await server.signedInUser();
    await stranger.client.request('project:create', { name: 'Noens' });
    expect((await stranger.client.request('projects:filter_new', {})).total).toBe(0);
  });

  it("takes the SPEC's Norwegian status values (aktiv, alle, arkivert…) as the English ones", async () => {
    for (const [norwegian, english] of [
      ['aktiv', 'active'],
      ['alle', 'all'],
      ['arkivert', 'archived'],
      ['ikke aktive', 'notActive'],
    ] as const) {
      const inNorwegian = await alice.client.request('projects:filter_new', {
        who: 'alle',
        status: norwegian,
      });
      const inEnglish = await alice.client.request('projects:filter_new', { who: 'alle', status: english });
      expect(inNorwegian, norwegian).toEqual(inEnglish);
    }
    const active = await alice.client.request('projects:all', { status: 'aktiv' });
    expect(await alice.client.request('projects:all', { status: 'active' })).toEqual(active);
  });

  it('refuses malformed filters', async () => {
    for (const filters of [
      { pageSize: 0 },
      { status: 'maybe' },
      { projectManager: 'not-a-uuid' },
      { endedRange: 7 },
    ]) {
      expect((await alice.client.requestError('projects:filter_new', filters as never)).code).toBe(
        'VALIDATION',
      );
    }
  });
});

describe('process cells and columns', () => {
  it('edits a cell, tells other browsers, and refuses a note date of another type', async () => {
    const project = await create('Celle', { deliveryDate: '2026-09-25' });
    const { columns } = await alice.client.request('mongo:project_process', { projectIds: [project.id] });
    const glass = columns.find((column) => column.type === 'orderedReceived')!;
    const colleague = await server.connect(alice.token);
    const pushed = colleague.nextPush('process:changed');
    const { entries } = await alice.client.request('mongo:project_process', { projectIds: [project.id] });
    const loaded = entries.find((entry) => entry.processColumnId === glass.id)!;
    const cell = await alice.client.request('process:update-entry', {
      projectId: project.id,
      processColumnId: glass.id,
      version: loaded.version,
      noteDates: { ordered: '2026-08-01' },
      comment: 'Bestilt hos leverandør',
    });
    expect(cell).toMatchObject({
      noteDates: { ordered: '2026-08-01' },
      comment: 'Bestilt hos leverandør',
      isActive: true,
    });
    await expect(pushed).resolves.toMatchObject({ id: cell.id });
    const wrong = await alice.client.requestError('process:update-entry', {
      projectId: project.id,
      processColumnId: glass.id,
      version: cell.version,
      noteDates: { completed: '2026-08-01' },
    });
    expect(wrong.code).toBe('VALIDATION');
  });

  it('saves a cell only at the version it was read: of two simultaneous saves one gets CONFLICT', async () => {
    const project = await create('Samtidig celle', { deliveryDate: '2026-10-16' });
    const { columns, entries } = await alice.client.request('mongo:project_process', {
      projectIds: [project.id],
    });
    const column = columns[0]!;
    const loaded = entries.find((entry) => entry.processColumnId === column.id)!;
    const bob = await server.connect(alice.token);
    const save = (client: typeof bob, comment: string) =>
      client
        .request('process:update-entry', {
          projectId: project.id,
          processColumnId: column.id,
          version: loaded.version,
          comment,
        })
        .then(
          (entry) => ({ entry, error: null }),
          (error: { payload: unknown }) => ({ entry: null, error: error.payload }),
        );
    const answers = await Promise.all([save(alice.client, 'Alice'), save(bob, 'Bob')]);
    const saved = answers.filter((answer) => answer.entry);
    expect(saved).toHaveLength(1);
    const winner = saved[0]!.entry!;
    expect(winner.version).toBe(loaded.version + 1);
    expect(answers.find((answer) => answer.error)?.error).toMatchObject({
      code: 'CONFLICT',
      details: { currentVersion: winner.version },
    });
    const after = await alice.client.request('mongo:project_process', { projectIds: [project.id] });
    expect(after.entries.find((entry) => entry.processColumnId === column.id)).toMatchObject({
      comment: winner.comment,
      version: winner.version,
    });
    // A save must say which version it read.
    const unversioned = await alice.client.requestError('process:update-entry', {
      projectId: project.id,
      processColumnId: column.id,
      comment: 'Uten versjon',
    } as never);
    expect(unversioned.code).toBe('VALIDATION');
  });

  it('creates a cell of a column added after the project at version 0, once', async () => {
    // A company of its own: the column would change the other tests' grid.
    const carol = await server.signedInUser({ role: 'admin' });
    const project = await carol.client.request('project:create', { name: 'Ny kolonne' });
    const added = await carol.client.request('process-columns:create', {
      nameNo: 'Ekstra',
      nameEn: 'Extra',
      factor: 1,
      min: 0,
      max: 0,
      type: 'completed',
    });
    const first = await carol.client.request('process:update-entry', {
      projectId: project.id,
      processColumnId: added.id,
      version: 0,
      isActive: true,
    });
    expect(first.version).toBe(1);
    const again = await carol.client.requestError('process:update-entry', {
      projectId: project.id,
      processColumnId: added.id,
      version: 0,
      isActive: false,
    });
    expect(again).toMatchObject({ code: 'CONFLICT', details: { currentVersion: 1 } });
  });

  it("refuses a cell or a sub-process of another company's process column", async () => {
    const dave = await server.signedInUser();
    const project = await dave.client.request('project:create', { name: 'Daves celle' });
    const [aliceColumn] = await alice.client.request('process-columns:get');
    const error = await dave.client.requestError('process:update-entry', {
      projectId: project.id,
      processColumnId: aliceColumn!.id,
      version: 0,
      isActive: false,
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { processColumnId: expect.any(String) } },
    });
    const admin = await server.signedInUser({ companyId: dave.companyId, role: 'admin' });
    const sub = await admin.client.requestError('process-columns:create-sub', {
      columnId: aliceColumn!.id,
      nameNo: 'Lånt',
      nameEn: 'Borrowed',
      type: 'completed',
    });
    expect(sub).toMatchObject({ code: 'VALIDATION', details: { fields: { columnId: expect.any(String) } } });
    expect((await alice.client.request('process-columns:get'))[0]!.subProcesses).toEqual(
      aliceColumn!.subProcesses,
    );
  });

  it('reads the columns of a fresh company without writing them; the first write stores the same ids', async () => {
    const fresh = await server.signedInUser({ role: 'admin' });
    const read = await fresh.client.request('process-columns:get');
    expect(read).toHaveLength(11);
    expect((await fresh.client.request('mongo:project_process', { projectIds: [] })).columns).toEqual(read);
    const stored = () =>
      server.ctx.db.select().from(processColumns).where(eq(processColumns.companyId, fresh.companyId));
    expect(await stored()).toEqual([]);
    const project = await fresh.client.request('project:create', {
      name: 'Første',
      deliveryDate: '2026-12-18',
    });
    expect((await stored()).map((column) => column.id).sort()).toEqual(
      read.map((column) => column.id).sort(),
    );
    const { entries } = await fresh.client.request('mongo:project_process', { projectIds: [project.id] });
    expect(entries.map((entry) => entry.processColumnId).sort()).toEqual(
      read.map((column) => column.id).sort(),
    );
  });

  it('answers "could not find project to update process" for a missing project', async () => {
    const columns = await alice.client.request('process-columns:get');
    const error = await alice.client.requestError('process:update-entry', {
      projectId: '01a1fe00-0000-7000-8000-000000000000',
      processColumnId: columns[0]!.id,
      version: 1,
      isActive: false,
    });
    expect(error).toEqual({ code: 'NOT_FOUND', message: 'could not find project to update process' });
  });

  it("validates column names with the spec's messages, and reorders", async () => {
    const error = await alice.client.requestError('process-columns:create', {
      nameNo: '',
      nameEn: 'x'.repeat(16),
      factor: 2,
      min: 0,
      max: 1,
      type: 'completed',
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { nameNo: 'validation.norwegianNameRequired', nameEn: 'validation.nameTooLong' } },
    });
    const subError = await alice.client.requestError('process-columns:create-sub', {
      columnId: (await alice.client.request('process-columns:get'))[0]!.id,
      nameNo: '',
      nameEn: '',
      type: null,
    });
    expect(subError.details).toMatchObject({
      fields: {
        nameNo: 'validation.subProcessNorwegianNameRequired',
        nameEn: 'validation.subProcessEnglishNameRequired',
        type: 'validation.subProcessTypeRequired',
      },
    });
    const created = await alice.client.request('process-columns:create', {
      nameNo: 'Befaring',
      nameEn: 'Site visit',
      factor: 10,
      min: 1,
      max: 2,
      type: 'completed',
    });
    expect(created.key).toBe('PID12');
    const ids = (await alice.client.request('process-columns:get')).map((column) => column.id);
    const reordered = await alice.client.request('process-columns:reorder', {
      ids: [created.id, ...ids.filter((id) => id !== created.id)],
    });
    expect(reordered[0]?.id).toBe(created.id);
    expect((await alice.client.requestError('process-columns:reorder', { ids: [created.id] })).code).toBe(
      'VALIDATION',
    );
  });

  it('lets only administrators change columns', async () => {
    const colleague = await server.signedInUser({ companyId: alice.companyId });
    expect(
      (
        await colleague.client.requestError('process-columns:create', {
          nameNo: 'A',
          nameEn: 'A',
          factor: 1,
          min: 0,
          max: 0,
          type: 'completed',
        })
      ).code,
    ).toBe('FORBIDDEN');
  });
});

describe('company isolation', () => {
  it("another company cannot read or change this company's projects, cells or columns", async () => {
    const project = await create('Hemmelig', { deliveryDate: '2026-11-20' });
    const { columns } = await alice.client.request('mongo:project_process', { projectIds: [project.id] });
    for (const [event, input] of [
      ['project:get', { id: project.id }],
      ['project:update', { id: project.id, version: project.version, changes: { name: 'Stjålet' } }],
      [
        'project:update-dates',
        { id: project.id, version: project.version, startDate: null, deliveryDate: null, endDate: null },
      ],
      ['project:save-orders', { id: project.id, version: project.version, orders: [] }],
      ['project:archive', { id: project.id, version: project.version, reason: 'x' }],
      ['project:delete', { id: project.id, version: project.version }],
      [
        'process:update-entry',
        { projectId: project.id, processColumnId: columns[0]!.id, version: 1, isActive: false },
      ],
      [
        'process-columns:update',
        { id: columns[0]!.id, nameNo: 'X', nameEn: 'X', factor: 1, min: 0, max: 0, type: 'completed' },
      ],
      ['process-columns:delete', { id: columns[0]!.id }],
    ] as const) {
      expect((await mallory.client.requestError(event, input as never)).code, event).toBe('NOT_FOUND');
    }
    expect(
      (await mallory.client.request('mongo:project_process', { projectIds: [project.id] })).entries,
    ).toEqual([]);
    expect((await mallory.client.request('projects:filter_new', { who: 'alle', status: 'all' })).total).toBe(
      0,
    );
    const response = await fetch(`${server.url}/api/project/get-combined?projectId=${project.id}`, {
      headers: { token: mallory.token },
    });
    expect(response.status).toBe(404);
    expect((await alice.client.request('project:get', { id: project.id })).name).toBe('Hemmelig');
  });
});

describe('references of another company', () => {
  /** Alice's customer, contact, department and project manager: nothing Mallory's company may point at. */
  const aliceReferences = async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId, {
      name: 'Alices hemmelige kunde AS',
    });
    return {
      customerId: customer.id,
      contactId: (await seedContact(server.ctx.db, alice.companyId, customer.id)).id,
      departmentId: (await seedDepartment(server.ctx.db, alice.companyId, 'Alices avdeling')).id,
      projectManagerId: (await seedEmployee(server.ctx.db, alice.companyId)).id,
    };
  };
  const projectsOf = (companyId: string) =>
    server.ctx.db.select().from(projects).where(eq(projects.companyId, companyId));

  it("refuses another company's customer, contact, department or project manager on create", async () => {
    const foreign = await aliceReferences();
    const before = (await projectsOf(mallory.companyId)).length;
    for (const [field, id] of Object.entries(foreign)) {
      const error = await mallory.client.requestError('project:create', { name: 'x', [field]: id } as never);
      expect(error, field).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { [field]: expect.any(String) } },
      });
    }
    expect(await projectsOf(mallory.companyId)).toHaveLength(before);
  });

  it("refuses another company's references on update and leaves the project as it was", async () => {
    const foreign = await aliceReferences();
    const project = await mallory.client.request('project:create', { name: 'Mallorys eget' });
    for (const [field, id] of Object.entries(foreign)) {
      const error = await mallory.client.requestError('project:update', {
        id: project.id,
        version: project.version,
        changes: { [field]: id },
      });
      expect(error, field).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { [field]: expect.any(String) } },
      });
    }
    const [unchanged] = await server.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(unchanged).toMatchObject({
      version: project.version,
      customerId: null,
      contactId: null,
      departmentId: null,
      projectManagerId: null,
    });
  });

  it("refuses a contact of another customer than the project's", async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId);
    const other = await seedCustomer(server.ctx.db, alice.companyId);
    const contact = await seedContact(server.ctx.db, alice.companyId, other.id);
    const error = await alice.client.requestError('project:create', {
      name: 'Feil kontakt',
      customerId: customer.id,
      contactId: contact.id,
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { contactId: 'validation.contactNotOfCustomer' } },
    });
    const project = await alice.client.request('project:create', {
      name: 'Riktig kontakt',
      customerId: other.id,
    });
    const updated = await alice.client.request('project:update', {
      id: project.id,
      version: project.version,
      changes: { contactId: contact.id },
    });
    expect(updated.contact?.id).toBe(contact.id);
  });

  it("never shows another company's customer name in the global search", async () => {
    const foreign = await aliceReferences();
    // A row written before references were checked (or by an import) must not leak the name either.
    await server.ctx.db.insert(projects).values({
      companyId: mallory.companyId,
      number: 999_001,
      name: 'Gammel rad',
      customerId: foreign.customerId,
    });
    const hits = await mallory.client.request('search:global', { term: 'Gammel rad' });
    expect(hits.groups.flatMap((group) => group.hits)).toMatchObject([
      { title: 'Gammel rad', subtitle: null },
    ]);
  });
});
