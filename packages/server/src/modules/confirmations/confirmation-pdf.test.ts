import type { ConfirmationDto, OfferDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedId } from '../../platform/db/derived-ids';
import { newId } from '../../platform/ids';
import { pdfText } from '../../platform/pdf/testing';
import { seedContact, seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { signedUrlOf } from '../files/download-links.testing';
import { restClient } from '../offers/offers-test-helpers';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
let confirmation: ConfirmationDto;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  alice = await server.signedInUser({ role: 'office' });
  mallory = await server.signedInUser({ role: 'admin' });
  const api = restClient(server, alice);
  const customer = await seedCustomer(server.ctx.db, alice.companyId, { name: 'Søndre Ås Borettslag' });
  const contact = await seedContact(server.ctx.db, alice.companyId, customer.id, {
    firstName: 'Kåre',
    lastName: 'Øien',
  });
  const offer = (
    await api.post<OfferDto>('/offers', {
      projectName: 'Blåbærstien – dører',
      customerId: customer.id,
      contactId: contact.id,
      lines: [{ description: 'Ytterdør eik', count: 3, unitPrice: 333_33, discountPercent: 12.5 }],
    })
  ).body;
  confirmation = (
    await api.post<ConfirmationDto>('/confirmations', {
      requestId: newId(),
      entityType: 'offer',
      entityId: offer.id,
      terms: 'Netto 14 dager.',
      paymentRules: [
        { description: 'Forskudd', share: { type: 'fixed', amount: 100_00 }, due: { kind: 'onOrder' } },
        {
          description: 'Levering',
          share: { type: 'percent', basisPoints: 6667 },
          due: { kind: 'onDate', date: '2026-04-15' },
        },
        {
          description: 'Montert',
          share: { type: 'percent', basisPoints: 3333 },
          due: {
            kind: 'processColumnCompleted',
            columnId: derivedId('process-column', alice.companyId, 'PID10'),
          },
        },
      ],
    })
  ).body;
});
afterAll(async () => {
  await server?.close();
});

const textOf = async (response: Response) =>
  (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\u00a0/g, ' ');

describe('order confirmation PDF', () => {
  it('prints customer, lines, totals with VAT 25 % and the payment plan in øre-exact kroner, in Norwegian', async () => {
    const response = await fetch(`${server.url}/api/confirmations/${confirmation.id}/pdf?locale=nb`, {
      headers: { token: alice.token },
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="ordrebekreftelse-${confirmation.number}.pdf"`,
    );
    const text = await textOf(response);
    // 3 × 333,33 less 12.5 % = 874,99; VAT 218,75; total 1 093,74 = 100,00 + 662,52 (66.67 % of 993,74, rounded down) + 331,22.
    expect(confirmation.paymentRules.map((rule) => rule.amount)).toEqual([100_00, 662_52, 331_22]);
    for (const expected of [
      `Ordrebekreftelse ${confirmation.number}`,
      'Blåbærstien – dører',
      'Søndre Ås Borettslag',
      'Kåre Øien',
      'Ytterdør eik',
      '874,99 kr',
      'Mva. 25 %',
      '218,75 kr',
      '1 093,74 kr',
      'Fast beløp',
      '66,67 %',
      '15.04.2026',
      'Når «Montert» er fullført',
      '662,52 kr',
      '331,22 kr',
      'Netto 14 dager.',
      'Dato: 02.03.2026',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints in English through a signed download link', async () => {
    const response = await fetch(
      await signedUrlOf(server, alice, {
        kind: 'confirmation-pdf',
        id: confirmation.id,
        locale: 'en',
        download: true,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="order-confirmation-${confirmation.number}.pdf"`,
    );
    const text = await textOf(response);
    for (const expected of [
      'Order confirmation',
      'Payment plan',
      'When “Installed” is completed',
      'VAT 25 %',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is not found for another company, and refused to a member who may not read it', async () => {
    const stranger = await fetch(`${server.url}/api/confirmations/${confirmation.id}/pdf`, {
      headers: { token: mallory.token },
    });
    expect(stranger.status).toBe(404);
    await stranger.text();
    const leader = await server.signedInUser({ companyId: alice.companyId, role: 'leader' });
    const refused = await fetch(`${server.url}/api/confirmations/${confirmation.id}/pdf`, {
      headers: { token: leader.token },
    });
    expect(refused.status).toBe(403);
    await refused.text();
  });
});
