import type { ErrorPayload, OfferDetailDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedContact, seedCustomer, seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { offers } from '../offers/offers.tables';
import { restClient } from '../offers/offers-test-helpers';
import { inquiryConversionSteps } from './inquiry-conversion';

let server: TestServer;
let alice: SignedInUser;
let bob: SignedInUser;
let mallory: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  alice = await server.signedInUser({ firstName: 'Alice', lastName: 'Berg' });
  bob = await server.signedInUser({ companyId: alice.companyId });
  mallory = await server.signedInUser();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  inquiryConversionSteps.afterOfferInsert = undefined;
});

const create = (user: SignedInUser, projectName: string, extra: Record<string, unknown> = {}) =>
  user.client.request('inquiry:create', { receivedDate: '2026-03-01', projectName, ...extra } as never);

const offersOf = (inquiryId: string) =>
  server.ctx.db.select().from(offers).where(eq(offers.inquiryId, inquiryId));

describe('inquiry:convert-to-offer', () => {
  it('carries customer, contact, owner, address and project facts into a linked offer, pushed live', async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId, { name: 'Byggmester Hansen AS' });
    const contact = await seedContact(server.ctx.db, alice.companyId, customer.id, { firstName: 'Kari' });
    const owner = await seedEmployee(server.ctx.db, alice.companyId, { firstName: 'Olga' });
    const inquiry = await create(alice, 'Skole Lørenskog', {
      deadline: '2026-03-20',
      ownerId: owner.id,
      customerId: customer.id,
      contactId: contact.id,
      projectAddress: 'Skolegata 4',
      postalCode: '1470',
      city: 'Lørenskog',
      projectCategory: 'kindergartenYouthSchool',
      complexity: 'high',
      ownerType: 'publicPropertyCompany',
      projectOwner: 'Lørenskog kommune',
      architect: 'Arkitektkontoret',
      consultant: 'Rådgiver AS',
      calculationGroup: 'Dører',
      comment: 'Befaring uke 12',
    });
    const pushed = bob.client.nextPush('offer:changed');

    const result = await alice.client.request('inquiry:convert-to-offer', {
      id: inquiry.id,
      version: inquiry.version,
    });

    expect(result.inquiry).toMatchObject({ offerId: result.offerId, offerNumber: result.offerNumber });
    expect(result.inquiry.history.at(-1)).toMatchObject({ action: 'convertedToOffer' });
    const { body } = await restClient(server, alice).get<OfferDetailDto>(`/offers/${result.offerId}`);
    const { offer } = body;
    expect(offer).toMatchObject({
      number: result.offerNumber,
      inquiryId: inquiry.id,
      inquiryNumber: inquiry.number,
      customerId: customer.id,
      contactId: contact.id,
      ownerId: owner.id,
      projectName: 'Skole Lørenskog',
      projectAddress: 'Skolegata 4',
      postalCode: '1470',
      city: 'Lørenskog',
      projectCategory: 'kindergartenYouthSchool',
      complexity: 'high',
      ownerType: 'publicPropertyCompany',
      projectOwner: 'Lørenskog kommune',
      architect: 'Arkitektkontoret',
      consultant: 'Rådgiver AS',
      calculationGroup: 'Dører',
      comment: 'Befaring uke 12',
      offerDeadline: '2026-03-20',
    });
    expect((await pushed) as { id: string }).toMatchObject({ id: result.offerId });
  });

  it('refuses a second conversion, a stale version and another company, changing nothing', async () => {
    const inquiry = await create(alice, 'Barnehage Ski');
    const stale = await alice.client
      .request('inquiry:convert-to-offer', { id: inquiry.id, version: inquiry.version + 1 })
      .catch((error: { payload: ErrorPayload }) => error.payload);
    expect(stale).toMatchObject({ code: 'CONFLICT' });
    expect(await offersOf(inquiry.id)).toHaveLength(0);

    const foreign = await mallory.client
      .request('inquiry:convert-to-offer', { id: inquiry.id, version: inquiry.version })
      .catch((error: { payload: ErrorPayload }) => error.payload);
    expect(foreign).toMatchObject({ code: 'NOT_FOUND' });

    const first = await alice.client.request('inquiry:convert-to-offer', {
      id: inquiry.id,
      version: inquiry.version,
    });
    const again = await alice.client
      .request('inquiry:convert-to-offer', { id: inquiry.id, version: first.inquiry.version })
      .catch((error: { payload: ErrorPayload }) => error.payload);
    expect(again).toMatchObject({ code: 'CONFLICT', details: { reason: 'alreadyConverted' } });
    expect(await offersOf(inquiry.id)).toHaveLength(1);
  });

  it('is all or nothing: a failure after the offer insert leaves no offer and the inquiry unchanged', async () => {
    const inquiry = await create(alice, 'Idrettshall Moss');
    inquiryConversionSteps.afterOfferInsert = async () => {
      throw new Error('injected failure half way');
    };
    const failed = await alice.client
      .request('inquiry:convert-to-offer', { id: inquiry.id, version: inquiry.version })
      .catch((error: { payload: ErrorPayload }) => error.payload);
    expect(failed).toMatchObject({ code: 'INTERNAL' });
    expect(await offersOf(inquiry.id)).toHaveLength(0);
    const after = await alice.client.request('inquiry:get', { id: inquiry.id });
    expect(after).toMatchObject({ version: inquiry.version, offerId: null, offerNumber: null });

    inquiryConversionSteps.afterOfferInsert = undefined;
    const retried = await alice.client.request('inquiry:convert-to-offer', {
      id: inquiry.id,
      version: inquiry.version,
    });
    expect(retried.inquiry.offerNumber).toBe(retried.offerNumber);
  });
});
