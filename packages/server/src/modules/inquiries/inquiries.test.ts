import type { ErrorPayload, FileDto, InquiryDetailsDto, InquiryDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContact, seedCustomer, seedEmployee } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { inquirySearchSource } from './inquiry-search';

let server: TestServer;
let alice: SignedInUser;
let bob: SignedInUser;
let mallory: SignedInUser;
let ownerId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  alice = await server.signedInUser({ firstName: 'Alice', lastName: 'Berg' });
  bob = await server.signedInUser({ companyId: alice.companyId });
  mallory = await server.signedInUser();
  ownerId = (await seedEmployee(server.ctx.db, alice.companyId, { firstName: 'Olga', lastName: 'Eier' })).id;
});
afterAll(async () => {
  await server?.close();
});

const create = (user: SignedInUser, projectName: string, extra: Record<string, unknown> = {}) =>
  user.client.request('inquiry:create', { receivedDate: '2026-03-01', projectName, ...extra } as never);

const upload = (user: SignedInUser, entityId: string) => {
  const form = new FormData();
  form.append('type', 'document');
  form.append('entityId', entityId);
  form.append('file', new Blob([PDF]), 'tegning.pdf');
  return fetch(`${server.url}/api/file`, { method: 'POST', headers: { token: user.token }, body: form });
};

