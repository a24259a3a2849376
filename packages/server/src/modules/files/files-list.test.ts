import type { FileDto, FileListItemDto, FileListQuery, ProjectDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedCustomer, seedEmployee, seedInquiry } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { inquiries } from '../inquiries/inquiries.tables';

/**
 * The Files screen's list: every file of the company the user may read — the same rule a single
 * download follows — paged, searched, filtered and sorted on the server.
 */
let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let technician: SignedInUser;
let readonly: SignedInUser;
let outsider: SignedInUser;
let theirProject: ProjectDto;
let otherProject: ProjectDto;
let inquiryId: number;
let inquiryUuid: string;
const files: Record<string, FileDto> = {};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const TEXT = Buffer.from('Målene er tatt på stedet.\n');

const upload = async (
  user: SignedInUser,
  content: Buffer,
  fileName: string,
  fields: { type: string; entityId?: string },
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', new Blob([content]), fileName);
  const response = await fetch(`${server.url}/api/file`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
  expect(response.status).toBe(201);
  return bodyOf<FileDto>(response);
};

const list = (user: SignedInUser, query: FileListQuery = {}) => user.client.request('files:list', query);
const names = async (user: SignedInUser, query: FileListQuery = {}) =>
  (await list(user, { pageSize: 200, sort: 'name', direction: 'asc', ...query })).items.map(
    (file) => file.name,
  );

beforeAll(async () => {
  server = await startTestServer();
  const company = await seedCompany(server.ctx.db);
  admin = await server.signedInUser({
    companyId: company.id,
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
  });
  office = await server.signedInUser({
    companyId: company.id,
    role: 'office',
    firstName: 'Olav',
    lastName: 'Kontor',
  });
  technician = await server.signedInUser({ companyId: company.id, role: 'technician' });
  readonly = await server.signedInUser({ companyId: company.id, role: 'readonly' });
  outsider = await server.signedInUser({ role: 'admin' });
  const employee = await seedEmployee(server.ctx.db, company.id, { userId: technician.userId });
  const customerId = (await seedCustomer(server.ctx.db, company.id, { name: 'Filbygg AS' })).id;
  theirProject = await office.client.request('project:create', {
    name: 'Skole nord',
    projectManagerId: employee.id,
    customerId,
  } as never);
  otherProject = await office.client.request('project:create', { name: 'Hall sør', customerId } as never);
  const inquiry = await seedInquiry(server.ctx.db, company.id, { projectName: 'Villa Berg' });
  inquiryId = inquiry.number;
  inquiryUuid = inquiry.id;

  files.inquiry = await upload(office, PDF, 'tilbud-villa.pdf', { type: 'document', entityId: inquiryUuid });
  files.theirs = await upload(office, PDF, 'tegning-skole.pdf', {
    type: 'document',
    entityId: theirProject.id,
  });
  files.others = await upload(office, TEXT, 'notat-hall.txt', {
    type: 'document',
    entityId: otherProject.id,
  });
  files.loose = await upload(admin, PNG, 'skisse.png', { type: 'document' });
  files.logo = await upload(admin, PNG, 'logo.png', { type: 'logo' });
  files.picture = await upload(technician, PNG, 'bilde-montasje.png', { type: 'picture' });
  await upload(outsider, PDF, 'hemmelig.pdf', { type: 'document' });
});
afterAll(async () => {
  await server?.close();
});

describe('files:list', () => {
  it('lists every file of the company with its owner, uploader, type and size, newest first', async () => {
    const page = await list(admin);
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 20 });
    expect(page.items.map((file) => file.name)).toEqual([
      'bilde-montasje.png',
      'logo.png',
      'skisse.png',
      'notat-hall.txt',
      'tegning-skole.pdf',
      'tilbud-villa.pdf',
    ]);
    const byName = new Map(page.items.map((file) => [file.name, file]));
    expect(byName.get('tilbud-villa.pdf')).toEqual<FileListItemDto>({
      id: files.inquiry?.id as string,
      type: 'document',
      name: 'tilbud-villa.pdf',
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedAt: files.inquiry?.createdAt as string,
      uploadedBy: { id: office.userId, displayName: 'Olav Kontor' },
      owner: { kind: 'inquiry', id: inquiryUuid, number: inquiryId, name: 'Villa Berg' },
    });
    expect(byName.get('tegning-skole.pdf')?.owner).toEqual({
      kind: 'project',
      id: theirProject.id,
      number: theirProject.number,
      name: 'Skole nord',
    });
    expect(byName.get('logo.png')?.owner).toMatchObject({ kind: 'company' });
    expect(byName.get('skisse.png')?.owner).toBeNull();
  });

  it("never lists another company's files, and theirs never ours", async () => {
    expect(await names(outsider)).toEqual(['hemmelig.pdf']);
    expect(await names(admin)).not.toContain('hemmelig.pdf');
  });

  it("shows a technician only their own projects' documents, besides what every member reads", async () => {
    expect(await names(technician)).toEqual([
      'bilde-montasje.png',
      'logo.png',
      'skisse.png',
      'tegning-skole.pdf',
    ]);
    // The single download follows the same rule: another project's document is "not found".
    const refused = await fetch(`${server.url}/api/file?id=${files.others?.id}`, {
      headers: { token: technician.token },
    });
    expect(refused.status).toBe(404);
    const allowed = await fetch(`${server.url}/api/file?id=${files.theirs?.id}`, {
      headers: { token: technician.token },
    });
    expect(allowed.status).toBe(200);
  });

  it('lets the read-only role see what it may read, inquiries and projects included', async () => {
    expect(await names(readonly)).toEqual([
      'bilde-montasje.png',
      'logo.png',
      'notat-hall.txt',
      'skisse.png',
      'tegning-skole.pdf',
      'tilbud-villa.pdf',
    ]);
  });

  it('searches by name, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(await names(admin, { search: 'SKOLE' })).toEqual(['tegning-skole.pdf']);
    expect(await names(admin, { search: '%' })).toEqual([]);
  });

  it('filters by owner kind, content kind, uploader and period', async () => {
    expect(await names(admin, { ownerKind: 'project' })).toEqual(['notat-hall.txt', 'tegning-skole.pdf']);
    expect(await names(admin, { ownerKind: 'inquiry' })).toEqual(['tilbud-villa.pdf']);
    expect(await names(admin, { ownerKind: 'company' })).toEqual(['logo.png']);
    expect(await names(admin, { ownerKind: 'none' })).toEqual(['bilde-montasje.png', 'skisse.png']);
    expect(await names(admin, { ownerKind: 'offer' })).toEqual([]);
    expect(await names(admin, { contentKind: 'pdf' })).toEqual(['tegning-skole.pdf', 'tilbud-villa.pdf']);
    expect(await names(admin, { contentKind: 'text' })).toEqual(['notat-hall.txt']);
    expect(await names(admin, { uploadedBy: admin.userId })).toEqual(['logo.png', 'skisse.png']);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(server.clock.now());
    expect(await names(admin, { from: today, to: today })).toHaveLength(6);
    expect(await names(admin, { to: '2000-01-01' })).toEqual([]);
  });

  it('sorts by name, size and upload time both ways and pages on the server', async () => {
    expect(await names(admin, { sort: 'name', direction: 'desc' })).toEqual([
      'tilbud-villa.pdf',
      'tegning-skole.pdf',
      'skisse.png',
      'notat-hall.txt',
      'logo.png',
      'bilde-montasje.png',
    ]);
    const bySize = (await list(admin, { sort: 'size', direction: 'asc' })).items.map(
      (file) => file.sizeBytes,
    );
    expect(bySize).toEqual([...bySize].sort((a, b) => a - b));
    const second = await list(admin, { page: 2, pageSize: 4 });
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(second.items.map((file) => file.name)).toEqual(['tegning-skole.pdf', 'tilbud-villa.pdf']);
  });

  it('refuses bad input with VALIDATION', async () => {
    for (const input of [
      { search: 'x'.repeat(201) },
      { search: 'a\u0000b' },
      { ownerKind: 'planet' },
      { contentKind: 'video' },
      { uploadedBy: 'not-a-uuid' },
      { from: '2026-02-30' },
      { from: '2026-03-02', to: '2026-03-01' },
      { sort: 'owner' },
      { page: 0 },
      { pageSize: 1_000 },
      { page: 'one' },
    ]) {
      expect(
        (await admin.client.requestError('files:list', input as never)).code,
        JSON.stringify(input),
      ).toBe('VALIDATION');
    }
  });

  it('needs a session', async () => {
    const anonymous = await server.connect();
    expect((await anonymous.requestError('files:list', {})).code).toBe('NOT_AUTHORIZED');
  });

  it('tells open screens when a file is stored or deleted', async () => {
    const pushed = admin.client.nextPush('files:changed');
    const file = await upload(office, PDF, 'ny.pdf', { type: 'document', entityId: inquiryUuid });
    expect(await pushed).toEqual({ id: file.id });
    const deleted = admin.client.nextPush('files:changed');
    const response = await fetch(`${server.url}/api/file/${file.id}`, {
      method: 'DELETE',
      headers: { token: office.token },
    });
    expect(response.status).toBe(200);
    expect(await deleted).toEqual({ id: file.id });
  });
});

