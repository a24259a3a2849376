import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorPayload, FileDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { signedUrlOf } from './download-links.testing';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;

// The smallest valid PNG and PDF: real magic numbers, so sniffing sees real types.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');

beforeAll(async () => {
  server = await startTestServer({ UPLOAD_MAX_BYTES: '4096' });
  alice = await server.signedInUser();
  mallory = await server.signedInUser();
});
afterAll(async () => {
  await server?.close();
});

const upload = async (
  user: SignedInUser,
  content: Buffer,
  fields: Record<string, string>,
  options: { fileName?: string; companyId?: string; path?: string } = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), options.fileName ?? 'upload.bin');
  const query = new URLSearchParams({ companyId: options.companyId ?? user.companyId });
  return fetch(`${server.url}/api${options.path ?? '/file'}?${query}`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
};

const download = (user: SignedInUser, query: Record<string, string>) =>
  fetch(`${server.url}/api/file?${new URLSearchParams(query)}`, { headers: { token: user.token } });

describe('files', () => {
  it('stores an upload and serves it back to its company, by token header or signed link', async () => {
    const response = await upload(alice, PDF, { type: 'document' }, { fileName: '../../etc/tilbud.pdf' });
    expect(response.status).toBe(201);
    const file = await bodyOf<FileDto>(response);
    expect(file).toMatchObject({
      type: 'document',
      mimeType: 'application/pdf',
      originalName: 'tilbud.pdf',
      sizeBytes: PDF.length,
    });

    const byHeader = await download(alice, { id: file.id });
    expect(byHeader.status).toBe(200);
    expect(byHeader.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await byHeader.arrayBuffer())).toEqual(PDF);
    expect(
      (await download(alice, { id: file.id, companyId: alice.companyId, type: 'document' })).status,
    ).toBe(200);
    const signed = await fetch(
      await signedUrlOf(server, alice, { kind: 'file', id: file.id, type: 'document' }),
    );
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer())).toEqual(PDF);
  });

  it("accepts the spec's upload path {host} too", async () => {
    expect((await upload(alice, PNG, { type: 'avatar' }, { path: '/' })).status).toBe(201);
  });

  it('keeps the stored name server-made: nothing of the client name reaches the disk', async () => {
    await upload(alice, PNG, { type: 'picture' }, { fileName: 'evil/../../name.png' });
    const root = path.join(server.ctx.config.dataDir, 'files');
    const stored = (await readdir(root, { recursive: true })).filter((entry) => entry.includes('-'));
    expect(stored.every((entry) => /^[0-9a-f]{2}\/[0-9a-f-]{36}$/.test(entry))).toBe(true);
  });

  it('another company can neither read nor upload into this company', async () => {
    const file = await bodyOf<FileDto>(await upload(alice, PNG, { type: 'picture' }));
    const readByOther = await download(mallory, { id: file.id });
    expect(readByOther.status).toBe(404);
    expect((await download(mallory, { id: file.id, companyId: alice.companyId })).status).toBe(403);
    const uploadIntoOther = await upload(mallory, PNG, { type: 'picture' }, { companyId: alice.companyId });
    expect(uploadIntoOther.status).toBe(403);
    expect(
      (
        await fetch(`${server.url}/api/file/${file.id}`, {
          method: 'DELETE',
          headers: { token: mallory.token },
        })
      ).status,
    ).toBe(404);
  });

  it('sniffs the type from the bytes and refuses what the kind does not allow', async () => {
    const disguised = await upload(alice, EXE, { type: 'document' }, { fileName: 'innocent.pdf' });
    expect(disguised.status).toBe(415);
    expect((await bodyOf<ErrorPayload>(disguised)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await upload(alice, PDF, { type: 'logo' })).status).toBe(415);
  });

  it('refuses a file over the size limit with 413', async () => {
    const response = await upload(alice, Buffer.concat([PDF, Buffer.alloc(5000, 32)]), { type: 'document' });
    expect(response.status).toBe(413);
    expect((await bodyOf<ErrorPayload>(response)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses bad fields, no file, and no token with coded errors', async () => {
    expect((await upload(alice, PNG, { type: 'weird' })).status).toBe(400);
    expect((await upload(alice, PNG, { type: 'picture', entityId: 'nope' })).status).toBe(400);
    const noFile = await fetch(`${server.url}/api/file`, {
      method: 'POST',
      headers: { token: alice.token },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/file?id=${alice.companyId}`);
    expect(anonymous.status).toBe(401);
    expect((await download(alice, { id: 'not-a-uuid' })).status).toBe(400);
  });

  it('deletes a file of its own company', async () => {
    const file = await bodyOf<FileDto>(await upload(alice, PNG, { type: 'picture' }));
    const removed = await fetch(`${server.url}/api/file/${file.id}`, {
      method: 'DELETE',
      headers: { token: alice.token },
    });
    expect(removed.status).toBe(200);
    expect((await download(alice, { id: file.id })).status).toBe(404);
  });

  it('stores each type only for whoever may change what it belongs to, and says which permission is missing', async () => {
    const admin = await server.signedInUser({ companyId: alice.companyId, role: 'admin' });
    const technician = await server.signedInUser({ companyId: alice.companyId, role: 'technician' });
    const refused = await upload(alice, PNG, { type: 'logo' });
    expect(refused.status).toBe(403);
    expect(await bodyOf<ErrorPayload>(refused)).toMatchObject({
      code: 'FORBIDDEN',
      details: { permissions: ['company.manage'] },
    });
    const logo = await upload(admin, PNG, { type: 'logo' });
    expect(logo.status).toBe(201);
    // Everyone reads the logo (it is on every PDF); only its editors remove it.
    const { id } = await bodyOf<FileDto>(logo);
    expect((await download(technician, { id })).status).toBe(200);
    const removal = await fetch(`${server.url}/api/file/${id}`, {
      method: 'DELETE',
      headers: { token: technician.token },
    });
    expect(removal.status).toBe(403);
    expect((await upload(technician, PNG, { type: 'picture' })).status).toBe(201);
    expect((await upload(technician, PNG, { type: 'avatar' })).status).toBe(201);
  });

  it("makes a person's picture of a phone's HEIC photo: a small WebP square", async () => {
    const heic = await readFile(path.join(import.meta.dirname, '../../test/fixtures/iphone-photo.heic'));
    const avatar = await upload(alice, heic, { type: 'avatar' }, { fileName: 'meg.heic' });
    expect(avatar.status).toBe(201);
    expect(await bodyOf<FileDto>(avatar)).toMatchObject({ mimeType: 'image/webp', originalName: 'meg.webp' });
  });

  it("keeps a person's picture theirs: another member may not remove it", async () => {
    const avatar = await bodyOf<FileDto>(await upload(alice, PNG, { type: 'avatar' }));
    const colleague = await server.signedInUser({ companyId: alice.companyId });
    const removal = await fetch(`${server.url}/api/file/${avatar.id}`, {
      method: 'DELETE',
      headers: { token: colleague.token },
    });
    expect(removal.status).toBe(403);
    expect((await download(alice, { id: avatar.id })).status).toBe(200);
  });
});
