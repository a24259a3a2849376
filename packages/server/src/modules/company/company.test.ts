import { companyFormOf } from '@karm/domain/contract';
import { completeOrganisationNumber } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../platform/pdf/testing';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { uploadTestFile } from '../files/download-links.testing';

let server: TestServer;
let admin: SignedInUser;
let staff: SignedInUser;
let otherAdmin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  staff = await server.signedInUser({ companyId: admin.companyId });
  otherAdmin = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const uploadImage = (user: SignedInUser, type: 'logo' | 'footer' | 'picture') =>
  uploadTestFile(server, user, { type, bytes: solidPng(20, 10, [20, 60, 140]), fileName: `${type}.png` });

const VALID_ORGANISATION_NUMBER = completeOrganisationNumber('92360901') ?? '';

describe('company settings', () => {
  it('an admin saves every field with the logo and footer, and the company is told', async () => {
    const current = await admin.client.request('company:get-info');
    const logo = await uploadImage(admin, 'logo');
    const footer = await uploadImage(admin, 'footer');
    const pushed = staff.client.nextPush('company:changed');
    const saved = await admin.client.request('company:update', {
      ...companyFormOf(current),
      name: 'Dørfabrikken Ærlig AS',
      organisationNumber: `${VALID_ORGANISATION_NUMBER.slice(0, 3)} ${VALID_ORGANISATION_NUMBER.slice(3)}`,
      address: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
      phone: '+47 22 00 00 00',
      email: 'post@example.no',
      web: 'https://example.no',
      bankAccount: '1234.56.78903',
      isVatRegistered: false,
      documentLanguage: 'en',
      serviceDepartment: 'Service',
      serviceEmployeeCategory: 'Montør',
      logoFileId: logo.id,
      footerFileId: footer.id,
    });
    expect(saved).toMatchObject({
      nr: current.nr,
      name: 'Dørfabrikken Ærlig AS',
      organisationNumber: VALID_ORGANISATION_NUMBER,
      city: 'Oslo',
      isVatRegistered: false,
      documentLanguage: 'en',
      logoFileId: logo.id,
      footerFileId: footer.id,
      version: current.version + 1,
    });
    await expect(pushed).resolves.toEqual(saved);
    expect(await staff.client.request('company:get-info')).toEqual(saved);
  });

  it('refuses staff who are not administrators', async () => {
    const current = await staff.client.request('company:get-info');
    const error = await staff.client.requestError('company:update', {
      ...companyFormOf(current),
      name: 'Taken over',
    });
    expect(error.code).toBe('FORBIDDEN');
    expect(await staff.client.request('company:get-info')).toEqual(current);
  });

  it('refuses a stale version', async () => {
    const current = await admin.client.request('company:get-info');
    const error = await admin.client.requestError('company:update', {
      ...companyFormOf(current),
      version: current.version - 1,
      name: 'Stale',
    });
    expect(error.code).toBe('CONFLICT');
    expect(await admin.client.request('company:get-info')).toEqual(current);
  });

  it('refuses a bad organisation number, e-mail and web address, changing nothing', async () => {
    const current = await admin.client.request('company:get-info');
    const wrongCheckDigit = `${VALID_ORGANISATION_NUMBER.slice(0, 8)}${(Number(VALID_ORGANISATION_NUMBER[8]) + 1) % 10}`;
    const error = await admin.client.requestError('company:update', {
      ...companyFormOf(current),
      organisationNumber: wrongCheckDigit,
      email: 'not an address',
      web: 'example.no',
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: {
          organisationNumber: 'validation.organisationNumberInvalid',
          email: 'validation.emailInvalid',
          web: 'validation.urlInvalid',
        },
      },
    });
    expect(await admin.client.request('company:get-info')).toEqual(current);
  });

  it("refuses another company's file, and a file of another type, like a missing one", async () => {
    const current = await admin.client.request('company:get-info');
    const foreignLogo = await uploadImage(otherAdmin, 'logo');
    const picture = await uploadImage(admin, 'picture');
    const error = await admin.client.requestError('company:update', {
      ...companyFormOf(current),
      logoFileId: foreignLogo.id,
      footerFileId: picture.id,
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: { logoFileId: 'validation.referenceUnknown', footerFileId: 'validation.referenceUnknown' },
      },
    });
    expect(await admin.client.request('company:get-info')).toEqual(current);
  });
});
