import type {
  OfferDetailDto,
  OfferDto,
  OfferStatusDto,
  Page,
  ProjectCombinedDto,
} from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/testing';
import { seedContact, seedCustomer, seedDepartment, seedEmployee } from '../../seed/factories';
import { connectToFakeTripletex } from '../../test/fake-tripletex/connected-server';
import { type FakeTripletex, startFakeTripletex } from '../../test/fake-tripletex/fake-tripletex';
import { createTestClock, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { customers } from '../customers/customers.tables';
import { signedUrlOf } from '../files/download-links.testing';
import { projectOrders, projects } from '../projects/projects.tables';
import { conversionSteps } from './offer-conversion';
import { offerSearchSource } from './offer-search';
import { offers } from './offers.tables';
import { restClient } from './offers-test-helpers';

let server: TestServer;
let fake: FakeTripletex;
let alice: SignedInUser;
let mallory: SignedInUser;
let api: ReturnType<typeof restClient>;
let customerId: string;

beforeAll(async () => {
  const clock = createTestClock(new Date('2026-03-02T09:00:00Z'));
  fake = await startFakeTripletex({ clock });
  // One test moves the clock by days between calls of one session; a real user would be idle that long.
  server = await startTestServer(
    { TRIPLETEX_BASE_URL: fake.url, SESSION_IDLE_HOURS: String(24 * 90) },
    { clock },
  );
  alice = await server.signedInUser({ role: 'admin' });
  mallory = await server.signedInUser({ role: 'admin' });
  api = restClient(server, alice);
  const customer = await seedCustomer(server.ctx.db, alice.companyId, {
    name: 'Søndre Ås Borettslag',
    postalAddress: {
      addressLine1: 'Åsveien 1',
      addressLine2: '',
      postalCode: '1430',
      city: 'Ås',
      countryCode: 'NO',
    },
  });
  customerId = customer.id;
  await seedContact(server.ctx.db, alice.companyId, customerId, { firstName: 'Kåre', lastName: 'Øien' });
});
afterEach(() => {
  conversionSteps.afterProjectInsert = undefined;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const LINES = [
  { description: 'Ytterdør eik', count: 2, unitPrice: 15_000_00, discountPercent: 10, costPrice: 9_000_00 },
  { description: 'Vindu 12x12', count: 4, unitPrice: 2_500_00, costPrice: 1_500_00 },
];

const create = async (fields: Record<string, unknown> = {}) =>
  (
    await api.post<OfferDto>('/offers', {
      projectName: 'Borettslag – nye dører',
      projectAddress: 'Åsveien 3',
      postalCode: '1430',
      city: 'Ås',
      customerId,
      installationHours: 12,
      lines: LINES,
      ...fields,
    })
  ).body;

const projectsOfOffer = (offerId: string) =>
  server.ctx.db.select().from(projects).where(eq(projects.offerId, offerId));

describe('offer → project', () => {
  it('makes the project with the lines as its order and links both ends', async () => {
    const offer = await create();
    const { status, body } = await api.post<{ projectId: string; projectNumber: number }>(
      `/offers/${offer.id}/convert-to-project`,
      {},
    );
    expect(status).toBe(200);
    const combined = (await api.get<ProjectCombinedDto>(`/project/get-combined?projectId=${body.projectId}`))
      .body;
    expect(combined.project).toMatchObject({
      name: 'Borettslag – nye dører',
      number: body.projectNumber,
      projectAddress: 'Åsveien 3',
      projectCity: 'Ås',
      installationHours: 12,
      projectValue: offer.value,
      customer: { id: customerId },
    });
    expect(combined.orders[0]?.lines.map((line) => line.description)).toEqual([
      'Ytterdør eik',
      'Vindu 12x12',
    ]);
    const [row] = await projectsOfOffer(offer.id);
    expect(row?.id).toBe(body.projectId);
    const after = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body.offer;
    expect(after).toMatchObject({ projectId: body.projectId, projectNumber: body.projectNumber });

    const again = await api.post<{ code: string; details: { reason: string } }>(
      `/offers/${offer.id}/convert-to-project`,
      {},
    );
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('alreadyConverted');
    expect(await projectsOfOffer(offer.id)).toHaveLength(1);
  });

  it('makes the salesperson the project manager, with their department, so the project is among theirs', async () => {
    const department = await seedDepartment(server.ctx.db, alice.companyId, 'Montasje Øst');
    const owner = await seedEmployee(server.ctx.db, alice.companyId, {
      firstName: 'Sølvi',
      lastName: 'Selger',
      departmentId: department.id,
      userId: alice.userId,
    });
    const offer = await create({ projectName: 'Med selger', ownerId: owner.id });
    const { body } = await api.post<{ projectId: string }>(`/offers/${offer.id}/convert-to-project`, {});
    const { project } = (
      await api.get<ProjectCombinedDto>(`/project/get-combined?projectId=${body.projectId}`)
    ).body;
    expect(project.projectManager).toEqual({ id: owner.id, displayName: 'Sølvi Selger' });
    expect(project.department).toEqual({ id: department.id, displayName: 'Montasje Øst' });
    // "Mine" in the project list is the projects the signed-in person manages: this one is there.
    const mine = await alice.client.request('projects:filter_new', { who: 'mine', status: 'all' });
    expect(mine.items.map((item) => item.id)).toContain(body.projectId);

    // An offer without a salesperson, or one without a department, leaves what is unknown empty.
    const loner = await seedEmployee(server.ctx.db, alice.companyId, {
      firstName: 'Uten',
      lastName: 'Avdeling',
    });
    for (const ownerId of [null, loner.id]) {
      const plain = await create({ projectName: `Uten avdeling ${ownerId}`, ownerId });
      const converted = await api.post<{ projectId: string }>(`/offers/${plain.id}/convert-to-project`, {});
      const combined = (
        await api.get<ProjectCombinedDto>(`/project/get-combined?projectId=${converted.body.projectId}`)
      ).body.project;
      expect(combined.projectManager?.id ?? null).toBe(ownerId);
      expect(combined.department).toBeNull();
    }
  });

  it('moves the offer to the won status in the same transaction, with the change in its history', async () => {
    const statuses = (await api.get<OfferStatusDto[]>('/offer-statuses')).body;
    const sent = statuses.find((status) => status.name === 'Sendt');
    const won = statuses.find((status) => status.isWon);
    expect(won?.name).toBe('Vunnet');
    const offer = await create({ projectName: 'Vinnes', statusId: sent?.id });
    const sentStill = await create({ projectName: 'Fortsatt sendt', statusId: sent?.id });
    server.clock.set(new Date('2026-03-05T09:00:00Z'));
    try {
      const { body } = await api.post<{ projectNumber: number }>(
        `/offers/${offer.id}/convert-to-project`,
        {},
      );
      const detail = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body;
      expect(detail.offer).toMatchObject({
        statusId: won?.id,
        status: { name: 'Vunnet' },
        statusChangedAt: '2026-03-05',
        projectNumber: body.projectNumber,
      });
      expect(detail.history[0]).toMatchObject({
        action: 'converted',
        projectNumber: body.projectNumber,
        changes: [{ field: 'statusId', from: 'Sendt', to: 'Vunnet' }],
      });
      // A won offer is decided: no status deadline, and never overdue however long ago it was won.
      expect(detail.offer.statusDeadline).toBeNull();
      expect(detail.offer.displayedStatus).toEqual({ name: 'Vunnet', deadline: null });
      server.clock.set(new Date('2026-03-14T09:00:00Z'));
      const overdue = (await api.get<Page<OfferDto>>('/offers/populated?overdue=true&pageSize=50')).body;
      expect(overdue.items.map((item) => item.id)).not.toContain(offer.id);
      expect(overdue.items.map((item) => item.id)).toContain(sentStill.id);
    } finally {
      server.clock.set(new Date('2026-03-02T09:00:00Z'));
    }

    // A failed conversion leaves the status as it was.
    const kept = await create({ projectName: 'Feiler, forblir sendt', statusId: sent?.id });
    conversionSteps.afterProjectInsert = async () => {
      throw new Error('disk full');
    };
    expect((await api.post(`/offers/${kept.id}/convert-to-project`, {})).status).toBe(502);
    expect((await api.get<OfferDetailDto>(`/offers/${kept.id}`)).body.offer.statusId).toBe(sent?.id);
  });

  it('leaves the status alone when the company has no won status', async () => {
    const statuses = (await api.get<OfferStatusDto[]>('/offer-statuses')).body;
    const won = statuses.find((status) => status.isWon);
    await api.patch(`/offer-statuses/${won?.id}`, { isWon: false });
    try {
      const offer = await create({ projectName: 'Ingen vunnet-status' });
      await api.post(`/offers/${offer.id}/convert-to-project`, {});
      const detail = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body;
      expect(detail.offer.status?.name).toBe('Under arbeid');
      expect(detail.history[0]).toMatchObject({ action: 'converted', changes: [] });
    } finally {
      await api.patch(`/offer-statuses/${won?.id}`, { isWon: true });
    }
  });

  it('is all-or-nothing: a failure after the project insert leaves no project, no order and the offer unchanged', async () => {
    const offer = await create({ projectName: 'Feiler halvveis' });
    const before = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body;
    const projectCount = (await server.ctx.db.select().from(projects)).length;
    const orderCount = (await server.ctx.db.select().from(projectOrders)).length;
    conversionSteps.afterProjectInsert = async () => {
      throw new Error('disk full');
    };
    const failed = await api.post<{ code: string; message: string }>(
      `/offers/${offer.id}/convert-to-project`,
      {},
    );
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('Conversion failed!');
    expect(await server.ctx.db.select().from(projects)).toHaveLength(projectCount);
    expect(await server.ctx.db.select().from(projectOrders)).toHaveLength(orderCount);
    const after = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body;
    expect(after.offer).toEqual(before.offer);
    expect(after.history).toEqual(before.history);
  });

  it('refuses a one-time customer and an offer without a customer', async () => {
    const oneTime = await create({ customerId: null, oneTimeCustomer: { name: 'Ola Engang' } });
    const refused = await api.post<{ details: { fields: Record<string, string> } }>(
      `/offers/${oneTime.id}/convert-to-project`,
      {},
    );
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields.customerId).toBe('validation.mustSelectCustomer');
    expect(await projectsOfOffer(oneTime.id)).toHaveLength(0);
  });

  it('creates the missing customer in Tripletex first when asked', async () => {
    await connectToFakeTripletex(alice);
    const local = await seedCustomer(server.ctx.db, alice.companyId, { name: 'Kun i Karm AS' });
    const offer = await create({ customerId: local.id, projectName: 'Til Tripletex' });
    const detail = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body;
    expect(detail.isAccountingCustomerMissing).toBe(true);
    const { status } = await api.post(`/offers/${offer.id}/convert-to-project`, {
      createCustomerInAccounting: true,
    });
    expect(status).toBe(200);
    expect(
      [...fake.state.customers.values()].filter((customer) => customer.name === 'Kun i Karm AS'),
    ).toHaveLength(1);
    const [row] = await server.ctx.db.select().from(customers).where(eq(customers.id, local.id));
    expect(row?.accountingId).toBeTruthy();
  });
});

describe('offer PDF', () => {
  it('prints the totals, VAT 25 %, validity and Norwegian letters; inline or as a download', async () => {
    const offer = await create({
      projectName: 'Blåbærstien – dører og vinduer',
      paymentPlan: [
        { description: 'Ved bestilling', percent: 50 },
        { description: 'Ved ferdigstillelse', percent: 50 },
      ],
    });
    const response = await fetch(`${server.url}/api/offers/${offer.id}/pdf?locale=nb`, {
      headers: { token: alice.token },
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="tilbud-${offer.number}.pdf"`);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\u00a0/g, ' ');
    // 2 × 15 000 − 10 % + 4 × 2 500 = 37 000; VAT 9 250; total 46 250
    expect(text).toContain('Sum eks. mva.');
    expect(text).toContain('37 000,00 kr');
    expect(text).toContain('Mva. 25 %');
    expect(text).toContain('9 250,00 kr');
    expect(text).toContain('46 250,00 kr');
    expect(text).toContain('Blåbærstien – dører og vinduer');
    expect(text).toContain('Søndre Ås Borettslag');
    expect(text).toContain('Tilbudet er gyldig til 01.04.2026');
    expect(text).toContain('Ved ferdigstillelse');
    const download = await fetch(
      await signedUrlOf(server, alice, { kind: 'offer-pdf', id: offer.id, download: true }),
    );
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="(offer|tilbud)-/);
    // Reading the bodies lets the server close its connections at the end.
    await download.arrayBuffer();
    const stranger = await fetch(`${server.url}/api/offers/${offer.id}/pdf`, {
      headers: { token: mallory.token },
    });
    expect(stranger.status).toBe(404);
    await stranger.text();
  });
});

describe('offer search source', () => {
  it('finds by number, project name, address and customer name, never another company', async () => {
    const offer = await create({ projectName: 'Trollstua barnehage', projectAddress: 'Myrullveien 9' });
    await restClient(server, mallory).post('/offers', { projectName: 'Trollstua barnehage' });
    type Hit = { id: string; rank: number; kind: string; subtitle: string | null };
    // PGlite and node-postgres both answer `{ rows }`.
    const search = async (term: string) =>
      (
        (await server.ctx.db.execute(
          offerSearchSource({ companyId: alice.companyId, term, limit: 10 }),
        )) as unknown as { rows: Hit[] }
      ).rows;
    const byNumber = await search(String(offer.number));
    expect(byNumber[0]).toMatchObject({ id: offer.id, rank: 0, kind: 'offer' });
    expect((await search('trollstua')).map((hit) => hit.id)).toEqual([offer.id]);
    expect((await search('Myrull')).map((hit) => hit.id)).toEqual([offer.id]);
    const byCustomer = await search('Søndre Ås');
    expect(byCustomer.map((hit) => hit.id)).toContain(offer.id);
    expect(byCustomer.find((hit) => hit.id === offer.id)?.subtitle).toBe(
      'Søndre Ås Borettslag · Myrullveien 9 Ås',
    );
    const ownIds = new Set(
      (
        await server.ctx.db
          .select({ id: offers.id })
          .from(offers)
          .where(eq(offers.companyId, alice.companyId))
      ).map((row) => row.id),
    );
    expect((await search('barnehage')).every((hit) => ownIds.has(hit.id))).toBe(true);
  });
});
