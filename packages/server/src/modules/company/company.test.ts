import { access } from 'node:fs/promises';
import path from 'node:path';
import { companyFormOf, type EmployeeDto, type ErrorPayload } from '@karm/domain/contract';
import { completeOrganisationNumber } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../platform/pdf/testing';
import { seedDepartment, seedEmployee, seedEmployeeCategory } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { uploadTestFile } from '../files/download-links.testing';
import { REPLACED_FILE_GRACE_SECONDS, removeUnusedFilesJob } from '../files/files.service';
import { files } from '../files/files.tables';

let server: TestServer;
let admin: SignedInUser;
let staff: SignedInUser;
let otherAdmin: SignedInUser;
const ids = { service: '', montage: '', serviceCategory: '', fitterCategory: '', sofie: '' };
let foreign = { department: '', category: '' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin', firstName: 'Åse', lastName: 'Admin' });
  staff = await server.signedInUser({ companyId: admin.companyId });
  otherAdmin = await server.signedInUser({ role: 'admin' });
  const { db } = server.ctx;
  ids.service = (await seedDepartment(db, admin.companyId, 'Service og vedlikehold')).id;
  ids.montage = (await seedDepartment(db, admin.companyId, 'Montasje')).id;
  ids.serviceCategory = (await seedEmployeeCategory(db, admin.companyId, 'Servicetekniker')).id;
  ids.fitterCategory = (await seedEmployeeCategory(db, admin.companyId, 'Montør')).id;
  ids.sofie = (
    await seedEmployee(db, admin.companyId, {
      firstName: 'Sofie',
      lastName: 'Service',
      employeeCategoryId: ids.serviceCategory,
    })
  ).id;
  foreign = {
    department: (await seedDepartment(db, otherAdmin.companyId, 'Fremmed avdeling')).id,
    category: (await seedEmployeeCategory(db, otherAdmin.companyId, 'Fremmed kategori')).id,
  };
});
afterAll(async () => {
  await server?.close();
});

const uploadImage = (
  user: SignedInUser,
  type: 'logo' | 'footer' | 'picture',
  fileName = `${type}.png`,
  colour: [number, number, number] = [20, 60, 140],
) => uploadTestFile(server, user, { type, bytes: solidPng(20, 10, colour), fileName });

const VALID_ORGANISATION_NUMBER = completeOrganisationNumber('92360901') ?? '';

const current = () => admin.client.request('company:get-info');

/** Saves the current settings with some fields changed, as the admin. */
const save = async (changes: Partial<ReturnType<typeof companyFormOf>>) =>
  admin.client.request('company:update', { ...companyFormOf(await current()), ...changes });