describe('files:uploaders', () => {
  it("names the company's uploaders, never another company's", async () => {
    const uploaders = await admin.client.request('files:uploaders');
    expect(uploaders.map((user) => user.id).sort()).toEqual(
      [admin.userId, office.userId, technician.userId].sort(),
    );
    expect(uploaders).toContainEqual({ id: office.userId, displayName: 'Olav Kontor' });
    expect((await outsider.client.request('files:uploaders')).map((user) => user.id)).toEqual([
      outsider.userId,
    ]);
  });
});

describe('a document whose record was deleted', () => {
  it('is no longer any member’s: only administrators list, open and remove it', async () => {
    const gone = await seedInquiry(server.ctx.db, admin.companyId, { projectName: 'Revet hus' });
    const file = await upload(office, PDF, 'revet-hus.pdf', { type: 'document', entityId: gone.id });
    await server.ctx.db.delete(inquiries).where(eq(inquiries.id, gone.id));

    for (const member of [office, technician, readonly]) {
      expect(await names(member)).not.toContain('revet-hus.pdf');
      const refused = await fetch(`${server.url}/api/file?id=${file.id}`, {
        headers: { token: member.token },
      });
      expect(refused.status).toBe(403);
    }
    expect(await names(admin, { ownerKind: 'none' })).toContain('revet-hus.pdf');
    const opened = await fetch(`${server.url}/api/file?id=${file.id}`, { headers: { token: admin.token } });
    expect(opened.status).toBe(200);
  });
});
