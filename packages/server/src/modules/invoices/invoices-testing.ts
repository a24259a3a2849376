import type {
  ConfirmationDto,
  ErrorPayload,
  InvoiceDto,
  OfferConversionDto,
  OfferDto,
} from '@karm/domain/contract';
import { expect } from 'vitest';
import { newId } from '../../platform/ids';
import type { SignedInUser, TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';

/** A 30/60/10 plan: on order, at delivery, and by a date. */
export const PLAN_30_60_10 = [
  { description: 'Ved ordre', share: { type: 'percent', basisPoints: 3000 }, due: { kind: 'onOrder' } },
  { description: 'Ved levering', share: { type: 'percent', basisPoints: 6000 }, due: { kind: 'atDelivery' } },
  {
    description: 'Sluttoppgjør',
    share: { type: 'percent', basisPoints: 1000 },
    due: { kind: 'onDate', date: '2027-01-15' },
  },
];

/**
 * A project made the way people make one: an offer (1 000,00 kr ex. VAT, 1 250,00 kr with VAT)
 * confirmed with a 30/60/10 plan and converted to a project, which carries the confirmation along.
 */
export const projectWithConfirmation = async (
  server: TestServer,
  user: SignedInUser,
  customerId: string,
  paymentRules: unknown[] = PLAN_30_60_10,
) => {
  const api = restClient(server, user);
  const offer = await api.post<OfferDto>('/offers', {
    projectName: `Skole ${newId().slice(0, 6)}`,
    customerId,
    lines: [
      { description: 'Ytterdør', count: 2, unitPrice: 500_00, discountPercent: 20, costPrice: 200_00 },
      { description: 'Montasje', count: 1, unitPrice: 200_00 },
    ],
  });
  expect(offer.status).toBe(200);
  const confirmation = await api.post<ConfirmationDto & ErrorPayload>('/confirmations', {
    requestId: newId(),
    entityType: 'offer',
    entityId: offer.body.id,
    paymentRules,
  });
  expect(confirmation.status).toBe(200);
  const converted = await api.post<OfferConversionDto>(`/offers/${offer.body.id}/convert-to-project`, {});
  expect(converted.status).toBe(200);
  return { projectId: converted.body.projectId, confirmation: confirmation.body, offerId: offer.body.id };
};

/**
 * A project made without an offer (a direct project, a service job): 1 000,00 kr ex. VAT in its
 * orders, 1 250,00 kr with VAT, and no order confirmation — what an own invoice plan is for.
 */
export const directProject = async (user: SignedInUser, customerId: string) =>
  user.client.request('project:create', {
    name: `Service ${newId().slice(0, 6)}`,
    customerId,
    isDirect: true,
    orders: [
      {
        title: 'Service',
        lines: [
          { description: 'Dørautomatikk', count: 2, unitPrice: 500_00, discountPercent: 20 },
          { description: 'Montasje', count: 1, unitPrice: 200_00 },
        ],
      },
    ],
  });

/** The smallest valid PDF: a real magic number, so the upload is sniffed as a PDF. */
export const SIGNED_ORDER_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Uploads the customer's signed order for an invoice (POST /invoices/{id}/createOrder). */
export const uploadPurchaseOrder = async (
  server: TestServer,
  user: SignedInUser,
  invoiceId: string,
  fileName = 'Signert ordre.pdf',
) => {
  const form = new FormData();
  form.append('file', new Blob([SIGNED_ORDER_PDF]), fileName);
  const response = await fetch(`${server.url}/api/invoices/${invoiceId}/createOrder`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as InvoiceDto & ErrorPayload };
};
