import { randomUUID } from 'node:crypto';
import type {
  Page,
  ProjectDto,
  ServiceItemDto,
  ServiceProjectSummaryDto,
  TaskDto,
} from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';

/** Service items on a service project's map (SPEC §4, §5, §7 /service-project/*). */

let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let technician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let templateId: string;
let strangerTemplateId: string;
let strangerProject: ProjectDto;

type Refusal = { code: string; details?: { fields?: Record<string, string> } };

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  project = await admin.client.request('project:create', {
    name: 'Storo Storsenter',
    isService: true,
  } as never);
  templateId = (await buildTemplate(admin, 'Automatisk dør')).template.id;
  strangerTemplateId = (await buildTemplate(stranger, 'Fremmed mal')).template.id;
  strangerProject = await stranger.client.request('project:create', {
    name: 'Fremmed',
    isService: true,
  } as never);
});
afterAll(async () => {
  await server?.close();
});

const OSLO = { lat: 59.9139, lng: 10.7522 };

const itemsOf = async (projectId = project.id, user = leader) =>
  (
    await restClient(server, user).get<ServiceItemDto[]>(
      `/service-project/service-items/populated?projectId=${projectId}`,
    )
  ).body;

const add = (overrides: Record<string, unknown> = {}, user = technician) =>
  restClient(server, user).post<ServiceItemDto & Refusal>('/service-project/template/add', {
    id: randomUUID(),
    serviceTemplateId: templateId,
    projectId: project.id,
    location: OSLO,
    floor: '1',
    name: 'Hovedinngang',
    ...overrides,
  });

