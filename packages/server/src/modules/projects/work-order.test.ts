import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfInfo, pdfText, solidPng } from '../../platform/pdf/testing';
import { seedContact, seedCustomer, seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { companies } from '../company/company.tables';
import { signedUrlOf, uploadTestFile } from '../files/download-links.testing';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
let projectId: string;
let projectNumber: number;

const CUSTOMER_NAME = 'Bjørkåsen Ærfuglgård AS';
const WORK_ORDER_NOTES = 'Bær dørene inn via baksiden. Nøkkel hos vaktmester på Økern.';
const NOTE_TO_PLANNER = 'Trenger to montører på én dag';

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  alice = await server.signedInUser({ role: 'admin' });
  mallory = await server.signedInUser({ role: 'admin' });
  const customer = await seedCustomer(server.ctx.db, alice.companyId, {
    name: CUSTOMER_NAME,
    customerNumber: 24_680,
  });
  const contact = await seedContact(server.ctx.db, alice.companyId, customer.id, {
    firstName: 'Kåre',
    lastName: 'Sæther',
    phoneNumberMobile: '912 34 567',
  });
  const manager = await seedEmployee(server.ctx.db, alice.companyId, {
    firstName: 'Åse',
    lastName: 'Øvrebø',
  });
  const project = await alice.client.request('project:create', {
    name: 'Skøyen skole – nybygg',
    customerId: customer.id,
    contactId: contact.id,
    projectManagerId: manager.id,
    deliveryDate: '2026-12-18',
    agreedInstallationDate: '2026-12-24',
    projectAddress: 'Hoffsveien 4',
    projectPostalCode: '0275',
    projectCity: 'Oslo',
    siteContactName: 'Pål Bråten',
    siteContactPhone: '987 65 432',
    workOrderNotes: WORK_ORDER_NOTES,
    noteToPlanner: NOTE_TO_PLANNER,
    orders: [
      {
        title: 'Dører',
        lines: [
          { description: 'Ytterdør eik, 10x21', count: 2, unitPrice: 15_000_00, costPrice: 9_000_00 },
          { description: 'Branndør EI30 høyrehengslet', count: 1.5, unitPrice: 8_750_00 },
        ],
      },
      { title: 'Vinduer', lines: [{ description: 'Vindu 12x12 med lyddempende glass', count: 6 }] },
    ],
  } as never);
  projectId = project.id;
  projectNumber = project.number;
});
afterAll(async () => {
  await server?.close();
});

