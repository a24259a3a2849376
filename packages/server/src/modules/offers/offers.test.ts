import type {
  OfferConfigDto,
  OfferDetailDto,
  OfferDto,
  OfferRecordDto,
  OfferStatusDto,
  OwnerTypeDto,
  Page,
} from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContact, seedCustomer, seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { confirmations } from '../confirmations/confirmations.tables';
import { offerConfigs, offerStatuses, offers } from './offers.tables';
import { restClient } from './offers-test-helpers';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
let api: ReturnType<typeof restClient>;
let intruder: ReturnType<typeof restClient>;
let customerId: string;
let ownerId: string;

const TODAY = '2026-03-02';
/** The statuses every company starts with, in order. */
const STARTER_STATUS_NAMES = ['Under arbeid', 'Sendt', 'Følg opp', 'Vunnet', 'Tapt'];

beforeAll(async () => {
  // The tests move the clock by days between calls of one session; a real user would be idle that long.
  server = await startTestServer({ SESSION_IDLE_HOURS: String(24 * 90) });
  server.clock.set(new Date(`${TODAY}T09:00:00Z`));
  alice = await server.signedInUser({ role: 'admin' });
  mallory = await server.signedInUser({ role: 'admin' });
  api = restClient(server, alice);
  intruder = restClient(server, mallory);
  customerId = (await seedCustomer(server.ctx.db, alice.companyId, { name: 'Bjørnstad Bygg AS' })).id;
  ownerId = (await seedEmployee(server.ctx.db, alice.companyId, { firstName: 'Åse', userId: alice.userId }))
    .id;
});
afterAll(async () => {
  await server?.close();
});

const create = async (fields: Record<string, unknown> = {}) => {
  const { status, body } = await api.post<OfferDto>('/offers', { projectName: 'Skole Lørenskog', ...fields });
  expect(status).toBe(200);
  return body;
};
const statuses = async (includeDeleted = false) =>
  (await api.get<OfferStatusDto[]>(`/offer-statuses?includeDeleted=${includeDeleted}`)).body;

