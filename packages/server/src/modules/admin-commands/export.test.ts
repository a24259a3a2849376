import { readFile, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AdminCommand, AdminCommandRunDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { users } from '../auth/auth.tables';
import { signedUrlOf, uploadTestFile } from '../files/download-links.testing';
import { webhookSubscriptions } from '../webhooks/webhooks.tables';
import { exportPath } from './company-export';
import { exportCleanupJob } from './export-commands';

let server: TestServer;
let admin: SignedInUser;
let other: SignedInUser;
const FILE_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SEALED = 'SEALED-WEBHOOK-SECRET-7f3a';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  other = await server.signedInUser({ role: 'admin' });
  await seedCustomer(server.ctx.db, admin.companyId, { name: 'Eksport Kunde AS' });
  await seedCustomer(server.ctx.db, other.companyId, { name: 'Annet Firma Kunde AS' });
  // A project: what the database derives from it (project_counts) must come out the same on import.
  await admin.client.request('project:create', { name: 'Eksportert prosjekt' });
  await server.ctx.db.insert(webhookSubscriptions).values({
    companyId: admin.companyId,
    url: 'https://example.com/hook',
    events: [],
    secretSealed: SEALED,
    secretHint: 'x',
  });
  await uploadTestFile(server, admin, { type: 'document', bytes: FILE_BYTES, fileName: 'tegning.pdf' });
  await uploadTestFile(server, other, { type: 'document', bytes: FILE_BYTES, fileName: 'annen.pdf' });
  // Two API tokens (a unique secret column) and two people's calendar feeds (secret addresses): the
  // check import once tripped over both.
  for (const name of ['Power BI', 'Nettskjema']) {
    await admin.client.request('api-tokens:create', { name, scope: 'read' });
  }
  const colleague = await server.signedInUser({ role: 'leader', companyId: admin.companyId });
  for (const person of [admin, colleague]) {
    await person.client.request('subscriptions:feed-create', { layers: ['tasks'] });
  }
});
afterAll(async () => {
  await server?.close();
});

const runToEnd = async (user: SignedInUser, command: AdminCommand) => {
  const run = await user.client.request('admin-commands:run', { command });
  let finished: AdminCommandRunDto | undefined;
  await vi.waitFor(
    async () => {
      const page = await user.client.request('admin-commands:list-runs', { command });
      finished = page.items.find((item) => item.id === run.id);
      expect(['succeeded', 'failed']).toContain(finished?.status);
    },
    { timeout: 60_000, interval: 100 },
  );
  return finished as AdminCommandRunDto;
};

/** Every entry of a ZIP, whole (the test's ZIPs are small). */
const entriesOf = (zipPath: string) =>
  new Promise<Map<string, Buffer>>((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream: Readable | undefined) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });

const writeZip = async (zipPath: string, entries: Map<string, Buffer>) => {
  const zip = new ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(zipPath, Buffer.concat(chunks));
};

let exportRun: AdminCommandRunDto;

