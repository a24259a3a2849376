import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/tokens';
import { DEFAULT_TEST_PASSWORD, seedCompany, seedUser } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { sessions, users } from './auth.tables';
import { WRONG_CREDENTIALS_MESSAGE } from './login.service';
import { MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS } from './login-throttle';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const newUser = async (options: { companyIds?: string[]; email?: string | null } = {}) => {
  const companyIds = options.companyIds ?? [(await seedCompany(server.ctx.db)).id];
  const user = await seedUser(server.ctx.db, { companyIds, email: options.email });
  return { ...user, companyIds };
};

describe('authenticate', () => {
  it('answers an access token and the user for good credentials', async () => {
    const user = await newUser();
    const client = await server.connect();
    const result = await client.request('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(result.accessToken).toMatch(/^[\w-]{43}$/);
    expect(result.user).toMatchObject({ id: user.id, username: user.username, role: 'office' });
    expect(result.user).not.toHaveProperty('passwordHash');
    expect(result.companyId).toBe(user.companyIds[0]);
  });

  it('accepts the e-mail address in any case instead of the username', async () => {
    const user = await newUser();
    const client = await server.connect();
    const result = await client.request('authenticate', {
      username: user.email!.toUpperCase(),
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(result.user.id).toBe(user.id);
  });

  it('stores only a hash of the token', async () => {
    const user = await newUser();
    const client = await server.connect();
    const { accessToken } = await client.request('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    const rows = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(accessToken));
    expect(JSON.stringify(rows)).not.toContain(accessToken);
  });

  it.each([
    ['a wrong password', (username: string) => ({ username, password: 'wrong password' })],
    ['an unknown user', () => ({ username: 'nobody-at-all', password: DEFAULT_TEST_PASSWORD })],
  ])('refuses %s with the spec message and creates no session', async (_case, credentials) => {
    const user = await newUser();
    const client = await server.connect();
    const error = await client.requestError('authenticate', credentials(user.username));
    expect(error).toEqual({ code: 'INVALID_CREDENTIALS', message: WRONG_CREDENTIALS_MESSAGE });
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('refuses empty, too long and wrongly typed input with VALIDATION', async () => {
    const client = await server.connect();
    for (const input of [
      { username: '', password: '' },
      { username: 'x'.repeat(201), password: 'y' },
      { username: 42, password: true },
      'not an object',
      { username: 'a', password: 'b', companyId: 'not-a-uuid' },
    ]) {
      const error = await client.requestError('authenticate', input as never);
      expect(error.code).toBe('VALIDATION');
    }
  });

  it('asks a user of several companies to choose, then signs in to the chosen one', async () => {
    const first = await seedCompany(server.ctx.db, { name: 'Alpha Dør AS' });
    const second = await seedCompany(server.ctx.db, { name: 'Beta Vindu AS' });
    const user = await newUser({ companyIds: [first.id, second.id] });
    const client = await server.connect();
    const error = await client.requestError('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(error.code).toBe('COMPANY_REQUIRED');
    expect(error.details).toEqual({
      companies: [
        { id: first.id, name: 'Alpha Dør AS', nr: first.nr },
        { id: second.id, name: 'Beta Vindu AS', nr: second.nr },
      ],
    });
    const result = await client.request('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
      companyId: second.id,
    });
    expect(result.companyId).toBe(second.id);
  });

  it('does not reveal the companies before the password is right', async () => {
    const first = await seedCompany(server.ctx.db);
    const second = await seedCompany(server.ctx.db);
    const user = await newUser({ companyIds: [first.id, second.id] });
    const client = await server.connect();
    const error = await client.requestError('authenticate', { username: user.username, password: 'wrong' });
    expect(error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a company the user does not belong to', async () => {
    const user = await newUser();
    const other = await seedCompany(server.ctx.db);
    const client = await server.connect();
    const error = await client.requestError('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
      companyId: other.id,
    });
    expect(error.code).toBe('COMPANY_REQUIRED');
    expect((error.details as { companies: { id: string }[] }).companies.map((company) => company.id)).toEqual(
      user.companyIds,
    );
  });
});

describe('sign-in throttling', () => {
  it('limits failures per account and address, but not the right user elsewhere, and lifts after the window', async () => {
    const user = await newUser();
    const client = await server.connect();
    for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; attempt++) {
      expect(
        (await client.requestError('authenticate', { username: user.username, password: 'bad' })).code,
      ).toBe('INVALID_CREDENTIALS');
    }
    const limited = await client.requestError('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.details).toMatchObject({ retryAfterSeconds: expect.any(Number) });

    // Another account from the same address is not affected.
    const colleague = await newUser();
    await expect(
      client.request('authenticate', { username: colleague.username, password: DEFAULT_TEST_PASSWORD }),
    ).resolves.toMatchObject({ user: { id: colleague.id } });

    server.clock.advance(16 * 60_000);
    await expect(
      client.request('authenticate', { username: user.username, password: DEFAULT_TEST_PASSWORD }),
    ).resolves.toMatchObject({ user: { id: user.id } });
  });
});

describe('sessions', () => {
  it('user:check-logged-in answers the user, company and status for a live token', async () => {
    const signedIn = await server.signedInUser();
    const fresh = await server.connect();
    const result = await fresh.request('user:check-logged-in', signedIn.token);
    expect(result).toMatchObject({
      user: { id: signedIn.userId },
      companyId: signedIn.companyId,
      status: 'logged-in',
    });
  });

  it('user:check-logged-in answers "not logged in" for an unknown token', async () => {
    const client = await server.connect();
    expect(await client.requestError('user:check-logged-in', 'made-up-token')).toEqual({
      code: 'NOT_AUTHORIZED',
      message: 'not logged in',
    });
  });

  it('refuses protected events without a token and pushes not-authorized', async () => {
    const client = await server.connect();
    const push = client.nextPush('not-authorized');
    expect((await client.requestError('company:get-info')).code).toBe('NOT_AUTHORIZED');
    await push;
  });

  it('a handshake token signs the socket in', async () => {
    const signedIn = await server.signedInUser();
    const client = await server.connect(signedIn.token);
    await expect(client.request('company:get-info')).resolves.toMatchObject({ id: signedIn.companyId });
  });

  it('logout revokes the session: every tab on it is told and its token stops working', async () => {
    const signedIn = await server.signedInUser();
    const otherTab = await server.connect(signedIn.token);
    const pushed = otherTab.nextPush('not-authorized');
    await signedIn.client.request('user:logout');
    await pushed;
    expect((await otherTab.requestError('company:get-info')).code).toBe('NOT_AUTHORIZED');
    expect((await (await server.connect()).requestError('user:check-logged-in', signedIn.token)).code).toBe(
      'NOT_AUTHORIZED',
    );
  });

  it('an expired token is refused', async () => {
    const signedIn = await server.signedInUser();
    server.clock.advance((server.ctx.config.sessionTtlHours + 1) * 3_600_000);
    try {
      expect((await signedIn.client.requestError('company:get-info')).code).toBe('NOT_AUTHORIZED');
    } finally {
      server.clock.set(new Date());
    }
  });

  it('REST refuses a missing or revoked token with 401 NOT_AUTHORIZED', async () => {
    const signedIn = await server.signedInUser();
    const body = JSON.stringify({ action: 'test', message: 'hello' });
    const post = (token?: string) =>
      fetch(`${server.url}/api/log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body,
      });
    expect((await post()).status).toBe(401);
    expect((await post(signedIn.token)).status).toBe(201);
    await signedIn.client.request('user:logout');
    const refused = await post(signedIn.token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 'NOT_AUTHORIZED', message: 'Not authorized' });
  });
});

describe('passwords', () => {
  it('changes the password given the current one; old password and other sessions stop working', async () => {
    const signedIn = await server.signedInUser();
    const client = await server.connect();
    const pushed = signedIn.client.nextPush('not-authorized');
    await client.request('user:change-password', {
      username: signedIn.username,
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    await pushed;
    expect(
      (
        await client.requestError('authenticate', {
          username: signedIn.username,
          password: DEFAULT_TEST_PASSWORD,
        })
      ).code,
    ).toBe('INVALID_CREDENTIALS');
    await expect(
      client.request('authenticate', { username: signedIn.username, password: 'a brand new secret' }),
    ).resolves.toMatchObject({ user: { id: signedIn.userId } });
  });

  it("from a signed-in tab keeps that tab signed in and ends the user's other sessions", async () => {
    const signedIn = await server.signedInUser();
    const otherDevice = await server.connect();
    const { accessToken: otherToken } = await otherDevice.request('authenticate', {
      username: signedIn.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    await signedIn.client.request('user:change-password', {
      username: signedIn.username,
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: 'profile page password',
      confirmPassword: 'profile page password',
    });
    await expect(signedIn.client.request('company:get-info')).resolves.toMatchObject({
      id: signedIn.companyId,
    });
    expect((await (await server.connect()).requestError('user:check-logged-in', otherToken)).code).toBe(
      'NOT_AUTHORIZED',
    );
  });

  it('refuses mismatched confirmation with "Passwords don\'t match." and changes nothing', async () => {
    const user = await newUser();
    const client = await server.connect();
    const error = await client.requestError('user:change-password', {
      username: user.username,
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: 'first version 1',
      confirmPassword: 'second version 2',
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { confirmPassword: 'validation.passwordsDontMatch' } },
    });
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });

  it('refuses a wrong current password', async () => {
    const user = await newUser();
    const client = await server.connect();
    const error = await client.requestError('user:change-password', {
      username: user.username,
      currentPassword: 'not it',
      newPassword: 'new password 1',
      confirmPassword: 'new password 1',
    });
    expect(error.code).toBe('INVALID_CREDENTIALS');
  });

  it('forgot password mails a single-use link valid for an hour; the answer never reveals the account', async () => {
    const user = await newUser();
    const client = await server.connect();
    expect(await client.request('user:forgot-password', { usernameOrEmail: 'nobody@example.test' })).toEqual({
      ok: true,
    });
    expect(await client.request('user:forgot-password', { usernameOrEmail: user.email! })).toEqual({
      ok: true,
    });

    const mail = await waitForMail(server, user.email!);
    const token = /reset=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    const reset = { token: token!, newPassword: 'reset password 1', confirmPassword: 'reset password 1' };
    await client.request('user:reset-password', reset);
    await expect(
      client.request('authenticate', { username: user.username, password: 'reset password 1' }),
    ).resolves.toMatchObject({ user: { id: user.id } });
    expect((await client.requestError('user:reset-password', reset)).code).toBe('VALIDATION');
  });

  it('a reset link expires after an hour', async () => {
    const user = await newUser();
    const client = await server.connect();
    await client.request('user:forgot-password', { usernameOrEmail: user.username });
    const token = /reset=([\w-]+)/.exec((await waitForMail(server, user.email!)).text)?.[1];
    server.clock.advance(61 * 60_000);
    try {
      const error = await client.requestError('user:reset-password', {
        token: token!,
        newPassword: 'too late password',
        confirmPassword: 'too late password',
      });
      expect(error).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { token: 'validation.resetLinkInvalid' } },
      });
    } finally {
      server.clock.set(new Date());
    }
  });
});

describe('profile', () => {
  it("merges profile changes and tells the user's other tabs", async () => {
    const signedIn = await server.signedInUser();
    const otherTab = await server.connect(signedIn.token);
    // Answered only once the socket is in the user's rooms, so the push cannot come before it is.
    await otherTab.request('user:check-logged-in', signedIn.token);
    const pushed = otherTab.nextPush('user:updated');
    await signedIn.client.request('user:update-profile', { locale: 'nb', drawer: { collapsed: true } });
    const updated = await signedIn.client.request('user:update-profile', { theme: 'dark' });
    expect(updated.profile).toEqual({ locale: 'nb', drawer: { collapsed: true }, theme: 'dark' });
    await expect(pushed).resolves.toMatchObject({ id: signedIn.userId });
  });

  it('refuses unknown values and changes nothing', async () => {
    const signedIn = await server.signedInUser();
    const error = await signedIn.client.requestError('user:update-profile', { locale: 'de' } as never);
    expect(error.code).toBe('VALIDATION');
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, signedIn.userId));
    expect(row?.profile).toEqual({});
  });
});

const waitForMail = async (target: TestServer, recipient: string) => {
  const { mailOutbox } = await import('../../platform/mail/outbox.tables');
  for (let attempt = 0; attempt < 50; attempt++) {
    const [mail] = await target.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${recipient}`);
};