/** Whether a file's row and its stored bytes still exist. */
const fileExists = async (fileId: string) => {
  const [row] = await server.ctx.db.select().from(files).where(eq(files.id, fileId));
  return row !== undefined;
};
const storedPathOf = async (fileId: string) => {
  const [row] = await server.ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!row) throw new Error('No such file');
  return path.join(server.ctx.config.dataDir, 'files', row.storageKey.slice(-2), row.storageKey);
};
const isOnDisk = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('company settings', () => {
  it('an admin saves every field, the logo, footer, service department and category; the company is told', async () => {
    const before = await current();
    const logo = await uploadImage(admin, 'logo');
    const footer = await uploadImage(admin, 'footer');
    const pushed = staff.client.nextPush('company:changed');
    const saved = await admin.client.request('company:update', {
      ...companyFormOf(before),
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
      serviceDepartmentId: ids.service,
      serviceEmployeeCategoryId: ids.serviceCategory,
      logoFileId: logo.id,
      footerFileId: footer.id,
    });
    expect(saved).toMatchObject({
      nr: before.nr,
      name: 'Dørfabrikken Ærlig AS',
      organisationNumber: VALID_ORGANISATION_NUMBER,
      city: 'Oslo',
      isVatRegistered: false,
      documentLanguage: 'en',
      logoFileId: logo.id,
      footerFileId: footer.id,
      serviceDepartment: { id: ids.service, displayName: 'Service og vedlikehold' },
      serviceEmployeeCategory: { id: ids.serviceCategory, name: 'Servicetekniker' },
      version: before.version + 1,
    });
    await expect(pushed).resolves.toEqual(saved);
    expect(await staff.client.request('company:get-info')).toEqual(saved);
  });

  it('GET /api/employee/service answers the active employees of the chosen category', async () => {
    await save({ serviceEmployeeCategoryId: ids.serviceCategory });
    const serviceWorkers = async () => {
      const response = await fetch(`${server.url}/api/employee/service`, { headers: { token: staff.token } });
      expect(response.status).toBe(200);
      return (await bodyOf<EmployeeDto[]>(response)).map((employee) => employee.id);
    };
    expect(await serviceWorkers()).toEqual([ids.sofie]);
    await save({ serviceEmployeeCategoryId: ids.fitterCategory });
    expect(await serviceWorkers()).toEqual([]);
    await save({ serviceEmployeeCategoryId: null });
    expect(await serviceWorkers()).toEqual([]);
  });

  it('refuses staff who are not administrators', async () => {
    const before = await staff.client.request('company:get-info');
    const error = await staff.client.requestError('company:update', {
      ...companyFormOf(before),
      name: 'Taken over',
    });
    expect(error.code).toBe('FORBIDDEN');
    expect(await staff.client.request('company:get-info')).toEqual(before);
  });

  it('refuses a stale version, and the second of two clicks on Save', async () => {
    const before = await current();
    const stale = await admin.client.requestError('company:update', {
      ...companyFormOf(before),
      version: before.version - 1,
      name: 'Stale',
    });
    expect(stale.code).toBe('CONFLICT');
    expect(await current()).toEqual(before);

    const form = { ...companyFormOf(before), phone: '+47 900 00 001' };
    const [first, second] = await Promise.allSettled([
      admin.client.request('company:update', form),
      admin.client.request('company:update', form),
    ]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
    const refused = (first.status === 'rejected' ? first : second) as PromiseRejectedResult;
    expect((refused.reason as { payload: ErrorPayload }).payload.code).toBe('CONFLICT');
    expect(await current()).toMatchObject({ phone: '+47 900 00 001', version: before.version + 1 });
  });

  it('refuses a bad organisation number, e-mail and web address, changing nothing', async () => {
    const before = await current();
    const wrongCheckDigit = `${VALID_ORGANISATION_NUMBER.slice(0, 8)}${(Number(VALID_ORGANISATION_NUMBER[8]) + 1) % 10}`;
    const error = await admin.client.requestError('company:update', {
      ...companyFormOf(before),
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
    expect(await current()).toEqual(before);
  });

  it('refuses an empty name, too long text, NUL and wrong types with coded errors, changing nothing', async () => {
    const before = await current();
    const form = companyFormOf(before);
    const refused = async (changes: Record<string, unknown>) =>
      admin.client.requestError('company:update', { ...form, ...changes } as never);
    expect(await refused({ name: '  ' })).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { name: 'validation.required' } },
    });
    expect(await refused({ city: 'x'.repeat(101) })).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { city: expect.stringContaining('validation.tooLong') } },
    });
    expect((await refused({ address: 'Storgata\u00001' })).code).toBe('VALIDATION');
    expect((await refused({ isVatRegistered: 'yes' })).code).toBe('VALIDATION');
    expect((await refused({ documentLanguage: 'de' })).code).toBe('VALIDATION');
    expect((await refused({ serviceDepartmentId: 'Service' })).code).toBe('VALIDATION');
    expect(await current()).toEqual(before);
  });

  it("answers another company's file, department or category like a missing one, changing nothing", async () => {
    const before = await current();
    const foreignLogo = await uploadImage(otherAdmin, 'logo');
    const picture = await uploadImage(admin, 'picture');
    const error = await admin.client.requestError('company:update', {
      ...companyFormOf(before),
      logoFileId: foreignLogo.id,
      footerFileId: picture.id,
      serviceDepartmentId: foreign.department,
      serviceEmployeeCategoryId: foreign.category,
    });
    const unknown = 'validation.referenceUnknown';
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: {
          logoFileId: unknown,
          footerFileId: unknown,
          serviceDepartmentId: unknown,
          serviceEmployeeCategoryId: unknown,
        },
      },
    });
    const missing = await admin.client.requestError('company:update', {
      ...companyFormOf(before),
      serviceDepartmentId: '01a1fe00-0000-7000-8000-000000000000',
    });
    expect(missing).toMatchObject({ details: { fields: { serviceDepartmentId: unknown } } });
    expect(await current()).toEqual(before);
  });

  it('refuses a logo that is not an image: a PDF renamed .png, an SVG, text', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [bytes, fileName] of [
      [pdf, 'logo.png'],
      [svg, 'logo.svg'],
      [Buffer.from('Dørfabrikken AS'), 'logo.png'],
    ] as const) {
      const form = new FormData();
      form.append('type', 'logo');
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
      const response = await fetch(`${server.url}/api/file`, {
        method: 'POST',
        headers: { token: admin.token },
        body: form,
      });
      expect(response.status).toBe(415);
      expect((await bodyOf<ErrorPayload>(response)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

describe('the logo and footer files', () => {
  it('a replaced logo and a removed footer are deleted, rows and bytes, ten minutes after the save', async () => {
    const [firstLogo, footer] = [await uploadImage(admin, 'logo'), await uploadImage(admin, 'footer')];
    await save({ logoFileId: firstLogo.id, footerFileId: footer.id });
    const [firstLogoPath, footerPath] = [await storedPathOf(firstLogo.id), await storedPathOf(footer.id)];
    expect(await isOnDisk(firstLogoPath)).toBe(true);

    const newLogo = await uploadImage(admin, 'logo', 'ny-logo.png');
    const saved = await save({ logoFileId: newLogo.id, footerFileId: null });
    expect(saved).toMatchObject({ logoFileId: newLogo.id, footerFileId: null });
    // An open tab still showing the old logo gets it until the change's push reaches it.
    expect(await fileExists(firstLogo.id)).toBe(true);
    expect(await isOnDisk(firstLogoPath)).toBe(true);
    const { rows } = await server.ctx.database.runSql(
      `select data, extract(epoch from start_after - created_on)::int as "delaySeconds"
         from pgboss.job where name = 'files.remove-unused' and data->>'companyId' = $1
          and data->'fileIds' @> jsonb_build_array($2::text)`,
      [admin.companyId, firstLogo.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data).toEqual({ companyId: admin.companyId, fileIds: [firstLogo.id, footer.id] });
    expect(Number(rows[0]?.delaySeconds)).toBeGreaterThanOrEqual(REPLACED_FILE_GRACE_SECONDS - 1);
    // When the job runs (here called at once), they go.
    await removeUnusedFilesJob.handler(server.ctx, rows[0]?.data as never, {
      id: 'job',
      attempt: 1,
      isLastAttempt: true,
    });
    expect(await fileExists(firstLogo.id)).toBe(false);
    expect(await isOnDisk(firstLogoPath)).toBe(false);
    expect(await fileExists(footer.id)).toBe(false);
    expect(await isOnDisk(footerPath)).toBe(false);
    expect(await fileExists(newLogo.id)).toBe(true);
  });

  it('an uploaded logo that was never saved is not the company logo, and is left alone', async () => {
    const before = await current();
    const unsaved = await uploadImage(admin, 'logo', 'utkast.png');
    expect(await current()).toEqual(before);
    const links = await staff.client.request('file:get_default_file_url');
    expect(links.logo?.url).toContain(`id=${before.logoFileId}`);
    expect(links.logo?.url).not.toContain(unsaved.id);
    // Saving other fields neither adopts nor deletes it.
    await save({ phone: '+47 900 00 002' });
    expect((await current()).logoFileId).toBe(before.logoFileId);
    expect(await fileExists(unsaved.id)).toBe(true);
  });

  it('the logo in use cannot be deleted from under the settings: staff may not, an admin is told it is in use', async () => {
    const { logoFileId } = await current();
    if (!logoFileId) throw new Error('The company should have a logo by now');
    for (const [user, code] of [
      [staff, 'FORBIDDEN'],
      [admin, 'CONFLICT'],
    ] as const) {
      const response = await fetch(`${server.url}/api/file/${logoFileId}`, {
        method: 'DELETE',
        headers: { token: user.token },
      });
      expect((await bodyOf<ErrorPayload>(response)).code).toBe(code);
    }
    expect(await fileExists(logoFileId)).toBe(true);
  });
});

describe('file:get_default_file_url', () => {
  it("gives any member signed links to the company's logo and footer, and null where none is set", async () => {
    const footer = await uploadImage(admin, 'footer', 'bunn.png', [200, 200, 200]);
    const saved = await save({ footerFileId: footer.id });
    const links = await staff.client.request('file:get_default_file_url');
    for (const [link, fileId] of [
      [links.logo, saved.logoFileId],
      [links.footer, saved.footerFileId],
    ] as const) {
      expect(link?.url).toMatch(/^\/api\/file\?/);
      expect(link?.url).not.toContain(staff.token);
      const response = await fetch(new URL(link?.url ?? '', server.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(new URL(link?.url ?? '', server.url).searchParams.get('id')).toBe(fileId);
    }
    expect(
      Buffer.from(await (await fetch(new URL(links.footer?.url ?? '', server.url))).arrayBuffer()),
    ).toEqual(solidPng(20, 10, [200, 200, 200]));
    expect(await otherAdmin.client.request('file:get_default_file_url')).toEqual({
      logo: null,
      footer: null,
    });
  });

  it('needs a session', async () => {
    const anonymous = await server.connect();
    expect((await anonymous.requestError('file:get_default_file_url')).code).toBe('NOT_AUTHORIZED');
  });
});

describe('company:history', () => {
  it('keeps who changed which field from what to what, with names for files, department and category', async () => {
    const oldLogo = await uploadImage(admin, 'logo', 'Logo 2025.png');
    const logo = await uploadImage(admin, 'logo', 'Logo 2026.png');
    const before = await save({
      logoFileId: oldLogo.id,
      serviceDepartmentId: ids.service,
      serviceEmployeeCategoryId: ids.serviceCategory,
      isVatRegistered: true,
      documentLanguage: 'nb',
    });
    server.clock.advance(60_000);
    await admin.client.request('company:update', {
      ...companyFormOf(before),
      city: 'Bergen',
      isVatRegistered: false,
      documentLanguage: 'en',
      serviceDepartmentId: ids.montage,
      serviceEmployeeCategoryId: null,
      logoFileId: logo.id,
    });
    const [newest, previous] = await admin.client.request('company:history');
    expect(newest).toMatchObject({
      user: { id: admin.userId, name: 'Åse Admin' },
      at: server.clock.now().toISOString(),
    });
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThan(Date.parse(previous?.at ?? ''));
    expect(newest?.changes).toEqual(
      expect.arrayContaining([
        { field: 'city', from: before.city || null, to: 'Bergen' },
        { field: 'isVatRegistered', from: 'true', to: 'false' },
        { field: 'documentLanguage', from: 'nb', to: 'en' },
        { field: 'serviceDepartmentId', from: 'Service og vedlikehold', to: 'Montasje' },
        { field: 'serviceEmployeeCategoryId', from: 'Servicetekniker', to: null },
        { field: 'logoFileId', from: 'Logo 2025.png', to: 'Logo 2026.png' },
      ]),
    );
    expect(newest?.changes).toHaveLength(6);
  });

  it('writes nothing for a save that changes nothing', async () => {
    const before = await current();
    const historyBefore = await admin.client.request('company:history');
    expect(await admin.client.request('company:update', companyFormOf(before))).toEqual(before);
    expect(await admin.client.request('company:history')).toEqual(historyBefore);
  });

  it('is for administrators, and for their own company only', async () => {
    expect((await staff.client.requestError('company:history')).code).toBe('FORBIDDEN');
    expect(await otherAdmin.client.request('company:history')).toEqual([]);
  });
});
