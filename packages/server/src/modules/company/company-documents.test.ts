import { companyFormOf, type OfferDto } from '@karm/domain/contract';
import { completeOrganisationNumber } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPixelOf, pdfImages, pdfText, solidPng } from '../../platform/pdf/testing';
import { seedCustomer } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { signedUrlOf, uploadTestFile } from '../files/download-links.testing';

/** What the offer and work-order PDFs print of the company, and that they print it at once. */

let server: TestServer;
let admin: SignedInUser;
let staff: SignedInUser;
let offer: OfferDto;
let projectId: string;

const ORGANISATION_NUMBER = completeOrganisationNumber('92360901') ?? '';
const GROUPED = `${ORGANISATION_NUMBER.slice(0, 3)} ${ORGANISATION_NUMBER.slice(3, 6)} ${ORGANISATION_NUMBER.slice(6)}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  staff = await server.signedInUser({ companyId: admin.companyId });
  const customer = await seedCustomer(server.ctx.db, admin.companyId, { name: 'Kunde Ærlig AS' });
  const created = await fetch(`${server.url}/api/offers`, {
    method: 'POST',
    headers: { token: staff.token, 'content-type': 'application/json' },
    body: JSON.stringify({ projectName: 'Lagerbygget', customerId: customer.id }),
  });
  expect(created.status).toBe(200);
  offer = await bodyOf<OfferDto>(created);
  projectId = (await staff.client.request('project:create', { name: 'Lagerprosjektet' } as never)).id;
  // The staff member reads Norwegian; the documents follow the company, not them.
  await staff.client.request('user:update-profile', { locale: 'nb' });
});
afterAll(async () => {
  await server?.close();
});

const save = async (changes: Partial<ReturnType<typeof companyFormOf>>) =>
  admin.client.request('company:update', {
    ...companyFormOf(await admin.client.request('company:get-info')),
    ...changes,
  });

/** A PDF as the web app opens it: through a signed link, with or without a chosen language. */
const fetchPdf = async (kind: 'offer-pdf' | 'work-order-pdf', locale?: 'en' | 'nb') => {
  const id = kind === 'offer-pdf' ? offer.id : projectId;
  const response = await fetch(await signedUrlOf(server, staff, { kind, id, ...(locale && { locale }) }));
  expect(response.status).toBe(200);
  return {
    fileName: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1],
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

const uploadLogo = (width: number, height: number, colour: [number, number, number]) =>
  uploadTestFile(server, admin, {
    type: 'logo',
    bytes: solidPng(width, height, colour),
    fileName: 'logo.png',
  });

describe('the company on its documents', () => {
  it("prints the company's name, address, organisation number, contact line and bank account", async () => {
    await save({
      name: 'Dørfabrikken Ærlig AS',
      organisationNumber: ORGANISATION_NUMBER,
      isVatRegistered: true,
      address: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
      phone: '22 00 00 00',
      email: 'post@dorfabrikken.no',
      web: 'https://dorfabrikken.no',
      bankAccount: '1234.56.78903',
      documentLanguage: 'nb',
    });
    for (const kind of ['offer-pdf', 'work-order-pdf'] as const) {
      const text = await pdfText((await fetchPdf(kind)).bytes);
      expect(text).toContain('Dørfabrikken Ærlig AS');
      expect(text).toContain('Storgata 1, 0155 Oslo');
      expect(text).toContain(`Org.nr. ${GROUPED} MVA`);
      expect(text).toContain('Tlf. 22 00 00 00');
      expect(text).toContain('post@dorfabrikken.no');
      expect(text).toContain('https://dorfabrikken.no');
      expect(text).toContain('Bankkonto 1234.56.78903');
    }
    const english = await pdfText((await fetchPdf('offer-pdf', 'en')).bytes);
    expect(english).toContain(`Org. no. ${GROUPED} MVA`);
    expect(english).toContain('Tel. 22 00 00 00');
    expect(english).toContain('Bank account 1234.56.78903');

    await save({ isVatRegistered: false });
    const withoutVat = await pdfText((await fetchPdf('offer-pdf')).bytes);
    expect(withoutVat).toContain(`Org.nr. ${GROUPED}`);
    expect(withoutVat).not.toContain('MVA');
  });

  it("writes a document in the company's document language unless another is picked", async () => {
    await save({ documentLanguage: 'nb' });
    expect((await fetchPdf('offer-pdf')).fileName).toBe(`tilbud-${offer.number}.pdf`);
    expect((await fetchPdf('work-order-pdf')).fileName).toMatch(/^arbeidsordre-/);
    expect((await fetchPdf('offer-pdf', 'en')).fileName).toBe(`offer-${offer.number}.pdf`);

    await save({ documentLanguage: 'en' });
    const { fileName, bytes } = await fetchPdf('offer-pdf');
    expect(fileName).toBe(`offer-${offer.number}.pdf`);
    expect(await pdfText(bytes)).toContain('Page 1 of 1');
    expect((await fetchPdf('work-order-pdf')).fileName).toMatch(/^work-order-/);
    expect((await fetchPdf('work-order-pdf', 'nb')).fileName).toMatch(/^arbeidsordre-/);
  });

  it('puts a newly saved logo on the very next PDF, pixel for pixel', async () => {
    const imagesOf = async (kind: 'offer-pdf' | 'work-order-pdf') =>
      (await pdfImages((await fetchPdf(kind)).bytes)).map((image) => ({
        size: [image.width, image.height],
        colour: firstPixelOf(image),
      }));

    const red = await uploadLogo(60, 20, [200, 30, 30]);
    await save({ logoFileId: red.id, footerFileId: null });
    expect(await imagesOf('offer-pdf')).toEqual([{ size: [60, 20], colour: [200, 30, 30] }]);

    // Uploaded but not saved: not the company's logo yet.
    const green = await uploadLogo(90, 30, [30, 160, 60]);
    expect(await imagesOf('offer-pdf')).toEqual([{ size: [60, 20], colour: [200, 30, 30] }]);

    await save({ logoFileId: green.id });
    expect(await imagesOf('offer-pdf')).toEqual([{ size: [90, 30], colour: [30, 160, 60] }]);
    expect(await imagesOf('work-order-pdf')).toEqual([{ size: [90, 30], colour: [30, 160, 60] }]);

    await save({ logoFileId: null });
    expect(await imagesOf('offer-pdf')).toEqual([]);
  });
});