describe('adding, moving and removing service items', () => {
  it('adds an item with its own copy of the template, numbered within the project', async () => {
    const first = await add();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      number: 1,
      floor: '1',
      location: OSLO,
      templateName: 'Automatisk dør',
      serviceTemplateId: templateId,
      status: 'notVisited',
      emergencyType: 'none',
      version: 1,
    });
    expect(first.body.projectServiceTemplateId).not.toBe(templateId);
    const second = await add({ location: undefined, floor: undefined, name: '' });
    expect(second.body).toMatchObject({ number: 2, location: null, floor: '' });
    // A repeated submit of the same id answers the stored item and adds nothing.
    const again = await add({ id: first.body.id });
    expect(again.body.id).toBe(first.body.id);
    expect((await itemsOf()).map((item) => item.number)).toEqual([1, 2]);
  });

  it('patches with the version read and refuses a stale one', async () => {
    const { body: item } = await add();
    const api = restClient(server, technician);
    const moved = await api.patch<ServiceItemDto>(`/service-project/service-item/${item.id}`, {
      version: 1,
      changes: { location: { lat: 59.92, lng: 10.76 } },
    });
    expect(moved.body).toMatchObject({ location: { lat: 59.92, lng: 10.76 }, version: 2, floor: '1' });
    const stale = await api.patch<Refusal>(`/service-project/service-item/${item.id}`, {
      version: 1,
      changes: { floor: '2' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect((await api.delete(`/service-project/service-item/${item.id}?version=1`)).status).toBe(409);
    expect((await api.delete(`/service-project/service-item/${item.id}?version=2`)).status).toBe(200);
    expect((await itemsOf()).some((one) => one.id === item.id)).toBe(false);
  });

  it('saves new, edited and removed items in one go', async () => {
    const { body: keep } = await add({ name: 'Beholdes' });
    const { body: gone } = await add({ name: 'Fjernes' });
    const newId = randomUUID();
    const saved = await restClient(server, technician).post<ServiceItemDto[]>(
      '/service-project/service-items/save',
      {
        projectId: project.id,
        created: [
          { id: newId, serviceTemplateId: templateId, location: { lat: 59.91, lng: 10.74 }, floor: 'U1' },
        ],
        edited: [{ id: keep.id, version: keep.version, changes: { location: { lat: 59.95, lng: 10.8 } } }],
        removed: [{ id: gone.id, version: gone.version }],
      },
    );
    expect(saved.status).toBe(200);
    const ids = saved.body.map((item) => item.id);
    expect(ids).toContain(newId);
    expect(ids).not.toContain(gone.id);
    expect(saved.body.find((item) => item.id === keep.id)?.location).toEqual({ lat: 59.95, lng: 10.8 });
  });

  it('changes nothing when one part of a save is refused', async () => {
    const before = await itemsOf();
    const [first] = before as [ServiceItemDto];
    const refused = await restClient(server, technician).post<Refusal>(
      '/service-project/service-items/save',
      {
        projectId: project.id,
        created: [{ id: randomUUID(), serviceTemplateId: templateId, location: OSLO }],
        edited: [{ id: first.id, version: first.version, changes: { floor: '9' } }],
        removed: [{ id: first.id, version: first.version + 5 }],
      },
    );
    expect(refused.body.code).toBe('VALIDATION'); // the same id twice
    const stale = await restClient(server, technician).post<Refusal>('/service-project/service-items/save', {
      projectId: project.id,
      created: [{ id: randomUUID(), serviceTemplateId: templateId, location: OSLO }],
      edited: [{ id: first.id, version: first.version + 5, changes: { floor: '9' } }],
    });
    expect(stale.status).toBe(409);
    expect(await itemsOf()).toEqual(before);
  });

  it('creates a service-item emergency task for an emergency item, pointing at the item', async () => {
    const { body: item } = await add({ emergencyType: 'emergency', name: 'Nøddør' });
    const tasks = (
      await restClient(server, leader).get<Page<TaskDto>>(`/tasks?filter=all&entityId=${item.id}`)
    ).body;
    const task = tasks.items.find((one) => one.name === `${item.number}. Nøddør`);
    expect(task).toMatchObject({
      type: 'service-item-emergency',
      entityType: 'serviceItem',
      entityId: item.id,
      entityNumber: item.number,
      entityName: `Nøddør · ${project.number} Storo Storsenter`,
      entityProjectId: project.id,
      date: '2026-03-02',
    });
  });
});

describe('bad input', () => {
  it('refuses half a location, coordinates out of range, a too long floor and NUL characters', async () => {
    const count = (await itemsOf()).length;
    const halfLocation = await add({ location: { lat: 59.9 } });
    expect(halfLocation.status).toBe(400);
    expect(halfLocation.body.details?.fields).toMatchObject({
      'location.lng': 'validation.locationIncomplete',
    });
    const outOfRange = await add({ location: { lat: 91, lng: 10 } });
    expect(outOfRange.body.details?.fields).toMatchObject({ 'location.lat': 'validation.latitudeRange' });
    const longFloor = await add({ floor: 'x'.repeat(5_000) });
    expect(longFloor.status).toBe(400);
    expect(longFloor.body.code).toBe('VALIDATION');
    const nul = await add({ name: 'Dør\u0000' });
    expect(nul.status).toBe(400);
    const notUuid = await add({ serviceTemplateId: 'abc' });
    expect(notUuid.status).toBe(400);
    expect((await itemsOf()).length).toBe(count);
  });
});

describe('company isolation and roles', () => {
  it('refuses another company’s project and template with a coded error, and changes nothing', async () => {
    const count = (await itemsOf()).length;
    const theirTemplate = await add({ serviceTemplateId: strangerTemplateId });
    expect(theirTemplate.status).toBe(400);
    expect(theirTemplate.body.details?.fields).toHaveProperty('serviceTemplateId');
    const theirProject = await add({ projectId: strangerProject.id });
    expect(theirProject.body.details?.fields).toHaveProperty('projectId');
    expect((await itemsOf()).length).toBe(count);
    const theirRead = await restClient(server, stranger).get<Refusal>(
      `/service-project/service-items/populated?projectId=${project.id}`,
    );
    expect(theirRead.body.code).toBe('VALIDATION');
    const [mine] = (await itemsOf()) as [ServiceItemDto];
    const api = restClient(server, stranger);
    expect(
      (
        await api.patch(`/service-project/service-item/${mine.id}`, {
          version: mine.version,
          changes: { floor: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api.delete(`/service-project/service-item/${mine.id}?version=${mine.version}`)).status,
    ).toBe(404);
    // An item id of this company named in another company's save is not theirs to touch.
    const theirSave = await api.post<Refusal>('/service-project/service-items/save', {
      projectId: strangerProject.id,
      created: [{ id: mine.id, serviceTemplateId: strangerTemplateId }],
    });
    expect(theirSave.status).toBe(400);
    expect((await itemsOf()).find((item) => item.id === mine.id)).toEqual(mine);
  });

  it('lets readers read but not change, and answers the service projects with their counts', async () => {
    expect((await add({}, reader)).status).toBe(403);
    expect((await itemsOf(project.id, reader)).length).toBeGreaterThan(0);
    const grouped = await restClient(server, reader).get<Page<ServiceProjectSummaryDto>>(
      '/service-project/service-items/grouped-by-project',
    );
    expect(grouped.body.items).toEqual([
      expect.objectContaining({ projectId: project.id, itemCount: (await itemsOf()).length }),
    ]);
    const theirs = await restClient(server, stranger).get<Page<ServiceProjectSummaryDto>>(
      '/service-project/service-items/grouped-by-project',
    );
    expect(theirs.body.items.map((one) => one.projectId)).toEqual([strangerProject.id]);
    const settings = await restClient(server, technician).get<{ tileUrl: string | null }>(
      '/service-project/map-settings',
    );
    expect(settings.status).toBe(200);
  });
});