describe('export and check of the company data', { timeout: 90_000 }, () => {
  it('refuses the check clearly while there is no export', async () => {
    const error = await admin.client.requestError('admin-commands:run', { command: 'check-export' });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { command: 'adminCommands:error.noExport' } },
    });
  });

  it("exports the company's rows and files, no other company's rows and no secrets", async () => {
    exportRun = await runToEnd(admin, 'export-data');
    expect(exportRun).toMatchObject({ status: 'succeeded', resultKey: 'result.exported' });
    const entries = await entriesOf(exportPath(server.ctx, exportRun.id));
    const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}');
    expect(manifest.company).toMatchObject({ id: admin.companyId });
    expect(manifest.notExported.join(' ')).toMatch(/password/);
    const customers = JSON.parse(entries.get('tables/customers.json')?.toString() ?? '[]');
    expect(customers.map((row: { name: string }) => row.name)).toEqual(['Eksport Kunde AS']);
    expect(manifest.files).toHaveLength(1);
    expect(entries.get(manifest.files[0].path)).toEqual(FILE_BYTES);
    const [hash] = await server.ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, admin.userId));
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain(other.companyId);
    expect(everything).not.toContain('Annet Firma Kunde AS');
    expect(everything).not.toContain(SEALED);
    expect(everything).not.toContain(hash?.passwordHash);
    const tables = [...entries].filter(([name]) => name.startsWith('tables/'));
    for (const [, bytes] of tables) expect(bytes.toString()).not.toMatch(/"(password_hash|secret_sealed)":/);
    expect(entries.has('tables/users.json')).toBe(true);
    expect(entries.has('tables/sessions.json')).toBe(false);
    expect(entries.has('tables/projects.json')).toBe(true);
    expect(entries.has('tables/project_counts.json')).toBe(false);
    expect(entries.has('tables/project_delivery_counts.json')).toBe(false);
    expect(entries.has('tables/calendar_feeds.json')).toBe(false);
    expect(manifest.notExported.join(' ')).toMatch(/calendar feed/);
  });

  it('verifies a fresh export against an import into an empty database', async () => {
    const run = await runToEnd(admin, 'check-export');
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ status: 'succeeded', resultKey: 'result.exportVerified' });
    expect(run.resultParams).toMatchObject({ files: 1 });
    expect(Number(run.resultParams.rows)).toBeGreaterThan(3);
  });

  it('fails with the differences when the ZIP was tampered with', async () => {
    const zipPath = exportPath(server.ctx, exportRun.id);
    const original = await readFile(zipPath);
    const entries = await entriesOf(zipPath);
    entries.set('tables/customers.json', Buffer.from('[]'));
    const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}');
    const filePath = manifest.files[0].path as string;
    entries.set(filePath, Buffer.from('changed'));
    await writeZip(zipPath, entries);
    const run = await runToEnd(admin, 'check-export');
    expect(run.status).toBe('failed');
    expect(run.error).toContain('customers: 0 rows imported, the manifest says 1');
    expect(run.error).toContain(`${filePath}: the checksum differs`);
    await writeFile(zipPath, original);
  });

  it('lets only an administrator of the company download the export', async () => {
    const url = `${server.url}/api/admin-commands/runs/${exportRun.id}/export`;
    const response = await fetch(url, { headers: { token: admin.token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/karm-export-.*-\d\d\.\d\d\.\d{4}\.zip/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const signed = await signedUrlOf(server, admin, { kind: 'admin-export', id: exportRun.id });
    const viaLink = await fetch(signed);
    expect(viaLink.status).toBe(200);
    await viaLink.arrayBuffer();
    const foreign = await fetch(url, { headers: { token: other.token } });
    expect(foreign.status).toBe(404);
    await foreign.arrayBuffer();
    const office = await server.signedInUser({ role: 'office', companyId: admin.companyId });
    const refused = await fetch(url, { headers: { token: office.token } });
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
  });

  it('replaces an earlier export by a newer one', async () => {
    const newer = await runToEnd(admin, 'export-data');
    expect(newer.status).toBe('succeeded');
    await expect(readFile(exportPath(server.ctx, exportRun.id))).rejects.toThrow();
    await readFile(exportPath(server.ctx, newer.id));
    // The nightly job keeps an export of today and removes it once it is older than a day.
    const run = { id: 'job', attempt: 1, isLastAttempt: true };
    await exportCleanupJob.handler(server.ctx, {}, run);
    await readFile(exportPath(server.ctx, newer.id));
    server.clock.advance(25 * 60 * 60 * 1000);
    await exportCleanupJob.handler(server.ctx, {}, run);
    await expect(readFile(exportPath(server.ctx, newer.id))).rejects.toThrow();
    // The session of before expired with the day: a colleague signs in.
    const colleague = await server.signedInUser({ role: 'admin', companyId: admin.companyId });
    const error = await colleague.client.requestError('admin-commands:run', { command: 'check-export' });
    expect(error.code).toBe('VALIDATION');
  });
});
