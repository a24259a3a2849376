import type { ConfirmationDto, ErrorPayload } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';

/**
 * The customer's credit band (admin tab "Credit score") rules its order confirmations: too little
 * prepayment in the plan's first part, or a band that always needs approval, is refused with a
 * message naming the band — unless an administrator approves the plan.
 */
let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let riskyCustomerId: string;
let safeCustomerId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  office = await server.signedInUser({ role: 'office', companyId: admin.companyId });
  await admin.client.request('credit_band:add', { code: 'A', minPrepaymentBasisPoints: 0 });
  await admin.client.request('credit_band:add', {
    code: 'D',
    minPrepaymentBasisPoints: 5000,
    requiresAdminApproval: true,
  });
  riskyCustomerId = (await seedCustomer(server.ctx.db, admin.companyId, { creditScore: 'd' })).id;
  safeCustomerId = (await seedCustomer(server.ctx.db, admin.companyId, { creditScore: 'A' })).id;
});
afterAll(async () => {
  await server?.close();
});

const PLAN_30_70 = [
  { description: 'Forskudd', share: { type: 'percent', basisPoints: 3000 }, due: { kind: 'onOrder' } },
  { description: 'Levering', share: { type: 'percent', basisPoints: 7000 }, due: { kind: 'atDelivery' } },
];

const confirmOffer = async (user: SignedInUser, customerId: string, extra: Record<string, unknown> = {}) => {
  const api = restClient(server, user);
  const offer = await restClient(server, office).post<{ id: string }>('/offers', {
    projectName: 'Kredittsjekk',
    customerId,
    lines: [{ description: 'Dør', count: 1, unitPrice: 1_000_00 }],
  });
  return api.post<ConfirmationDto & ErrorPayload>('/confirmations', {
    requestId: newId(),
    entityType: 'offer',
    entityId: offer.body.id,
    paymentRules: PLAN_30_70,
    ...extra,
  });
};

describe('credit bands on order confirmations', () => {
  it('lets a plan within the band through', async () => {
    expect((await confirmOffer(office, safeCustomerId)).status).toBe(200);
  });

  it("refuses too little prepayment for the customer's band, naming the band and the share", async () => {
    const answer = await confirmOffer(office, riskyCustomerId);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: { 'paymentRules.0': 'validation.creditBandPrepaymentTooLow?band=D&percent=50' },
      },
    });
  });

  it('takes an administrator’s approval, and no one else’s', async () => {
    expect((await confirmOffer(office, riskyCustomerId, { isCreditApproved: true })).status).toBe(403);
    const approved = await confirmOffer(admin, riskyCustomerId, { isCreditApproved: true });
    expect(approved.status).toBe(200);
  });

  it('asks for approval in a band that always needs it, even with enough prepayment', async () => {
    const answer = await confirmOffer(office, riskyCustomerId, {
      paymentRules: [
        {
          description: 'Alt ved ordre',
          share: { type: 'percent', basisPoints: 10_000 },
          due: { kind: 'onOrder' },
        },
      ],
    });
    expect(answer.body).toMatchObject({
      details: {
        fields: { 'paymentRules.0': expect.stringContaining('validation.creditBandApprovalRequired') },
      },
    });
  });
});
