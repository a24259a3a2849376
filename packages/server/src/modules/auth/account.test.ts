import type { FileDto, UserDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/tokens';
import { DEFAULT_TEST_PASSWORD, seedUser } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { files } from '../files/files.tables';
import { sessions, users } from './auth.tables';

let server: TestServer;
/** Alice and her colleague share a company; the outsider is in another. Signing in costs a scrypt hash, so tests share them. */
let alice: SignedInUser;
let colleague: SignedInUser;
let outsider: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signedInUser();
  colleague = await server.signedInUser({ companyId: alice.companyId });
  outsider = await server.signedInUser();
});
afterAll(async () => {
  await server?.close();
});

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0';

const userRow = async (userId: string) => {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no such user');
  return row;
};

const accountOf = (user: UserDto) => ({
  version: user.version,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? '',
  phone: user.phone ?? '',
});

const me = (signedIn: SignedInUser) => signedIn.client.request('user:check-logged-in', signedIn.token);

/** Another sign-in of the same user, as from a second browser. */
const signInAgain = async (signedIn: SignedInUser, userAgent?: string) => {
  const client = await server.connect(undefined, { userAgent });
  const { accessToken } = await client.request('authenticate', {
    username: signedIn.username,
    password: DEFAULT_TEST_PASSWORD,
  });
  return { client, token: accessToken };
};

describe('user:update-account', () => {
  it("saves the person's name, e-mail and phone, raises the version and tells their other tabs", async () => {
    const { user } = await me(alice);
    const otherTab = await server.connect(alice.token);
    // Answered only once the socket is in the user's rooms, so the push cannot come before it is.
    await otherTab.request('user:check-logged-in', alice.token);
    const pushed = otherTab.nextPush('user:updated');
    const saved = await alice.client.request('user:update-account', {
      ...accountOf(user),
      firstName: '  Åse ',
      lastName: 'Ødegård',
      email: `ase-${alice.userId}@example.test`,
      phone: '+47 912 34 567',
    });
    expect(saved).toMatchObject({
      firstName: 'Åse',
      lastName: 'Ødegård',
      fullName: 'Åse Ødegård',
      phone: '+47 912 34 567',
      version: user.version + 1,
    });
    await expect(pushed).resolves.toMatchObject({ id: alice.userId, firstName: 'Åse' });
    otherTab.close();
    // Clearing e-mail and phone stores nothing rather than empty text.
    const cleared = await alice.client.request('user:update-account', {
      ...accountOf(saved),
      email: '',
      phone: '',
    });
    expect(cleared).toMatchObject({ email: null, phone: null });
  });

  it('refuses an e-mail another user has, in any case, and changes nothing', async () => {
    const { user } = await me(alice);
    const otherEmail = (await userRow(outsider.userId)).email ?? '';
    const error = await alice.client.requestError('user:update-account', {
      ...accountOf(user),
      firstName: 'Changed',
      email: otherEmail.toUpperCase(),
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      messageKey: 'validation.emailTaken',
      details: { fields: { email: 'validation.emailTaken' } },
    });
    expect(await userRow(alice.userId)).toMatchObject({ firstName: user.firstName, version: user.version });
  });

  it('keeps its own e-mail when it is saved again in another case', async () => {
    const { user } = await me(colleague);
    const saved = await colleague.client.request('user:update-account', {
      ...accountOf(user),
      email: (user.email ?? '').toUpperCase(),
    });
    expect(saved.email).toBe((user.email ?? '').toUpperCase());
  });

  it('refuses a save at a stale version with CONFLICT and keeps the newer data', async () => {
    const { user } = await me(alice);
    await alice.client.request('user:update-account', { ...accountOf(user), firstName: 'First' });
    const error = await alice.client.requestError('user:update-account', {
      ...accountOf(user),
      firstName: 'Second',
    });
    expect(error.code).toBe('CONFLICT');
    expect((await userRow(alice.userId)).firstName).toBe('First');
  });

  it('a profile setting does not make the account form stale', async () => {
    const { user } = await me(alice);
    await alice.client.request('user:update-profile', { theme: 'dark' });
    await expect(
      alice.client.request('user:update-account', { ...accountOf(user), lastName: 'Dark' }),
    ).resolves.toMatchObject({ lastName: 'Dark' });
  });

  it('refuses empty, too long, malformed and NUL-carrying input and changes nothing', async () => {
    const { user } = await me(alice);
    const account = accountOf(user);
    for (const [input, field] of [
      [{ ...account, firstName: '   ' }, 'firstName'],
      [{ ...account, lastName: 'x'.repeat(101) }, 'lastName'],
      [{ ...account, phone: '1'.repeat(41) }, 'phone'],
      [{ ...account, email: 'not an address' }, 'email'],
      [{ ...account, email: `${'a'.repeat(200)}@example.test` }, 'email'],
      [{ ...account, version: 'one' }, 'version'],
    ] as const) {
      const error = await alice.client.requestError('user:update-account', input as never);
      expect(error.code, field).toBe('VALIDATION');
      expect(Object.keys((error.details as { fields: object }).fields), field).toContain(field);
    }
    const nul = await alice.client.requestError('user:update-account', { ...account, firstName: 'A\u0000' });
    expect(nul.code).toBe('VALIDATION');
    expect(await userRow(alice.userId)).toMatchObject({ firstName: user.firstName, version: user.version });
  });
});

