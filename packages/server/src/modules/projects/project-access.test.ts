import type { ProjectDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedCustomer, seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { signedUrlOf } from '../files/download-links.testing';

/**
 * A technician (projects.read-own) reads the projects they work on — today those they manage — and
 * no other, wherever projects are read; whoever holds projects.read reads them all.
 */
let server: TestServer;
let office: SignedInUser;
let technician: SignedInUser;
let theirs: ProjectDto;
let others: ProjectDto;
let customerId: string;
beforeAll(async () => {
  server = await startTestServer();
  const company = await seedCompany(server.ctx.db);
  office = await server.signedInUser({ companyId: company.id, role: 'office' });
  technician = await server.signedInUser({ companyId: company.id, role: 'technician' });
  const employee = await seedEmployee(server.ctx.db, company.id, { userId: technician.userId });
  customerId = (await seedCustomer(server.ctx.db, company.id, { name: 'Omfang Bygg AS' })).id;
  theirs = await office.client.request('project:create', {
    name: 'Omfang skole',
    projectManagerId: employee.id,
    customerId,
  } as never);
  others = await office.client.request('project:create', { name: 'Omfang hall', customerId } as never);
});
afterAll(async () => {
  await server?.close();
});

const filter = (user: SignedInUser) =>
  user.client.request('projects:filter_new', { who: 'alle', searchQuery: 'Omfang' } as never);

describe("a technician's projects", () => {
  it('are the ones they manage, in the list, the pickers and the search', async () => {
    expect((await filter(technician)).items.map((project) => project.id)).toEqual([theirs.id]);
    expect((await filter(office)).items.map((project) => project.id).sort()).toEqual(
      [theirs.id, others.id].sort(),
    );
    const active = await technician.client.request('projects:all');
    expect(active.map((project) => project.id)).toEqual([theirs.id]);
    const search = await technician.client.request('search:global', { term: 'Omfang' });
    expect(search.groups.flatMap((group) => group.hits.map((hit) => hit.id))).toEqual([theirs.id]);
  });

  it('leave another project not found, also its process cells, its combined record and its work order', async () => {
    await expect(technician.client.request('project:get', { id: theirs.id })).resolves.toMatchObject({
      id: theirs.id,
    });
    expect((await technician.client.requestError('project:get', { id: others.id })).code).toBe('NOT_FOUND');
    const cells = await technician.client.request('mongo:project_process', {
      projectIds: [theirs.id, others.id],
    });
    expect(new Set(cells.entries.map((entry) => entry.projectId))).toEqual(new Set([theirs.id]));
    const combined = await fetch(`${server.url}/api/project/get-combined?projectId=${others.id}`, {
      headers: { token: technician.token },
    });
    expect(combined.status).toBe(404);
    const link = await fetch(`${server.url}/api/download-links`, {
      method: 'POST',
      headers: { token: technician.token, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'work-order-pdf', id: others.id }),
    });
    expect(link.status).toBe(404);
    const own = await fetch(await signedUrlOf(server, technician, { kind: 'work-order-pdf', id: theirs.id }));
    expect(own.status).toBe(200);
  });

  it("show on the customer's panel, without the offers and inquiries a technician may not read", async () => {
    const related = await technician.client.request('customer:related', { id: customerId });
    expect(related.projects.items.map((project) => project.id)).toEqual([theirs.id]);
    expect(related.offers.total).toBe(0);
    expect(related.inquiries.total).toBe(0);
  });

  it('cannot be changed by them', async () => {
    const error = await technician.client.requestError('project:update', {
      id: theirs.id,
      version: theirs.version,
      name: 'x',
    } as never);
    expect(error).toMatchObject({ code: 'FORBIDDEN', details: { permissions: ['projects.write'] } });
  });
});
