import type { ErrorPayload, FileDto, OfferDto } from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_SECONDS } from '../../platform/http/download-links';
import { seedCustomer } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { memberships, users } from '../auth/auth.tables';
import { requestDownloadLink, signedUrlOf, uploadTestFile } from './download-links.testing';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
let aliceFile: FileDto;
let malloryFile: FileDto;
let offerId: string;
let projectId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const uploadPdf = (user: SignedInUser) =>
  uploadTestFile(server, user, { type: 'document', bytes: PDF, fileName: 'tegning.pdf' });

/** A URL with some of its query parameters changed (or removed, for `null`). */
const withQuery = (url: URL, changes: Record<string, string | null>) => {
  const changed = new URL(url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) changed.searchParams.delete(name);
    else changed.searchParams.set(name, value);
  }
  return changed;
};

const statusOf = async (url: URL | string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.status;
};

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signedInUser();
  mallory = await server.signedInUser();
  [aliceFile, malloryFile] = await Promise.all([uploadPdf(alice), uploadPdf(mallory)]);
  const customer = await seedCustomer(server.ctx.db, alice.companyId, { name: 'Lenke AS' });
  const offer = await fetch(`${server.url}/api/offers`, {
    method: 'POST',
    headers: { token: alice.token, 'content-type': 'application/json' },
    body: JSON.stringify({ projectName: 'Lenkebygget', customerId: customer.id }),
  });
  expect(offer.status).toBe(200);
  offerId = (await bodyOf<OfferDto>(offer)).id;
  projectId = (await alice.client.request('project:create', { name: 'Lenkeprosjektet' } as never)).id;
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/download-links', () => {
  it('answers a same-origin link without the session token, ending in five minutes', async () => {
    const { status, body } = await requestDownloadLink(server, alice, { kind: 'file', id: aliceFile.id });
    expect(status).toBe(200);
    expect(body.url).toMatch(/^\/api\/file\?/);
    expect(body.url).not.toContain(alice.token);
    const url = new URL(body.url, server.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      id: aliceFile.id,
      companyId: alice.companyId,
      userId: alice.userId,
      sig: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const exp = Number(url.searchParams.get('exp'));
    expect(exp * 1000 - server.clock.now().getTime()).toBeGreaterThan((DOWNLOAD_LINK_SECONDS - 2) * 1000);
    expect(new Date(body.expiresAt).getTime()).toBe(exp * 1000);
  });

  it("makes no link to another company's file, offer or project: not found", async () => {
    expect((await requestDownloadLink(server, mallory, { kind: 'file', id: aliceFile.id })).status).toBe(404);
    expect((await requestDownloadLink(server, mallory, { kind: 'offer-pdf', id: offerId })).status).toBe(404);
    expect(
      (await requestDownloadLink(server, mallory, { kind: 'work-order-pdf', id: projectId })).status,
    ).toBe(404);
  });

  it('makes no link to a file under the wrong record or type', async () => {
    const wrongRecord = { kind: 'file', id: aliceFile.id, entityId: offerId } as const;
    expect((await requestDownloadLink(server, alice, wrongRecord)).status).toBe(404);
    const wrongType = { kind: 'file', id: aliceFile.id, type: 'logo' } as const;
    expect((await requestDownloadLink(server, alice, wrongType)).status).toBe(404);
  });

  it('needs a session and a well-formed request', async () => {
    const anonymous = await fetch(`${server.url}/api/download-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'file', id: aliceFile.id }),
    });
    expect(anonymous.status).toBe(401);
    await anonymous.text();
    const unknownKind = await requestDownloadLink(server, alice, { kind: 'zip', id: aliceFile.id } as never);
    expect(unknownKind.status).toBe(400);
  });
});

describe('a signed link', () => {
  it('opens its file without a token', async () => {
    const response = await fetch(await signedUrlOf(server, alice, { kind: 'file', id: aliceFile.id }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
  });

  it("opens the offer's and the work order's PDF without a token", async () => {
    const offerPdf = await fetch(
      await signedUrlOf(server, alice, { kind: 'offer-pdf', id: offerId, locale: 'nb', download: true }),
    );
    expect(offerPdf.status).toBe(200);
    expect(offerPdf.headers.get('content-disposition')).toMatch(/^attachment; filename="tilbud-/);
    expect(
      Buffer.from(await offerPdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const workOrder = await fetch(
      await signedUrlOf(server, alice, { kind: 'work-order-pdf', id: projectId }),
    );
    expect(workOrder.status).toBe(200);
    expect(
      Buffer.from(await workOrder.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses a tampered signature, another user, another resource or another kind: 403', async () => {
    const url = await signedUrlOf(server, alice, { kind: 'file', id: aliceFile.id });
    const sig = url.searchParams.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(await statusOf(withQuery(url, { sig: flipped }))).toBe(403);
    // The last character's two spare bits: another spelling of the same bytes is refused too.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = ALPHABET.indexOf(sig.at(-1) ?? 'A');
    const respelled = `${sig.slice(0, -1)}${ALPHABET[last ^ 1]}`;
    expect(await statusOf(withQuery(url, { sig: respelled }))).toBe(403);
    expect(await statusOf(withQuery(url, { userId: mallory.userId }))).toBe(403);
    expect(await statusOf(withQuery(url, { exp: String(Number(url.searchParams.get('exp')) + 3600) }))).toBe(
      403,
    );
    const otherFile = await uploadPdf(alice);
    expect(await statusOf(withQuery(url, { id: otherFile.id }))).toBe(403);
    // The same signature on another kind's route, for the same id.
    const onOfferRoute = new URL(`/api/offers/${aliceFile.id}/pdf${url.search}`, server.url);
    expect(await statusOf(onOfferRoute)).toBe(403);
  });

  it("refuses another company: its own link to Alice's file, or Alice's link claimed for it", async () => {
    const own = await signedUrlOf(server, mallory, { kind: 'file', id: malloryFile.id });
    expect(await statusOf(withQuery(own, { id: aliceFile.id }))).toBe(403);
    const alices = await signedUrlOf(server, alice, { kind: 'file', id: aliceFile.id });
    expect(await statusOf(withQuery(alices, { companyId: mallory.companyId, userId: mallory.userId }))).toBe(
      403,
    );
  });

  it('stops working when it expires, and when it is incomplete: 401', async () => {
    const url = await signedUrlOf(server, alice, { kind: 'file', id: aliceFile.id });
    expect(await statusOf(withQuery(url, { exp: null }))).toBe(401);
    expect(await statusOf(withQuery(url, { userId: null }))).toBe(401);
    server.clock.advance(DOWNLOAD_LINK_SECONDS * 1000 - 1000);
    expect(await statusOf(url)).toBe(200);
    server.clock.advance(1000);
    const expired = await fetch(url);
    expect(expired.status).toBe(401);
    expect(await bodyOf<ErrorPayload>(expired)).toMatchObject({ code: 'NOT_AUTHORIZED' });
  });

  it('is refused malformed, before anything else is read (the link stands in for the session)', async () => {
    const url = await signedUrlOf(server, alice, { kind: 'file', id: aliceFile.id });
    expect(await statusOf(withQuery(url, { sig: 'short' }))).toBe(401);
  });
});

describe('the session token', () => {
  it('still opens downloads from the token header', async () => {
    const headers = { token: alice.token };
    expect(await statusOf(`${server.url}/api/file?id=${aliceFile.id}`, headers)).toBe(200);
    expect(await statusOf(`${server.url}/api/offers/${offerId}/pdf`, headers)).toBe(200);
    expect(await statusOf(`${server.url}/api/project/${projectId}/work-order.pdf`, headers)).toBe(200);
  });

  it('no longer works in the query string', async () => {
    const token = encodeURIComponent(alice.token);
    expect(await statusOf(`${server.url}/api/file?id=${aliceFile.id}&token=${token}`)).toBe(401);
    expect(await statusOf(`${server.url}/api/offers/${offerId}/pdf?token=${token}`)).toBe(401);
    expect(await statusOf(`${server.url}/api/project/${projectId}/work-order.pdf?token=${token}`)).toBe(401);
    expect(await statusOf(`${server.url}/api/offers?token=${token}`)).toBe(401);
  });
});

describe('the member behind a link', () => {
  it('must still be allowed when it is opened: a deactivated user, or a role that lost the permission, is refused', async () => {
    const bob = await server.signedInUser({ companyId: alice.companyId, role: 'office' });
    const offerLink = await signedUrlOf(server, bob, { kind: 'offer-pdf', id: offerId });
    const fileLink = await signedUrlOf(server, bob, { kind: 'file', id: aliceFile.id });
    expect(await statusOf(offerLink)).toBe(200);
    await server.ctx.db
      .update(memberships)
      .set({ role: 'technician' })
      .where(and(eq(memberships.userId, bob.userId), eq(memberships.companyId, bob.companyId)));
    expect(await statusOf(offerLink)).toBe(403);
    expect(await statusOf(fileLink)).toBe(200);
    await server.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, bob.userId));
    expect(await statusOf(fileLink)).toBe(401);
  });

  it('is refused to a technician before it is made, for an offer they may not read', async () => {
    const technician = await server.signedInUser({ companyId: alice.companyId, role: 'technician' });
    const { status } = await requestDownloadLink(server, technician, { kind: 'offer-pdf', id: offerId });
    expect(status).toBe(403);
  });
});