/** A 40×20 JPEG, red on the left and blue on the right, stored sideways (EXIF orientation 6). */
const sidewaysPhoto = () => {
  const width = 40;
  const height = 20;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      pixels.set(x < width / 2 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
};

const uploadAvatar = async (user: SignedInUser, content: Buffer, fileName = 'me.jpg') => {
  const form = new FormData();
  form.append('type', 'avatar');
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  return fetch(`${server.url}/api/file?companyId=${user.companyId}`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
};

const downloadFile = async (user: SignedInUser, id: string) => {
  const response = await fetch(`${server.url}/api/file?id=${id}`, { headers: { token: user.token } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const fileExists = async (id: string) =>
  (await server.ctx.db.select().from(files).where(eq(files.id, id))).length > 0;

describe('profile picture', () => {
  it('is stored as an upright 256-pixel square without metadata, and becomes the profile picture', async () => {
    const response = await uploadAvatar(alice, await sidewaysPhoto());
    expect(response.status).toBe(201);
    const file = await bodyOf<FileDto>(response);
    expect(file).toMatchObject({ type: 'avatar', mimeType: 'image/webp', originalName: 'me.webp' });

    const stored = await downloadFile(alice, file.id);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    // Turned upright, the red half is on top and the blue half below (sideways, both would be red here).
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    const [topRed = 0, , topBlue = 0] = pixel(64, 10);
    const [bottomRed = 0, , bottomBlue = 0] = pixel(64, 245);
    expect(topRed).toBeGreaterThan(topBlue);
    expect(bottomBlue).toBeGreaterThan(bottomRed);

    const updated = await alice.client.request('user:update-profile', { avatarImage: file.id });
    expect(updated.profile.avatarImage).toBe(file.id);
  });

  it('refuses a file that is not a picture, and one that only claims to be', async () => {
    const text = await uploadAvatar(alice, Buffer.from('just some text'), 'me.png');
    expect(text.status).toBe(415);
    // A PNG signature on bytes that are no picture: sniffed as PNG, but sharp cannot read it.
    const broken = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(64, 7),
    ]);
    const response = await uploadAvatar(alice, broken, 'broken.png');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      messageKey: 'validation.imageUnreadable',
    });
  });

  it("refuses another person's picture, another company's and a file that is no avatar", async () => {
    const before = (await userRow(alice.userId)).profile.avatarImage;
    const photo = await sidewaysPhoto();
    const colleagues = await bodyOf<FileDto>(await uploadAvatar(colleague, photo));
    const outsiders = await bodyOf<FileDto>(await uploadAvatar(outsider, photo));
    const form = new FormData();
    form.append('type', 'document');
    form.append('file', new Blob([new Uint8Array(photo)]), 'photo.jpg');
    const document = await bodyOf<FileDto>(
      await fetch(`${server.url}/api/file`, { method: 'POST', headers: { token: alice.token }, body: form }),
    );
    for (const fileId of [colleagues.id, outsiders.id, document.id, '00000000-0000-7000-8000-000000000000']) {
      const error = await alice.client.requestError('user:update-profile', { avatarImage: fileId });
      expect(error).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { avatarImage: 'validation.referenceUnknown' } },
      });
    }
    expect((await userRow(alice.userId)).profile.avatarImage).toBe(before);
  });

  it('deletes the previous picture when it is replaced or removed', async () => {
    const photo = await sidewaysPhoto();
    const first = await bodyOf<FileDto>(await uploadAvatar(alice, photo));
    const second = await bodyOf<FileDto>(await uploadAvatar(alice, photo));
    await alice.client.request('user:update-profile', { avatarImage: first.id });
    await alice.client.request('user:update-profile', { avatarImage: second.id });
    expect(await fileExists(first.id)).toBe(false);
    expect(await fileExists(second.id)).toBe(true);
    const removed = await alice.client.request('user:update-profile', { avatarImage: null });
    expect(removed.profile.avatarImage).toBeNull();
    expect(await fileExists(second.id)).toBe(false);
  });
});