describe('offers', () => {
  it('creates an offer with the default status, numbering from the config and value/margin in øre', async () => {
    const offer = await create({
      customerId,
      ownerId,
      lines: [
        { description: 'Ytterdør', count: 2, unitPrice: 15_000_00, discountPercent: 10, costPrice: 9_000_00 },
        { description: 'Montasje', count: 1.5, unitPrice: 1_000_33, costPrice: 500_00 },
      ],
    });
    // 2 × 15 000 less 10 % = 27 000; 1.5 × 1 000.33 = 1 500.495 → 1 500.50 (half away from zero)
    expect(offer.value).toBe(27_000_00 + 1_500_50);
    expect(offer.contributionMargin).toBe(27_000_00 + 1_500_50 - 18_000_00 - 750_00);
    expect(offer.number).toBeGreaterThanOrEqual(10_001);
    expect(offer.status?.name).toBe('Under arbeid');
    expect(offer.statusChangedAt).toBe(TODAY);
    expect(offer.statusDeadline).toBe(addDays(TODAY, 14));
    expect(offer.displayedStatus).toEqual({ name: 'Under arbeid', deadline: addDays(TODAY, 14) });
    expect(offer.customer?.name).toBe('Bjørnstad Bygg AS');
    expect(offer.owner?.displayName).toContain('Åse');

    const detail = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body;
    expect(detail.lines.map((line) => line.salesPrice)).toEqual([27_000_00, 1_500_50]);
    expect(detail.history[0]).toMatchObject({ action: 'created' });
  });

  it('never hands out a number twice under 20 parallel creates', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) => create({ projectName: `Par ${index}` })),
    );
    expect(new Set(created.map((offer) => offer.number)).size).toBe(20);
  });

  it('restarts the status deadline from today when the status changes', async () => {
    const offer = await create();
    const sent = (await statuses()).find((status) => status.name === 'Sendt');
    server.clock.set(new Date('2026-03-10T09:00:00Z'));
    try {
      const unchanged = await api.patch<OfferDto>(`/offers/${offer.id}`, {
        version: offer.version,
        changes: { comment: 'Ingen statusendring' },
      });
      expect(unchanged.body.statusChangedAt).toBe(TODAY);
      const { body } = await api.patch<OfferDto>('/offers', {
        id: offer.id,
        version: unchanged.body.version,
        changes: { statusId: sent?.id },
      });
      expect(body.status?.name).toBe('Sendt');
      expect(body.statusChangedAt).toBe('2026-03-10');
      expect(body.statusDeadline).toBe(addDays('2026-03-10', 7));
    } finally {
      server.clock.set(new Date(`${TODAY}T09:00:00Z`));
    }
  });

  it('keeps in its history each changed field from what to what, by name, and skips saves that change nothing', async () => {
    const other = await seedEmployee(server.ctx.db, alice.companyId, { firstName: 'Øyvind', lastName: 'Ny' });
    const offer = await create({
      customerId,
      ownerId,
      lines: [{ description: 'Dør', count: 1, unitPrice: 10_000_00, costPrice: 6_000_00 }],
    });
    const sent = (await statuses()).find((status) => status.name === 'Sendt');
    const { body: updated } = await api.patch<OfferDto>(`/offers/${offer.id}`, {
      version: offer.version,
      changes: {
        statusId: sent?.id,
        ownerId: other.id,
        offerDeadline: '2026-04-01',
        complexity: 'high',
        paymentPlan: [
          { description: 'Ved kontrakt', percent: 30 },
          { description: 'Ved levering', percent: 70 },
        ],
        comment: 'Ny kommentar',
      },
      lines: [
        { description: 'Dør', count: 1, unitPrice: 10_000_00, costPrice: 6_000_00 },
        { description: 'Montasje', count: 2, unitPrice: 1_000_00, costPrice: 500_00 },
      ],
    });
    // The same lines again and nothing else: no history row.
    await api.patch(`/offers/${offer.id}`, {
      version: updated.version,
      changes: { comment: 'Ny kommentar' },
      lines: [
        { description: 'Dør', count: 1, unitPrice: 10_000_00, costPrice: 6_000_00 },
        { description: 'Montasje', count: 2, unitPrice: 1_000_00, costPrice: 500_00 },
      ],
    });
    const { history } = (await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body;
    expect(history.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(history[0]?.user?.displayName).toContain('Åse');
    expect(new Date(history[0]?.at ?? '').getTime()).not.toBeNaN();
    expect(history[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'statusId', from: 'Under arbeid', to: 'Sendt' },
        { field: 'ownerId', from: expect.stringContaining('Åse'), to: 'Øyvind Ny' },
        { field: 'offerDeadline', from: null, to: '2026-04-01' },
        { field: 'complexity', from: null, to: 'high' },
        { field: 'paymentPlan', from: null, to: '30 % Ved kontrakt, 70 % Ved levering' },
        { field: 'comment', from: null, to: 'Ny kommentar' },
        { field: 'lines', from: '1', to: '2' },
        { field: 'value', from: '1000000', to: '1200000' },
        { field: 'contributionMargin', from: '400000', to: '500000' },
      ]),
    );
    expect(history[0]?.changes.map((change) => change.field)).not.toContain('statusChangedAt');
  });

  it('refuses a stale version and a payment plan that does not add up to 100', async () => {
    const offer = await create();
    await api.patch(`/offers/${offer.id}`, { version: offer.version, changes: { comment: 'ny' } });
    const stale = await api.patch<{ code: string }>(`/offers/${offer.id}`, {
      version: offer.version,
      changes: {},
    });
    expect(stale.status).toBe(409);
    const badPlan = await api.patch<{ code: string; details: { fields: Record<string, string> } }>(
      `/offers/${offer.id}`,
      { version: offer.version + 1, changes: { paymentPlan: [{ description: 'Forskudd', percent: 40 }] } },
    );
    expect(badPlan.status).toBe(400);
    expect(JSON.stringify(badPlan.body)).toContain('validation.paymentPlanSum');
    const good = await api.patch<OfferDto>(`/offers/${offer.id}`, {
      version: offer.version + 1,
      changes: {
        paymentPlan: [
          { description: 'Forskudd', percent: 40 },
          { description: 'Rest', percent: 60 },
        ],
      },
      lines: [{ description: 'Dør', count: 1, unitPrice: 100_00 }],
    });
    expect(good.body.paymentPlan).toHaveLength(2);
    expect(good.body.value).toBe(100_00);
  });

  it('refuses a customer together with a one-time customer', async () => {
    const { status, body } = await api.post('/offers', {
      projectName: 'Begge',
      customerId,
      oneTimeCustomer: { name: 'Kari Nordmann' },
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('validation.oneCustomerOnly');
  });

  it('archives only with a reason, and unarchives', async () => {
    const offer = await create({ projectName: 'Arkiv' });
    const noReason = await api.patch(`/offers/${offer.id}/archive`, { version: offer.version, reason: ' ' });
    expect(noReason.status).toBe(400);
    const archived = await api.patch<OfferDto>(`/offers/${offer.id}/archive`, {
      version: offer.version,
      reason: 'Kunden valgte en annen',
    });
    expect(archived.body).toMatchObject({ archived: true, archiveReason: 'Kunden valgte en annen' });
    const active = (await api.get<Page<OfferDto>>('/offers/populated?search=Arkiv')).body;
    expect(active.items).toHaveLength(0);
    const inArchive = (await api.get<Page<OfferDto>>('/offers/populated?search=Arkiv&archived=true')).body;
    expect(inArchive.items.map((item) => item.id)).toEqual([offer.id]);
    const back = await api.patch<OfferDto>(`/offers/${offer.id}/unarchive`, {
      version: archived.body.version,
    });
    expect(back.body.archived).toBe(false);
  });

  it('lists with filters, sorting and server paging', async () => {
    const followUp = (await statuses()).find((status) => status.name === 'Følg opp');
    const first = await create({ projectName: 'Filter Ålesund', statusId: followUp?.id, ownerId });
    const page = (await api.get<Page<OfferRecordDto>>('/offers?pageSize=5&page=1&sort=number&direction=asc'))
      .body;
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const numbers = page.items.map((item) => item.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const byStatus = (await api.get<Page<OfferDto>>(`/offers/populated?statusId=${followUp?.id}`)).body;
    expect(byStatus.items.map((item) => item.id)).toEqual([first.id]);
    const byNumber = (await api.get<Page<OfferDto>>(`/offers/populated?search=${first.number}`)).body;
    expect(byNumber.items[0]?.id).toBe(first.id);
    // Follow-up lasts 5 days: overdue once the clock passes the deadline.
    expect((await api.get<Page<OfferDto>>('/offers/populated?overdue=true')).body.total).toBe(0);
    server.clock.set(new Date('2026-03-09T09:00:00Z'));
    try {
      const overdue = (await api.get<Page<OfferDto>>('/offers/populated?overdue=true')).body;
      expect(overdue.items.map((item) => item.id)).toEqual([first.id]);
    } finally {
      server.clock.set(new Date(`${TODAY}T09:00:00Z`));
    }
  });

  it('finds as overdue exactly the open offers whose status deadline has passed, day by day', async () => {
    // A company of its own: its statuses and config change here.
    const owner = await server.signedInUser({ role: 'admin' });
    const own = restClient(server, owner);
    const make = async (fields: Record<string, unknown>) =>
      (await own.post<OfferDto>('/offers', { projectName: 'Frist', ...fields })).body;
    const all = (await own.get<OfferStatusDto[]>('/offer-statuses')).body;
    const withOwnDays = all.find((status) => status.name === 'Følg opp');
    const won = all.find((status) => status.name === 'Vunnet');
    // A status of no deadline days of its own follows the config's default.
    const [withoutDays] = await server.ctx.db
      .insert(offerStatuses)
      .values({ companyId: owner.companyId, name: 'Uten egen frist', position: 90 })
      .returning();
    await make({ projectName: 'Frist egen', statusId: withOwnDays?.id });
    await make({ projectName: 'Frist standard', statusId: withoutDays?.id });
    await make({ projectName: 'Frist fjorten' });
    await make({ projectName: 'Frist vunnet', statusId: won?.id });
    // An offer without a status (its status deleted long ago) follows the default days too.
    const statusless = await make({ projectName: 'Frist uten status' });
    await server.ctx.db.update(offers).set({ statusId: null }).where(eq(offers.id, statusless.id));
    // (The config exists once the company has an offer.) Ten default days rather than 14, so every deadline passes within the session's lifetime.
    await server.ctx.db
      .update(offerConfigs)
      .set({ deadlineDays: 10 })
      .where(eq(offerConfigs.companyId, owner.companyId));
    const names = (page: Page<OfferDto>) => page.items.map((offer) => offer.projectName).sort();
    try {
      for (const day of [0, 4, 5, 6, 9, 10, 11, 13]) {
        const today = addDays(TODAY, day);
        server.clock.set(new Date(`${today}T09:00:00Z`));
        const every = (await own.get<Page<OfferDto>>('/offers/populated?pageSize=100')).body;
        const expected = every.items.filter(
          (offer) => offer.statusDeadline !== null && offer.statusDeadline < today,
        );
        const overdue = (await own.get<Page<OfferDto>>('/offers/populated?overdue=true&pageSize=100')).body;
        expect(names(overdue), `day ${day}`).toEqual(names({ ...every, items: expected }));
        expect(overdue.total).toBe(expected.length);
      }
      // By day 13 every open one is overdue but the one of 14 days; the won one never is.
      const last = (await own.get<Page<OfferDto>>('/offers/populated?overdue=true&pageSize=100')).body;
      expect(names(last)).toEqual(['Frist egen', 'Frist standard', 'Frist uten status']);
    } finally {
      server.clock.set(new Date(`${TODAY}T09:00:00Z`));
    }
  });

  it("lists an offer's order confirmations and counts them on the offer", async () => {
    const offer = await create({ projectName: 'Bekreftet' });
    await server.ctx.db.insert(confirmations).values({
      companyId: alice.companyId,
      entityType: 'offer',
      entityId: offer.id,
      offerId: offer.id,
      number: 1,
    });
    const list = await api.get<unknown[]>(`/confirmations/offer/${offer.id}`);
    expect(list.body).toHaveLength(1);
    expect((await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body.offer.confirmationCount).toBe(1);
    expect((await intruder.get(`/confirmations/offer/${offer.id}`)).status).toBe(404);
  });

  it('pushes offer:changed to the company, never to another', async () => {
    const watcher = await server.signedInUser({ companyId: alice.companyId });
    const push = watcher.client.nextPush('offer:changed');
    let leaked = false;
    mallory.client.socket.once('offer:changed', () => {
      leaked = true;
    });
    const offer = await create({ projectName: 'Sanntid' });
    expect(((await push) as OfferDto).id).toBe(offer.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leaked).toBe(false);
  });
});

describe('offer statuses and config', () => {
  it('starts with five statuses, one default, and lists the owner types in both languages', async () => {
    const list = await statuses();
    expect(list.map((status) => status.name)).toEqual(STARTER_STATUS_NAMES);
    expect(list.filter((status) => status.isDefault).map((status) => status.name)).toEqual(['Under arbeid']);
    const types = (await api.get<OwnerTypeDto[]>('/offer-statuses/owner-types')).body;
    expect(types).toHaveLength(7);
    expect(types[0]?.labels.en).toBeTruthy();
    expect(types[0]?.labels.nb).toBeTruthy();
  });

  it('reads offers, statuses and config of a fresh company without writing anything', async () => {
    const fresh = await server.signedInUser({ role: 'admin' });
    const client = restClient(server, fresh);
    const stored = async () => ({
      configs: await server.ctx.db
        .select()
        .from(offerConfigs)
        .where(eq(offerConfigs.companyId, fresh.companyId)),
      statuses: await server.ctx.db
        .select()
        .from(offerStatuses)
        .where(eq(offerStatuses.companyId, fresh.companyId)),
    });
    expect((await client.get<Page<OfferRecordDto>>('/offers')).body.total).toBe(0);
    expect((await client.get<Page<OfferDto>>('/offers/populated')).body.total).toBe(0);
    const config = (await client.get<OfferConfigDto>('/offer-config')).body;
    const list = (await client.get<OfferStatusDto[]>('/offer-statuses')).body;
    expect(config).toMatchObject({ deadlineDays: 14, firstNumber: 10_001, validityDays: 30, version: 1 });
    expect(list.map((status) => status.name)).toEqual(STARTER_STATUS_NAMES);
    expect(list.find((status) => status.isDefault)?.id).toBe(config.defaultStatusId);
    expect(await stored()).toEqual({ configs: [], statuses: [] });
    // The statuses read are the ones the first write stores: an offer can take one at once.
    const sent = list.find((status) => status.name === 'Sendt')!;
    const offer = (await client.post<OfferDto>('/offers', { projectName: 'Første', statusId: sent.id })).body;
    expect(offer.status).toEqual({ id: sent.id, name: 'Sendt' });
    expect((await stored()).statuses.map((status) => status.id)).toEqual(list.map((status) => status.id));
  });

  it('creates, renames, reorders and sets the default status', async () => {
    const created = (await api.post<OfferStatusDto>('/offer-statuses', { name: 'Befaring', deadlineDays: 3 }))
      .body;
    expect(created).toMatchObject({ name: 'Befaring', deadlineDays: 3, usage: 0, isDefault: false });
    const renamed = (
      await api.patch<OfferStatusDto>(`/offer-statuses/${created.id}`, { name: 'Befaring avtalt' })
    ).body;
    expect(renamed.name).toBe('Befaring avtalt');
    const ids = (await statuses()).map((status) => status.id);
    const reordered = (
      await api.post<OfferStatusDto[]>('/offer-statuses/reorder', { ids: [...ids].reverse() })
    ).body;
    expect(reordered.filter((status) => !status.isDeleted).map((status) => status.id)).toEqual(
      [...ids].reverse(),
    );
    const badOrder = await api.post('/offer-statuses/reorder', { ids: ids.slice(1) });
    expect(badOrder.status).toBe(400);
    const made = (await api.patch<OfferStatusDto>(`/offer-statuses/${created.id}`, { isDefault: true })).body;
    expect(made.isDefault).toBe(true);
    expect((await api.get<OfferConfigDto>('/offer-config')).body.defaultStatusId).toBe(created.id);
    const offer = await create({ projectName: 'Ny standard' });
    expect(offer.status?.id).toBe(created.id);
    expect(offer.statusDeadline).toBe(addDays(TODAY, 3));
    // Back to the first default for the other tests.
    const first = (await statuses()).find((status) => status.name === 'Under arbeid');
    await api.patch(`/offer-statuses/${first?.id}`, { isDefault: true });
  });

  it('soft-deletes only a status no offer uses, never the default, and reactivates', async () => {
    const status = (await api.post<OfferStatusDto>('/offer-statuses', { name: 'Midlertidig' })).body;
    const offer = await create({ projectName: 'Bruker status', statusId: status.id });
    expect((await api.get(`/offer-statuses/${status.id}/usage`)).body).toEqual({ count: 1 });
    const refused = await api.delete<{ code: string; details: { reason: string; usage: number } }>(
      `/offer-statuses/${status.id}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.details).toEqual({ reason: 'statusInUse', usage: 1, name: 'Midlertidig' });
    const defaultStatus = (await statuses()).find((candidate) => candidate.isDefault);
    const refusedDefault = await api.delete<{ details: { reason: string } }>(
      `/offer-statuses/${defaultStatus?.id}`,
    );
    expect(refusedDefault.body.details.reason).toBe('statusIsDefault');

    await api.patch(`/offers/${offer.id}`, {
      version: offer.version,
      changes: { statusId: defaultStatus?.id },
    });
    const deleted = (await api.delete<OfferStatusDto>(`/offer-statuses/${status.id}`)).body;
    expect(deleted.isDeleted).toBe(true);
    expect((await statuses()).some((candidate) => candidate.id === status.id)).toBe(false);
    expect((await statuses(true)).some((candidate) => candidate.id === status.id)).toBe(true);
    const newOffer = await api.post('/offers', { projectName: 'Slettet status', statusId: status.id });
    expect(newOffer.status).toBe(400);
    const back = (await api.patch<OfferStatusDto>(`/offer-statuses/${status.id}/reactivate`)).body;
    expect(back.isDeleted).toBe(false);
  });

  it('starts with Vunnet won and Tapt lost; one won status at most, lost ones as many as wanted', async () => {
    const list = await statuses();
    // Earlier tests reordered the list and added statuses; the starter ones are by name.
    const starters = STARTER_STATUS_NAMES.map((name) => list.find((status) => status.name === name));
    expect(
      starters.map((status) => ({ name: status?.name, isWon: status?.isWon, isLost: status?.isLost })),
    ).toEqual(
      STARTER_STATUS_NAMES.map((name) => ({ name, isWon: name === 'Vunnet', isLost: name === 'Tapt' })),
    );
    expect(list.filter((status) => status.isWon || status.isLost)).toHaveLength(2);
    const won = list.find((status) => status.isWon) as OfferStatusDto;
    // Making another status the won one takes the flag off the first.
    const signed = (await api.post<OfferStatusDto>('/offer-statuses', { name: 'Signert', isWon: true })).body;
    expect(signed.isWon).toBe(true);
    expect((await statuses()).filter((status) => status.isWon).map((status) => status.name)).toEqual([
      'Signert',
    ]);
    await api.patch(`/offer-statuses/${won.id}`, { isWon: true });
    expect((await statuses()).filter((status) => status.isWon).map((status) => status.id)).toEqual([won.id]);
    // Any number of lost ones.
    const price = (await api.post<OfferStatusDto>('/offer-statuses', { name: 'Tapt – pris', isLost: true }))
      .body;
    expect((await statuses()).filter((status) => status.isLost).map((status) => status.name)).toEqual([
      'Tapt',
      'Tapt – pris',
    ]);

    type Refusal = { code: string; details: { fields?: Record<string, string>; reason?: string } };
    // Won and lost at once, a won or lost default status, a won deleted one: refused, nothing changed.
    const both = await api.patch<Refusal>(`/offer-statuses/${price.id}`, { isWon: true });
    expect(both.status).toBe(400);
    expect(both.body.details.fields).toEqual({ isLost: 'validation.statusWonAndLost' });
    const bothNew = await api.post<Refusal>('/offer-statuses', { name: 'Rart', isWon: true, isLost: true });
    expect(bothNew.status).toBe(400);
    const defaultStatus = list.find((status) => status.isDefault) as OfferStatusDto;
    const wonDefault = await api.patch<Refusal>(`/offer-statuses/${defaultStatus.id}`, { isLost: true });
    expect(wonDefault.body.details.fields).toEqual({ isLost: 'validation.defaultStatusOutcome' });
    const defaultWon = await api.patch<Refusal>(`/offer-statuses/${price.id}`, { isDefault: true });
    expect(defaultWon.body.details.fields).toEqual({ isLost: 'validation.defaultStatusOutcome' });
    const config = (await api.get<OfferConfigDto>('/offer-config')).body;
    const configWon = await api.patch<Refusal>('/offer-config', {
      version: config.version,
      defaultStatusId: won.id,
    });
    expect(configWon.body.details.fields).toEqual({ defaultStatusId: 'validation.defaultStatusOutcome' });
    // The won status cannot be deleted: a conversion needs it.
    const deleteWon = await api.delete<Refusal>(`/offer-statuses/${won.id}`);
    expect(deleteWon.status).toBe(409);
    expect(deleteWon.body.details.reason).toBe('statusIsWon');
    await api.delete(`/offer-statuses/${signed.id}`);
    const wonDeleted = await api.patch<Refusal>(`/offer-statuses/${signed.id}`, { isWon: true });
    expect(wonDeleted.body.details.fields).toEqual({ isWon: 'validation.statusDeleted' });
    expect((await statuses(true)).filter((status) => status.isWon).map((status) => status.id)).toEqual([
      won.id,
    ]);
    expect((await api.get<OfferConfigDto>('/offer-config')).body.defaultStatusId).toBe(defaultStatus.id);
    // Clearing the lost flag is an ordinary change.
    expect(
      (await api.patch<OfferStatusDto>(`/offer-statuses/${price.id}`, { isLost: false })).body.isLost,
    ).toBe(false);
    await api.delete(`/offer-statuses/${price.id}`);
  });

  it('updates the config: deadline days, numbering and validity, refusing a stale version', async () => {
    const config = (await api.get<OfferConfigDto>('/offer-config')).body;
    expect(config).toMatchObject({ deadlineDays: 14, firstNumber: 10_001, validityDays: 30 });
    const updated = (
      await api.patch<OfferConfigDto>('/offer-config', {
        version: config.version,
        firstNumber: 50_000,
        validityDays: 45,
        deadlineDays: 10,
      })
    ).body;
    expect(updated).toMatchObject({ firstNumber: 50_000, validityDays: 45, deadlineDays: 10 });
    expect((await api.patch('/offer-config', { version: config.version, deadlineDays: 1 })).status).toBe(409);
    const offer = await create({ projectName: 'Ny nummerserie' });
    expect(offer.number).toBe(50_000);
    expect((await create({ projectName: 'Neste' })).number).toBe(50_001);
  });
});

describe('company isolation', () => {
  it('answers NOT_FOUND for another company on every route and never lists its offers or statuses', async () => {
    const offer = await create({ projectName: 'Hemmelig Økern' });
    const status = (await statuses())[0] as OfferStatusDto;
    const notFound = [
      await intruder.get(`/offers/${offer.id}`),
      await intruder.patch(`/offers/${offer.id}`, { version: offer.version, changes: { comment: 'x' } }),
      await intruder.patch('/offers', { id: offer.id, version: offer.version, changes: {} }),
      await intruder.patch(`/offers/${offer.id}/archive`, { version: offer.version, reason: 'x' }),
      await intruder.patch(`/offers/${offer.id}/unarchive`, { version: offer.version }),
      await intruder.get(`/offers/${offer.id}/pdf`),
      await intruder.post(`/offers/${offer.id}/convert-to-project`, {}),
      await intruder.get(`/confirmations/offer/${offer.id}`),
      await intruder.patch(`/offer-statuses/${status.id}`, { name: 'Hacket' }),
      await intruder.delete(`/offer-statuses/${status.id}`),
      await intruder.get(`/offer-statuses/${status.id}/usage`),
      await intruder.patch(`/offer-statuses/${status.id}/reactivate`),
    ];
    expect(notFound.map((answer) => answer.status)).toEqual(notFound.map(() => 404));
    expect((await intruder.post('/offer-statuses/reorder', { ids: [status.id] })).status).toBe(400);
    expect((await intruder.patch('/offer-config', { version: 1, defaultStatusId: status.id })).status).toBe(
      400,
    );
    expect((await intruder.post('/offers', { projectName: 'x', statusId: status.id })).status).toBe(400);
    expect((await intruder.post('/offers', { projectName: 'x', customerId })).status).toBe(400);
    const theirs = (await intruder.get<Page<OfferDto>>('/offers/populated?search=Hemmelig')).body;
    expect(theirs.total).toBe(0);
    const theirStatuses = (await intruder.get<OfferStatusDto[]>('/offer-statuses')).body;
    expect(theirStatuses.some((candidate) => candidate.id === status.id)).toBe(false);
    // Mallory's own numbering starts afresh.
    const own = (await intruder.post<OfferDto>('/offers', { projectName: 'Egen' })).body;
    expect(own.number).toBe(10_001);
    expect((await api.get(`/offers/${own.id}`)).status).toBe(404);
    const [row] = await server.ctx.db
      .select()
      .from(confirmations)
      .where(and(eq(confirmations.companyId, mallory.companyId)));
    expect(row).toBeUndefined();
  });

  it("refuses another company's customer, contact, owner or status on create and update, changing nothing", async () => {
    const contactId = (await seedContact(server.ctx.db, alice.companyId, customerId)).id;
    const statusId = ((await statuses())[0] as OfferStatusDto).id;
    const foreign = { customerId, contactId, ownerId, statusId };
    const offersOfMallory = () =>
      server.ctx.db.select().from(offers).where(eq(offers.companyId, mallory.companyId));
    const before = (await offersOfMallory()).length;
    for (const [field, id] of Object.entries(foreign)) {
      const answer = await intruder.post('/offers', { projectName: 'Lånt', [field]: id });
      expect(answer, field).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', details: { fields: { [field]: expect.any(String) } } },
      });
    }
    expect(await offersOfMallory()).toHaveLength(before);
    const own = (await intruder.post<OfferDto>('/offers', { projectName: 'Mallorys tilbud' })).body;
    for (const [field, id] of Object.entries(foreign)) {
      const answer = await intruder.patch(`/offers/${own.id}`, {
        version: own.version,
        changes: { [field]: id },
      });
      expect(answer, field).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', details: { fields: { [field]: expect.any(String) } } },
      });
    }
    const [unchanged] = await server.ctx.db.select().from(offers).where(eq(offers.id, own.id));
    expect(unchanged).toMatchObject({
      version: own.version,
      customerId: null,
      contactId: null,
      ownerId: null,
    });
  });

  it("refuses a contact that is not the offer's customer's", async () => {
    const other = await seedCustomer(server.ctx.db, alice.companyId);
    const contactId = (await seedContact(server.ctx.db, alice.companyId, other.id)).id;
    const answer = await api.post('/offers', { projectName: 'Feil kontakt', customerId, contactId });
    expect(answer).toMatchObject({
      status: 400,
      body: { details: { fields: { contactId: 'validation.contactNotOfCustomer' } } },
    });
    expect(
      (await api.post('/offers', { projectName: 'Riktig', customerId: other.id, contactId })).status,
    ).toBe(200);
  });

  it('refuses every route without a token', async () => {
    const response = await fetch(`${server.url}/api/offers`);
    expect(response.status).toBe(401);
  });
});