describe('inquiries', () => {
  it('numbers inquiries per company without duplicates under 20 concurrent creates', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) => create(alice, `Samtidig ${index}`)),
    );
    const numbers = created.map((inquiry) => inquiry.number);
    expect(new Set(numbers).size).toBe(20);
    const other = await create(mallory, 'Egen nummerserie');
    expect(other.number).toBe(1);
  });

  it('keeps every field, shows the customer and its credit score, and records the creation', async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId, {
      name: 'Byggmester Hansen AS',
      accountingId: '77',
      source: 'accounting',
      creditScore: 'A',
      creditScoreDate: '2026-01-01',
    });
    const contact = await seedContact(server.ctx.db, alice.companyId, customer.id, { firstName: 'Kari' });
    const inquiry = await create(alice, 'Skole Lørenskog', {
      deadline: '2026-03-20',
      ownerId,
      projectAddress: 'Skolevegen 2',
      postalCode: '1470',
      city: 'Lørenskog',
      comment: 'Dører og vinduer',
      projectCategory: 'kindergartenYouthSchool',
      calculationGroup: 'B2',
      complexity: 'high',
      customerCategory: 'company',
      ownerType: 'publicPropertyCompany',
      projectOwner: 'Lørenskog kommune',
      architect: 'Arkitektene AS',
      consultant: 'Rådgiverne AS',
      customerId: customer.id,
      contactId: contact.id,
    });
    expect(inquiry).toMatchObject({
      projectName: 'Skole Lørenskog',
      owner: { id: ownerId, displayName: 'Olga Eier' },
      customer: { id: customer.id, source: 'accounting', creditScore: { score: 'A' } },
      customerName: 'Byggmester Hansen AS',
      contact: { id: contact.id },
      complexity: 'high',
      archived: false,
      offerId: null,
      version: 1,
    });
    expect(inquiry.history).toMatchObject([
      { action: 'created', user: { id: alice.userId, name: 'Alice Berg' } },
    ]);
  });

  it('takes a one-time customer with an entered credit score, never both kinds of customer', async () => {
    const inquiry = await create(alice, 'Enebolig', {
      oneTimeCustomer: { name: 'Per Privat', email: 'per@example.no', phone: '99999999', address: 'Vei 1' },
      creditScore: 'B',
    });
    expect(inquiry).toMatchObject({ customer: null, customerName: 'Per Privat', creditScore: 'B' });
    const customer = await seedCustomer(server.ctx.db, alice.companyId);
    const error = await alice.client.requestError('inquiry:create', {
      receivedDate: '2026-03-01',
      projectName: 'Begge',
      customerId: customer.id,
      oneTimeCustomer: { name: 'X' },
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { customerId: 'validation.oneCustomerOnly' } },
    });
  });

  it('rejects bad input with coded errors and changes nothing', async () => {
    const error = await alice.client.requestError('inquiry:create', {
      receivedDate: '2026-02-30',
      projectName: 'x'.repeat(201),
    } as never);
    expect(error.code).toBe('VALIDATION');
  });

  it('updates with the version read, records who changed what, and answers a stale version with CONFLICT', async () => {
    const inquiry = await create(alice, 'Kontor', { complexity: 'low' });
    const updated = await alice.client.request('inquiry:update', {
      id: inquiry.id,
      version: inquiry.version,
      changes: { complexity: 'medium', ownerId, comment: 'Ny kommentar' },
    });
    expect(updated.version).toBe(2);
    expect(updated.history.at(-1)).toMatchObject({
      action: 'updated',
      user: { name: 'Alice Berg' },
      changes: expect.arrayContaining([
        { field: 'complexity', from: 'low', to: 'medium' },
        { field: 'ownerId', from: null, to: 'Olga Eier' },
        { field: 'comment', from: null, to: 'Ny kommentar' },
      ]),
    });
    const stale = await alice.client.requestError('inquiry:update', {
      id: inquiry.id,
      version: inquiry.version,
      changes: { comment: 'Gammel' },
    });
    expect(stale).toMatchObject({ code: 'CONFLICT', details: { currentVersion: 2 } });
    expect((await alice.client.request('inquiry:get', { id: inquiry.id })).comment).toBe('Ny kommentar');
  });

  it('archives only with a reason, and unarchives', async () => {
    const inquiry = await create(alice, 'Arkiveres');
    const noReason = await alice.client.requestError('inquiry:archive', { id: inquiry.id, reason: '   ' });
    expect(noReason).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { reason: 'validation.archiveReasonRequired' } },
    });
    const archived = await alice.client.request('inquiry:archive', {
      id: inquiry.id,
      reason: 'Kunden valgte en annen',
    });
    expect(archived).toMatchObject({
      archived: true,
      archiveReason: 'Kunden valgte en annen',
      archivedBy: { id: alice.userId, displayName: 'Alice Berg' },
    });
    const active = await alice.client.request('inquiry:unarchive', { id: inquiry.id });
    expect(active).toMatchObject({ archived: false, archiveReason: null });
    expect(active.history.map((entry) => entry.action)).toEqual(['created', 'archived', 'unarchived']);
    expect(active.history[1]?.detail).toBe('Kunden valgte en annen');
  });

  it('filters by owner, category, deadline and archived state, searches and pages on the server', async () => {
    const tag = `Filter${Date.now()}`;
    const customer = await seedCustomer(server.ctx.db, alice.companyId, { name: `${tag} Kundenavn AS` });
    const a = await create(alice, `${tag} Alfa`, {
      ownerId,
      projectCategory: 'kindergarten',
      deadline: '2026-03-01',
    });
    const b = await create(alice, `${tag} Beta`, { deadline: '2026-03-05', projectAddress: `${tag}gata 5` });
    const c = await create(alice, 'Annet navn', { customerId: customer.id, deadline: '2026-06-01' });
    const d = await create(alice, `${tag} Delta`);
    await alice.client.request('inquiry:archive', { id: d.id, reason: 'Gammel' });
    const ids = (page: { items: InquiryDto[] }) => page.items.map((item) => item.id);

    expect(
      ids(await alice.client.request('inquiries:get', { search: tag, sort: 'number', direction: 'asc' })),
    ).toEqual([a.id, b.id, c.id]);
    expect(ids(await alice.client.request('inquiries:get', { search: tag, archived: true }))).toEqual([d.id]);
    expect(ids(await alice.client.request('inquiries:get', { search: tag, ownerId }))).toEqual([a.id]);
    expect(
      ids(await alice.client.request('inquiries:get', { search: tag, projectCategory: 'kindergarten' })),
    ).toEqual([a.id]);
    expect(
      ids(await alice.client.request('inquiries:get', { search: tag, deadline: { kind: 'overdue' } })),
    ).toEqual([a.id]);
    expect(
      ids(
        await alice.client.request('inquiries:get', { search: tag, deadline: { kind: 'within', days: 7 } }),
      ),
    ).toEqual([b.id]);
    expect(
      ids(
        await alice.client.request('inquiries:get', {
          search: tag,
          deadline: { kind: 'before', date: '2026-05-01' },
        }),
      ).sort(),
    ).toEqual([a.id, b.id].sort());
    expect(ids(await alice.client.request('inquiries:get', { search: String(b.number) }))).toContain(b.id);

    const page2 = await alice.client.request('inquiries:get', {
      search: tag,
      page: 2,
      pageSize: 2,
      sort: 'number',
      direction: 'asc',
    });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(page2)).toEqual([c.id]);
  });

  it('pushes new and changed inquiries to the other signed-in users of the company only', async () => {
    const bobSees = bob.client.nextPush('inquiry:changed');
    let malloryHeard = false;
    mallory.client.socket.once('inquiry:changed', () => {
      malloryHeard = true;
    });
    const created = await create(alice, 'Sanntid');
    expect(((await bobSees) as InquiryDto).id).toBe(created.id);
    const bobSeesChange = bob.client.nextPush('inquiry:changed');
    await alice.client.request('inquiry:update', {
      id: created.id,
      version: 1,
      changes: { comment: 'Endret' },
    });
    expect(await bobSeesChange).toMatchObject({ id: created.id, comment: 'Endret', version: 2 });
    expect(malloryHeard).toBe(false);
  });

  it("answers NOT_FOUND for another company's inquiry on every event", async () => {
    const own = await create(alice, 'Hemmelig', { deadline: '2026-04-01' });
    const notFound = { code: 'NOT_FOUND' };
    expect(await mallory.client.requestError('inquiry:get', { id: own.id })).toMatchObject(notFound);
    expect(
      await mallory.client.requestError('inquiry:update', {
        id: own.id,
        version: own.version,
        changes: { comment: 'x' },
      }),
    ).toMatchObject(notFound);
    expect(await mallory.client.requestError('inquiry:archive', { id: own.id, reason: 'x' })).toMatchObject(
      notFound,
    );
    expect(await mallory.client.requestError('inquiry:unarchive', { id: own.id })).toMatchObject(notFound);
    const list = await mallory.client.request('inquiries:get', { search: 'Hemmelig' });
    expect(list.total).toBe(0);
    expect((await alice.client.request('inquiry:get', { id: own.id })).version).toBe(1);
  });

  it("refuses another company's customer, contact or owner on create and update with VALIDATION, changing nothing", async () => {
    const foreignCustomer = await seedCustomer(server.ctx.db, mallory.companyId);
    const foreign = {
      customerId: foreignCustomer.id,
      contactId: (await seedContact(server.ctx.db, mallory.companyId, foreignCustomer.id)).id,
      ownerId: (await seedEmployee(server.ctx.db, mallory.companyId)).id,
    };
    const before = (await alice.client.request('inquiries:get', {})).total;
    for (const [field, id] of Object.entries(foreign)) {
      expect(
        await alice.client.requestError('inquiry:create', {
          receivedDate: '2026-03-01',
          projectName: 'Lånt',
          [field]: id,
        }),
        field,
      ).toMatchObject({ code: 'VALIDATION', details: { fields: { [field]: expect.any(String) } } });
    }
    expect((await alice.client.request('inquiries:get', {})).total).toBe(before);
    const own = await create(alice, 'Egen forespørsel');
    for (const [field, id] of Object.entries(foreign)) {
      expect(
        await alice.client.requestError('inquiry:update', {
          id: own.id,
          version: own.version,
          changes: { [field]: id },
        }),
        field,
      ).toMatchObject({ code: 'VALIDATION', details: { fields: { [field]: expect.any(String) } } });
    }
    const ownCustomer = await seedCustomer(server.ctx.db, alice.companyId);
    expect(
      await alice.client.requestError('inquiry:update', {
        id: own.id,
        version: own.version,
        changes: { customerId: ownCustomer.id, contactId: foreign.contactId },
      }),
    ).toMatchObject({ code: 'VALIDATION', details: { fields: { contactId: expect.any(String) } } });
    expect(await alice.client.request('inquiry:get', { id: own.id })).toMatchObject({
      version: own.version,
      customer: null,
      contact: null,
      owner: null,
    });
  });

  it('attaches documents to an inquiry of the same company only and records them in the history', async () => {
    const inquiry = await create(alice, 'Med dokumenter');
    const response = await upload(alice, inquiry.id);
    expect(response.status).toBe(201);
    const file = await bodyOf<FileDto>(response);
    expect(file).toMatchObject({ type: 'document', entityId: inquiry.id, originalName: 'tegning.pdf' });

    const foreign = await upload(mallory, inquiry.id);
    expect(foreign.status).toBe(404);
    expect((await bodyOf<ErrorPayload>(foreign)).code).toBe('NOT_FOUND');

    let details: InquiryDetailsDto = await alice.client.request('inquiry:get', { id: inquiry.id });
    expect(details.documents.map((document) => document.id)).toEqual([file.id]);
    expect(details.history.at(-1)).toMatchObject({ action: 'documentAdded', detail: 'tegning.pdf' });

    expect(
      (
        await fetch(`${server.url}/api/file/${file.id}`, {
          method: 'DELETE',
          headers: { token: mallory.token },
        })
      ).status,
    ).toBe(404);
    const bobSees = bob.client.nextPush('inquiry:changed');
    const deleted = await fetch(`${server.url}/api/file/${file.id}`, {
      method: 'DELETE',
      headers: { token: alice.token },
    });
    expect(deleted.status).toBe(200);
    await bobSees;
    details = await alice.client.request('inquiry:get', { id: inquiry.id });
    expect(details.documents).toEqual([]);
    expect(details.history.at(-1)).toMatchObject({ action: 'documentDeleted', detail: 'tegning.pdf' });
  });

  it('is a global-search source: by number, name, address and customer name, never another company', async () => {
    const tag = `Sok${Date.now()}`;
    const customer = await seedCustomer(server.ctx.db, alice.companyId, { name: `${tag} Kunde AS` });
    const byName = await create(alice, `${tag} Navn`);
    const byAddress = await create(alice, 'Adresse', { projectAddress: `${tag}veien 3` });
    const byCustomer = await create(alice, 'Kunde', { customerId: customer.id });
    const byOneTime = await create(alice, 'Engang', { oneTimeCustomer: { name: `${tag} Engang` } });
    await create(mallory, `${tag} Fremmed`);
    const search = inquirySearchSource;
    const run = async (term: string) =>
      (await server.ctx.db.execute(search({ companyId: alice.companyId, term, limit: 10 }))) as unknown as {
        rows?: Record<string, unknown>[];
      } & Record<string, unknown>[];
    const rowsOf = (result: Awaited<ReturnType<typeof run>>) =>
      (result.rows ?? result) as Record<string, unknown>[];

    const hits = rowsOf(await run(tag));
    expect(hits.map((hit) => hit.id)).toEqual([byOneTime.id, byCustomer.id, byAddress.id, byName.id]);
    expect(hits.find((hit) => hit.id === byCustomer.id)).toMatchObject({
      kind: 'inquiry',
      title: 'Kunde',
      subtitle: `${tag} Kunde AS`,
      archived: false,
      rank: 1,
    });
    const byNumber = rowsOf(await run(String(byName.number)));
    expect(byNumber[0]).toMatchObject({ id: byName.id, rank: 0 });
    expect(rowsOf(await run('Fremmed')).length).toBe(0);
  });
});