describe('profile settings', () => {
  it('reads an old single work group as a list, and drops the old field at the next save', async () => {
    const user = await seedUser(server.ctx.db, {
      companyIds: [alice.companyId],
      profile: { plannerWorkGroup: 'montasje' } as never,
    });
    const client = await server.connect();
    const login = await client.request('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(login.user.profile).toEqual({ plannerWorkGroups: ['montasje'] });
    const saved = await client.request('user:update-profile', { plannerWorkGroups: ['montasje', 'service'] });
    expect(saved.profile).toEqual({ plannerWorkGroups: ['montasje', 'service'] });
    expect((await userRow(user.id)).profile).toEqual({ plannerWorkGroups: ['montasje', 'service'] });
  });

  it('accepts only the offered page sizes and the planner work groups, each once', async () => {
    await expect(colleague.client.request('user:update-profile', { pageSize: 50 })).resolves.toMatchObject({
      profile: { pageSize: 50 },
    });
    for (const input of [
      { pageSize: 37 },
      { plannerWorkGroups: ['lager'] },
      { plannerWorkGroups: ['service', 'service'] },
    ]) {
      expect((await colleague.client.requestError('user:update-profile', input as never)).code).toBe(
        'VALIDATION',
      );
    }
    expect((await userRow(colleague.userId)).profile).toEqual({ pageSize: 50 });
  });
});

describe('active sessions', () => {
  /** A user of alice's company whose sessions these tests count; each test goes on from the last. */
  let traveller: SignedInUser;
  let currentId = '';
  beforeAll(async () => {
    traveller = await server.signedInUser({ companyId: alice.companyId });
  });

  it("lists the user's own live sessions with browser, address and which one is asking", async () => {
    const chrome = await signInAgain(traveller, CHROME_ON_WINDOWS);
    const ended = await signInAgain(traveller);
    await ended.client.request('user:logout');

    const listed = await chrome.client.request('user:sessions');
    expect(listed).toHaveLength(2);
    expect(listed[0]?.isCurrent).toBe(true);
    const asking = listed.find((session) => session.isCurrent);
    expect(asking).toMatchObject({ browser: 'Chrome 140', os: 'Windows 10', address: expect.any(String) });
    expect(new Date(asking?.createdAt ?? '').getTime()).not.toBeNaN();
    expect(listed.map((session) => session.companyName)).toEqual([expect.any(String), expect.any(String)]);
    const colleagues = await colleague.client.request('user:sessions');
    expect(colleagues.map((session) => session.id)).not.toContain(asking?.id);

    currentId =
      (await traveller.client.request('user:sessions')).find((session) => session.isCurrent)?.id ?? '';
    // Signs the Chrome session out from the first one: its tabs are told at once, its token stops working.
    const signedOut = chrome.client.nextPush('not-authorized');
    const listChanged = traveller.client.nextPush('user:sessions-changed');
    await expect(
      traveller.client.request('user:revoke-session', { sessionId: asking?.id ?? '' }),
    ).resolves.toEqual({
      ok: true,
    });
    await signedOut;
    await listChanged;
    expect((await chrome.client.requestError('company:get-info')).code).toBe('NOT_AUTHORIZED');
    expect(await traveller.client.request('user:sessions')).toEqual([
      expect.objectContaining({ id: currentId, isCurrent: true }),
    ]);
    // A second click on the same row finds nothing to sign out.
    const again = await traveller.client.requestError('user:revoke-session', { sessionId: asking?.id ?? '' });
    expect(again.code).toBe('NOT_FOUND');
  });

  it("refuses another user's session as not found and leaves it working", async () => {
    const [theirs] = await colleague.client.request('user:sessions');
    const error = await traveller.client.requestError('user:revoke-session', { sessionId: theirs?.id ?? '' });
    expect(error.code).toBe('NOT_FOUND');
    await expect(colleague.client.request('company:get-info')).resolves.toMatchObject({
      id: alice.companyId,
    });
    for (const input of [{ sessionId: 'not-a-uuid' }, {}, { sessionId: 'a\u0000' }]) {
      expect((await traveller.client.requestError('user:revoke-session', input as never)).code).toBe(
        'VALIDATION',
      );
    }
  });

  it('signs out all other sessions, pushing not-authorized to each, and keeps the one asking', async () => {
    const others = [await signInAgain(traveller, FIREFOX_ON_LINUX), await signInAgain(traveller)];
    const listed = await others[0]?.client.request('user:sessions');
    expect(listed?.find((session) => session.isCurrent)).toMatchObject({
      browser: 'Firefox 143',
      os: 'Linux',
    });
    const signedOut = others.map((other) => other.client.nextPush('not-authorized'));
    await expect(traveller.client.request('user:revoke-other-sessions')).resolves.toEqual({ count: 2 });
    await Promise.all(signedOut);
    for (const other of others) {
      expect((await other.client.requestError('company:get-info')).code).toBe('NOT_AUTHORIZED');
    }
    expect(await traveller.client.request('user:sessions')).toEqual([
      expect.objectContaining({ id: currentId, isCurrent: true }),
    ]);
    await expect(colleague.client.request('company:get-info')).resolves.toBeDefined();
  });

  it('leaves out a session gone idle', async () => {
    const later = await signInAgain(traveller);
    // The first session has not been used for longer than SESSION_IDLE_HOURS.
    const idleHours = server.ctx.config.sessionIdleHours + 1;
    await server.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(server.clock.now().getTime() - idleHours * 3_600_000) })
      .where(eq(sessions.tokenHash, hashToken(traveller.token)));
    expect(await later.client.request('user:sessions')).toEqual([
      expect.objectContaining({ isCurrent: true }),
    ]);
  });
});
