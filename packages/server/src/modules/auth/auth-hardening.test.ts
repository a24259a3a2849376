import { eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordTasksStarted } from '../../platform/auth/passwords';
import { hashToken } from '../../platform/auth/tokens';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { DEFAULT_TEST_PASSWORD, seedCompany, seedUser } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { authThrottle, passwordResets, users } from './auth.tables';
import {
  MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS,
  MAX_FORGOT_PER_ADDRESS,
  MAX_LOGIN_ATTEMPTS_PER_ADDRESS,
  MAX_RESET_ATTEMPTS_PER_ADDRESS,
} from './login-throttle';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
// Every test signs in from 127.0.0.1: each starts with that address's counters at zero.
afterEach(async () => {
  await server.ctx.db.delete(authThrottle);
});

const newUser = async () => seedUser(server.ctx.db, { companyIds: [(await seedCompany(server.ctx.db)).id] });

const mailsTo = async (recipient: string, count = 1) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const rows = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
    if (rows.length >= count) return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Fewer than ${count} mails to ${recipient}`);
};

const tokenIn = (text: string) => /reset=([\w-]+)/.exec(text)?.[1] ?? '';

const resetWith = (token: string, newPassword = 'a new password 1') => ({
  token,
  newPassword,
  confirmPassword: newPassword,
});

describe('reset links', () => {
  it('come from configuration, never from the Origin or Host a client sends', async () => {
    const user = await newUser();
    // A script is not a browser: it can send whatever Origin and Host it likes.
    const socket = connectSocket(server.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: 'http://evil.example', host: 'evil.example' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const answer = await new Promise<unknown[]>((resolve) =>
        socket.emit('user:forgot-password', { usernameOrEmail: user.username }, (...args: unknown[]) =>
          resolve(args),
        ),
      );
      expect(answer).toEqual([null, { ok: true }]);
    } finally {
      socket.close();
    }
    const [mail] = await mailsTo(user.email!);
    expect(server.ctx.config.publicUrl).toBe('http://localhost:3000');
    expect(mail?.text).toContain('http://localhost:3000/login?reset=');
    expect(mail?.text).not.toContain('evil.example');
  });

  it('a newer link revokes the older one', async () => {
    const user = await newUser();
    const client = await server.connect();
    await client.request('user:forgot-password', { usernameOrEmail: user.username });
    await mailsTo(user.email!, 1);
    await client.request('user:forgot-password', { usernameOrEmail: user.username });
    const [first, second] = await mailsTo(user.email!, 2);
    expect((await client.requestError('user:reset-password', resetWith(tokenIn(first!.text)))).code).toBe(
      'VALIDATION',
    );
    await expect(client.request('user:reset-password', resetWith(tokenIn(second!.text)))).resolves.toEqual({
      ok: true,
    });
  });

  it('using a link revokes every other unused link of the user', async () => {
    const user = await newUser();
    const now = server.clock.now();
    const expiresAt = new Date(now.getTime() + 30 * 60_000);
    const [first, second] = ['first-link-token-0123456789abcdef', 'second-link-token-0123456789abcdef'];
    await server.ctx.db.insert(passwordResets).values([
      { userId: user.id, tokenHash: hashToken(first), createdAt: now, expiresAt },
      { userId: user.id, tokenHash: hashToken(second), createdAt: now, expiresAt },
    ]);
    const client = await server.connect();
    await client.request('user:reset-password', resetWith(second));
    expect((await client.requestError('user:reset-password', resetWith(first))).code).toBe('VALIDATION');
  });

  it('an unknown token is refused before any password is hashed', async () => {
    const client = await server.connect();
    const before = passwordTasksStarted();
    const error = await client.requestError('user:reset-password', resetWith('x'.repeat(43)));
    expect(error.code).toBe('VALIDATION');
    expect(passwordTasksStarted()).toBe(before);
  });
});

describe('sessions', () => {
  it('a deactivated user is signed out at the next event', async () => {
    const signedIn = await server.signedInUser();
    await expect(signedIn.client.request('company:get-info')).resolves.toBeDefined();
    await server.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, signedIn.userId));
    expect((await signedIn.client.requestError('company:get-info')).code).toBe('NOT_AUTHORIZED');
  });

  it('a session idle for longer than SESSION_IDLE_HOURS is refused', async () => {
    const signedIn = await server.signedInUser();
    expect(server.ctx.config.sessionIdleHours).toBe(12);
    try {
      server.clock.advance(11 * 3_600_000);
      await expect(signedIn.client.request('company:get-info')).resolves.toBeDefined();
      server.clock.advance(11 * 3_600_000);
      await expect(signedIn.client.request('company:get-info')).resolves.toBeDefined();
      server.clock.advance(12 * 3_600_000 + 120_000);
      expect((await signedIn.client.requestError('company:get-info')).code).toBe('NOT_AUTHORIZED');
    } finally {
      server.clock.set(new Date());
    }
  });
});

describe('sign-in throttling', () => {
  it('evaluates at most the limit of concurrent attempts for one account and address', async () => {
    const user = await newUser();
    const client = await server.connect();
    const attempts = Array.from({ length: 40 }, (_, index) =>
      client
        .request('authenticate', {
          username: user.username,
          password: index === 20 ? DEFAULT_TEST_PASSWORD : `wrong ${index}`,
        })
        .then(
          () => 'SIGNED_IN',
          (error: { payload: { code: string } }) => error.payload.code,
        ),
    );
    const answers = await Promise.all(attempts);
    const tally = (code: string) => answers.filter((answer) => answer === code).length;
    expect(tally('INVALID_CREDENTIALS') + tally('SIGNED_IN')).toBeLessThanOrEqual(
      MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS,
    );
    expect(tally('RATE_LIMITED')).toBe(40 - tally('INVALID_CREDENTIALS') - tally('SIGNED_IN'));
  });

  it('a successful sign-in clears the count of its account and address', async () => {
    const user = await newUser();
    const client = await server.connect();
    for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS - 1; attempt++) {
      await client.requestError('authenticate', { username: user.username, password: 'bad' });
    }
    await client.request('authenticate', { username: user.username, password: DEFAULT_TEST_PASSWORD });
    for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS - 1; attempt++) {
      expect(
        (await client.requestError('authenticate', { username: user.username, password: 'bad' })).code,
      ).toBe('INVALID_CREDENTIALS');
    }
  });
});

describe('demo and test users', () => {
  it('each get their own salt, even with the same password', async () => {
    const [first, second] = [await newUser(), await newUser()];
    expect(first.passwordHash).not.toBe(second.passwordHash);
    expect(first.passwordHash.split('$')[4]).not.toBe(second.passwordHash.split('$')[4]);
  });
});

describe('forgot password', () => {
  it('answers alike and does the same throttled work for unknown and known accounts', async () => {
    const user = await newUser();
    const client = await server.connect();
    for (const account of [user.username, `nobody-${user.id}`]) {
      const answers: unknown[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        answers.push(
          await client
            .request('user:forgot-password', { usernameOrEmail: account })
            .catch((error: { payload: unknown }) => error.payload),
        );
      }
      expect(answers.slice(0, 5)).toEqual(Array(5).fill({ ok: true }));
      expect(answers[5]).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/\w/) });
    }
  });
});

describe('per-address limits', () => {
  it('never lock out an account that has signed in from that address before', async () => {
    const regular = await newUser();
    const newcomer = await newUser();
    const client = await server.connect();
    await client.request('authenticate', { username: regular.username, password: DEFAULT_TEST_PASSWORD });
    // As after a password-spraying run from the office proxy: the address is at its limit.
    const atLimit = await server.ctx.db
      .update(authThrottle)
      .set({ count: MAX_LOGIN_ATTEMPTS_PER_ADDRESS })
      .where(eq(authThrottle.kind, 'login-address'))
      .returning();
    expect(atLimit).toHaveLength(1);
    await expect(
      client.request('authenticate', { username: regular.username, password: DEFAULT_TEST_PASSWORD }),
    ).resolves.toMatchObject({ user: { id: regular.id } });
    const refused = await client.requestError('authenticate', {
      username: newcomer.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
  });

  it('limit reset-password attempts per address', async () => {
    const client = await server.connect();
    const attempt = (index: number) =>
      client.requestError('user:reset-password', {
        token: `guessed-token-${index}-${'x'.repeat(30)}`,
        newPassword: 'a new password 1',
        confirmPassword: 'a new password 1',
      });
    for (let index = 0; index < MAX_RESET_ATTEMPTS_PER_ADDRESS; index++) {
      expect((await attempt(index)).code).toBe('VALIDATION');
    }
    expect(await attempt(-1)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/\w/) });
  });

  it('limit forgot-password requests per address, for any account', async () => {
    const client = await server.connect();
    for (let index = 0; index < MAX_FORGOT_PER_ADDRESS; index++) {
      await expect(
        client.request('user:forgot-password', { usernameOrEmail: `somebody-${index}` }),
      ).resolves.toEqual({ ok: true });
    }
    const user = await newUser();
    expect((await client.requestError('user:forgot-password', { usernameOrEmail: user.username })).code).toBe(
      'RATE_LIMITED',
    );
  });
});