const workOrderUrl = (id: string, query: Record<string, string> = {}) =>
  `${server.url}/api/project/${id}/work-order.pdf${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;

const fetchWorkOrder = (user: SignedInUser | null, id = projectId, query: Record<string, string> = {}) =>
  fetch(workOrderUrl(id, query), { headers: user ? { token: user.token } : {} });

const pdfOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

const uploadCompanyImage = (type: 'logo' | 'footer', bytes: Buffer, fileName: string) =>
  uploadTestFile(server, alice, { type, bytes, fileName });

describe('GET /api/project/:id/work-order.pdf', () => {
  it('prints the project, customer, addresses, dates, lines and notes in Norwegian — without prices', async () => {
    const response = await fetchWorkOrder(alice, projectId, { locale: 'nb' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="arbeidsordre-${projectNumber}.pdf"`,
    );
    const bytes = await pdfOf(response);
    const text = await pdfText(bytes);
    for (const expected of [
      `Arbeidsordre ${projectNumber}`,
      'Skøyen skole – nybygg',
      CUSTOMER_NAME,
      '24680',
      'Kåre Sæther',
      '912 34 567',
      'Hoffsveien 4',
      '0275 Oslo',
      'Pål Bråten',
      '987 65 432',
      'Åse Øvrebø',
      '18.12.2026',
      'Avtalt montasjedato',
      '24.12.2026',
      'Dører',
      'Ytterdør eik, 10x21',
      'Branndør EI30 høyrehengslet',
      '1,5',
      'Vindu 12x12 med lyddempende glass',
      'Notater til montør',
      WORK_ORDER_NOTES,
      NOTE_TO_PLANNER,
      'Montørens signatur',
      'Kundens signatur',
      'Side 1 av 1',
      'Dato: 02.03.2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/\bkr\b/);
    expect(text).not.toMatch(/15[\s\u00a0]?000/);
    expect(text).not.toMatch(/8[\s\u00a0]?750/);
    expect(await pdfInfo(bytes)).toMatchObject({ Title: `Arbeidsordre ${projectNumber}` });
  });

  it('speaks English when asked, and names the file so', async () => {
    const response = await fetchWorkOrder(alice, projectId, { locale: 'en' });
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="work-order-${projectNumber}.pdf"`,
    );
    const text = await pdfText(await pdfOf(response));
    for (const expected of [
      `Work order ${projectNumber}`,
      'Agreed installation date',
      '24.12.2026',
      'Notes for the installers',
      '1.5',
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('opens through a signed link without a token, as frames and new tabs do, but never by a query token', async () => {
    const url = await signedUrlOf(server, alice, { kind: 'work-order-pdf', id: projectId, locale: 'nb' });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="arbeidsordre-${projectNumber}.pdf"`,
    );
    expect((await pdfOf(response)).subarray(0, 5).toString()).toBe('%PDF-');
    const byQueryToken = await fetch(workOrderUrl(projectId, { token: alice.token, locale: 'nb' }));
    expect(byQueryToken.status).toBe(401);
    await byQueryToken.text();
  });

  it('answers 401 without a token, 404 for another company, 400 for a malformed id', async () => {
    expect((await fetchWorkOrder(null)).status).toBe(401);
    const foreign = await fetchWorkOrder(mallory);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await fetchWorkOrder(alice, '01a1fe00-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await fetchWorkOrder(alice, 'not-a-uuid')).status).toBe(400);
    expect((await fetchWorkOrder(alice, projectId, { locale: 'de' })).status).toBe(400);
  });

  it("puts the company's logo on it, and still makes it when the logo cannot be added", async () => {
    const warn = vi.spyOn(server.ctx.logger, 'warn');
    const logo = await uploadCompanyImage('logo', solidPng(240, 80, [20, 60, 140]), 'logo.png');
    await server.ctx.db
      .update(companies)
      .set({ logoFileId: logo.id })
      .where(eq(companies.id, alice.companyId));
    const withLogo = await pdfOf(await fetchWorkOrder(alice, projectId, { locale: 'nb' }));
    expect(warn).not.toHaveBeenCalled();
    expect(withLogo.includes('/Subtype /Image')).toBe(true);

    // GIF is a valid upload for a logo, but pdfmake embeds only PNG and JPEG (SPEC §8: a warning).
    const gif = await uploadCompanyImage(
      'logo',
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      'logo.gif',
    );
    await server.ctx.db
      .update(companies)
      .set({ logoFileId: gif.id })
      .where(eq(companies.id, alice.companyId));
    const response = await fetchWorkOrder(alice, projectId, { locale: 'nb' });
    expect(response.status).toBe(200);
    const bytes = await pdfOf(response);
    expect(bytes.includes('/Subtype /Image')).toBe(false);
    expect(await pdfText(bytes)).toContain(CUSTOMER_NAME);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ image: 'logo' }),
      'Failed to add the logo image to the PDF',
    );
    warn.mockRestore();
    await server.ctx.db.update(companies).set({ logoFileId: null }).where(eq(companies.id, alice.companyId));
  });

  it("uses the company's document language when the request names none, not the user's", async () => {
    await alice.client.request('user:update-profile', { locale: 'en' });
    const response = await fetchWorkOrder(alice);
    expect(response.headers.get('content-disposition')).toContain('arbeidsordre-');
  });
});
