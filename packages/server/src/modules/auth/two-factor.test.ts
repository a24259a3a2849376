import {
  companyFormOf,
  type ErrorPayload,
  RECOVERY_CODE_COUNT,
  type SecondFactorChallenge,
} from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/tokens';
import { DEFAULT_TEST_PASSWORD, seedCompany, seedUser } from '../../seed/factories';
import type { TestClient } from '../../test/test-client';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { companies } from '../company/company.tables';
import { authThrottle } from './auth.tables';
import { MAX_CODE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS } from './login-throttle';
import { signInChallenges, twoFactorRecoveryCodes, userTwoFactor } from './two-factor.tables';

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

const STEP_MS = 30_000;

/** What a phone's authenticator app shows: a real RFC 6238 generator over the enrolled secret. */
const codeAt = (manualKey: string, at = server.clock.now()) =>
  TOTP.generate({
    secret: Secret.fromBase32(manualKey.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });

/** Codes are accepted once per 30-second step: the next code needs the next step. */
const nextStep = () => server.clock.advance(STEP_MS);

/** Turns two-factor sign-in on from the profile; returns the key and the recovery codes. */
const enrol = async (user: SignedInUser) => {
  const setup = await user.client.request('two-factor:setup');
  const { recoveryCodes, status } = await user.client.request('two-factor:enable', {
    code: codeAt(setup.manualKey),
  });
  expect(status).toMatchObject({ isEnabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
  return { key: setup.manualKey, recoveryCodes };
};

const enrolledUser = async (options: Parameters<TestServer['signedInUser']>[0] = {}) => {
  const user = await server.signedInUser(options);
  return { user, ...(await enrol(user)) };
};

/** The password step of a sign-in that must answer "second factor required". */
const passwordStep = async (username: string, companyId?: string) => {
  const client = await server.connect();
  const error = await client.requestError('authenticate', {
    username,
    password: DEFAULT_TEST_PASSWORD,
    companyId,
  });
  expect(error.code).toBe('SECOND_FACTOR_REQUIRED');
  return { client, challenge: error.details as SecondFactorChallenge };
};

const fieldError = (field: string, key: string) => ({
  code: 'VALIDATION',
  details: { fields: { [field]: `validation.${key}` } },
});

const isSignedIn = async (token: string) => {
  const client = await server.connect();
  try {
    await client.request('user:check-logged-in', token);
    return true;
  } catch {
    return false;
  } finally {
    client.close();
  }
};

const secondFactor = (client: TestClient, challenge: SecondFactorChallenge, code: string) =>
  client.request('authenticate:second-factor', { challengeToken: challenge.challengeToken, code });
const secondFactorError = (client: TestClient, challenge: SecondFactorChallenge, code: string) =>
  client.requestError('authenticate:second-factor', { challengeToken: challenge.challengeToken, code });

describe('turning two-factor sign-in on, and signing in with it', () => {
  it('enrols with a real code, then signs in with password and code; secrets are stored sealed or hashed', async () => {
    const user = await server.signedInUser();
    const otherTab = await server.connect();
    const other = await otherTab.request('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });

    expect(await user.client.request('two-factor:status')).toEqual({
      isEnabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      isRequired: false,
    });
    const setup = await user.client.request('two-factor:setup');
    expect(setup.manualKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(setup.otpauthUri).toMatch(
      new RegExp(
        `^otpauth://totp/Karm:${user.username}\\?issuer=Karm&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$`,
      ),
    );
    expect(setup.qrCodeSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // Not on until a code from the new secret is confirmed.
    expect((await user.client.request('two-factor:status')).isEnabled).toBe(false);
    expect(await user.client.requestError('two-factor:enable', { code: '000000' })).toMatchObject(
      fieldError('code', 'twoFactorCodeWrong'),
    );

    const key = setup.manualKey.replace(/\s/g, '');
    const { recoveryCodes } = await user.client.request('two-factor:enable', { code: codeAt(key) });
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    // Turning it on keeps this session and ends the others, opened under the old rule.
    expect(await isSignedIn(user.token)).toBe(true);
    expect(await isSignedIn(other.accessToken)).toBe(false);
    expect(await user.client.requestError('two-factor:setup')).toMatchObject({ code: 'CONFLICT' });

    const [stored] = await server.ctx.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, user.userId));
    expect(stored?.secretSealed).not.toContain(key);
    expect(server.ctx.secrets.open(stored?.secretSealed ?? '')).toBe(key);
    const storedCodes = await server.ctx.db
      .select({ hash: twoFactorRecoveryCodes.codeHash })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.userId));
    expect(storedCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const storedText = JSON.stringify(storedCodes);
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace(/-/g, ''));
    }

    nextStep();
    const { client, challenge } = await passwordStep(user.username);
    expect(challenge.method).toBe('code');
    expect(new Date(challenge.expiresAt).getTime() - server.clock.now().getTime()).toBe(5 * 60_000);
    const [challengeRow] = await server.ctx.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.tokenHash, hashToken(challenge.challengeToken)));
    expect(challengeRow).toMatchObject({ userId: user.userId, companyId: user.companyId });
    expect(JSON.stringify(challengeRow)).not.toContain(challenge.challengeToken);

    const session = await secondFactor(client, challenge, codeAt(key));
    expect(session).toMatchObject({ companyId: user.companyId, user: { id: user.userId } });
    expect(await isSignedIn(session.accessToken)).toBe(true);
    // The socket joined the session like a plain sign-in: protected events work on it at once.
    expect((await client.request('two-factor:status')).isEnabled).toBe(true);
  });

  it('the password alone no longer changes the password: only signed in, on the profile', async () => {
    const { user } = await enrolledUser();
    const change = (newPassword: string) => ({
      username: user.username,
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    });
    const anonymous = await server.connect();
    expect(await anonymous.requestError('user:change-password', change('a-stolen-password'))).toMatchObject({
      code: 'FORBIDDEN',
      messageKey: 'validation.twoFactorChangePasswordSignedIn',
    });
    expect(await isSignedIn(user.token)).toBe(true);
    // From their own signed-in tab it works, and that session stays.
    await user.client.request('user:change-password', change(DEFAULT_TEST_PASSWORD));
    expect(await isSignedIn(user.token)).toBe(true);
  });

  it('refuses a wrong code with a coded error and keeps the challenge for the right one', async () => {
    const { user, key } = await enrolledUser();
    nextStep();
    const { client, challenge } = await passwordStep(user.username);
    const wrong = String((Number(codeAt(key)) + 1) % 1_000_000).padStart(6, '0');
    expect(await secondFactorError(client, challenge, wrong)).toMatchObject(
      fieldError('code', 'twoFactorCodeWrong'),
    );
    expect(await secondFactorError(client, challenge, 'not a code')).toMatchObject(
      fieldError('code', 'twoFactorCodeWrong'),
    );
    expect((await secondFactor(client, challenge, codeAt(key))).accessToken).toBeTruthy();
  });

  it('accepts a code once: a replayed code, or an older one, is refused', async () => {
    const { user, key } = await enrolledUser();
    nextStep();
    const first = await passwordStep(user.username);
    const code = codeAt(key);
    await secondFactor(first.client, first.challenge, code);

    const second = await passwordStep(user.username);
    expect(await secondFactorError(second.client, second.challenge, code)).toMatchObject(
      fieldError('code', 'twoFactorCodeUsed'),
    );
    const previousStep = codeAt(key, new Date(server.clock.now().getTime() - STEP_MS));
    expect(await secondFactorError(second.client, second.challenge, previousStep)).toMatchObject({
      code: 'VALIDATION',
    });
    nextStep();
    expect((await secondFactor(second.client, second.challenge, codeAt(key))).accessToken).toBeTruthy();
  });

  it('accepts the steps next to the current one, and nothing further away', async () => {
    const { user, key } = await enrolledUser();
    server.clock.advance(10 * STEP_MS);
    const { client, challenge } = await passwordStep(user.username);
    const at = (steps: number) => codeAt(key, new Date(server.clock.now().getTime() + steps * STEP_MS));
    for (const outside of [-3, -2, 2, 3]) {
      expect(await secondFactorError(client, challenge, at(outside))).toMatchObject(
        fieldError('code', 'twoFactorCodeWrong'),
      );
    }
    // A phone 30 seconds behind is still fine.
    expect((await secondFactor(client, challenge, at(-1))).accessToken).toBeTruthy();
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const [recoveryCode = ''] = recoveryCodes;
    const { client, challenge } = await passwordStep(user.username);
    const typed = ` ${recoveryCode.toUpperCase().replace(/-/g, ' ')} `;
    const session = await secondFactor(client, challenge, typed);
    expect(await client.request('two-factor:status')).toMatchObject({
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });
    expect(session.user.id).toBe(user.userId);

    const again = await passwordStep(user.username);
    expect(await secondFactorError(again.client, again.challenge, recoveryCode)).toMatchObject(
      fieldError('code', 'twoFactorCodeUsed'),
    );
    expect(await secondFactorError(again.client, again.challenge, 'abcd-efgh-jkmn')).toMatchObject(
      fieldError('code', 'twoFactorCodeWrong'),
    );
  });

  it('a challenge works once and for five minutes', async () => {
    const { user, key } = await enrolledUser();
    nextStep();
    const used = await passwordStep(user.username);
    await secondFactor(used.client, used.challenge, codeAt(key));
    nextStep();
    const expired = fieldError('challengeToken', 'twoFactorChallengeExpired');
    expect(await secondFactorError(used.client, used.challenge, codeAt(key))).toMatchObject(expired);

    const late = await passwordStep(user.username);
    server.clock.advance(5 * 60_000);
    expect(await secondFactorError(late.client, late.challenge, codeAt(key))).toMatchObject(expired);
    expect(
      await secondFactorError(
        late.client,
        { ...late.challenge, challengeToken: 'x'.repeat(43) },
        codeAt(key),
      ),
    ).toMatchObject(expired);
    // An enrolment step cannot be taken with a code challenge.
    const fresh = await passwordStep(user.username);
    expect(
      await fresh.client.requestError('authenticate:enrol-setup', {
        challengeToken: fresh.challenge.challengeToken,
      }),
    ).toMatchObject(expired);
  });

  it(`throttles code attempts: after ${MAX_CODE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS} wrong ones even the right code waits`, async () => {
    const { user, key } = await enrolledUser();
    nextStep();
    const { client, challenge } = await passwordStep(user.username);
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; attempt++) {
      expect((await secondFactorError(client, challenge, '000000')).code).toBe('VALIDATION');
    }
    const refused = await secondFactorError(client, challenge, codeAt(key));
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    // A new challenge (the password again) does not start the count over.
    const again = await passwordStep(user.username);
    expect((await secondFactorError(again.client, again.challenge, codeAt(key))).code).toBe('RATE_LIMITED');

    server.clock.advance(15 * 60_000);
    const later = await passwordStep(user.username);
    expect((await secondFactor(later.client, later.challenge, codeAt(key))).accessToken).toBeTruthy();
  });

  it('refuses bad input before anything is looked up', async () => {
    const client = await server.connect();
    const cases: unknown[] = [
      { challengeToken: 'x'.repeat(43), code: '' },
      { challengeToken: 'x'.repeat(43), code: '1'.repeat(41) },
      { challengeToken: 'x'.repeat(43), code: '123\u0000456' },
      { challengeToken: 'short', code: '123456' },
      { challengeToken: 'x'.repeat(43), code: 123456 },
    ];
    for (const input of cases) {
      const error: ErrorPayload = await client.requestError('authenticate:second-factor', input as never);
      expect(error.code).toBe('VALIDATION');
    }
  });
});

describe('a company that requires two-factor sign-in of administrators', () => {
  it('is a company setting only administrators change, version-checked with the rest', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const staff = await server.signedInUser({ companyId: admin.companyId });
    const current = await admin.client.request('company:get-info');
    expect(current.requireTwoFactorForAdmins).toBe(false);
    const form = { ...companyFormOf(current), requireTwoFactorForAdmins: true };
    expect((await staff.client.requestError('company:update', form)).code).toBe('FORBIDDEN');
    const saved = await admin.client.request('company:update', form);
    expect(saved).toMatchObject({ requireTwoFactorForAdmins: true, version: current.version + 1 });
    expect((await admin.client.requestError('company:update', form)).code).toBe('CONFLICT');
    // The administrator who turned it on keeps this session; the next sign-in enrols them.
    expect(await isSignedIn(admin.token)).toBe(true);
    expect((await passwordStep(admin.username)).challenge.method).toBe('enrol');
  });

  it('takes an administrator without it through setup at sign-in, but not staff', async () => {
    const company = await seedCompany(server.ctx.db, { requireTwoFactorForAdmins: true });
    const admin = await seedUser(server.ctx.db, { companyIds: [company.id], role: 'admin' });
    const staff = await seedUser(server.ctx.db, { companyIds: [company.id] });
    const staffClient = await server.connect();
    const staffSession = await staffClient.request('authenticate', {
      username: staff.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(staffSession.accessToken).toBeTruthy();

    const { client, challenge } = await passwordStep(admin.username);
    expect(challenge.method).toBe('enrol');
    // Not a session, and not a code challenge either.
    expect(
      (
        await client.requestError('authenticate:second-factor', {
          challengeToken: challenge.challengeToken,
          code: '123456',
        })
      ).details,
    ).toEqual({ fields: { challengeToken: 'validation.twoFactorChallengeExpired' } });
    const setup = await client.request('authenticate:enrol-setup', {
      challengeToken: challenge.challengeToken,
    });
    expect(
      await client.requestError('authenticate:enrol-confirm', {
        challengeToken: challenge.challengeToken,
        code: '000000',
      }),
    ).toMatchObject(fieldError('code', 'twoFactorCodeWrong'));
    const enrolled = await client.request('authenticate:enrol-confirm', {
      challengeToken: challenge.challengeToken,
      code: codeAt(setup.manualKey),
    });
    expect(enrolled).toMatchObject({ companyId: company.id, user: { id: admin.id, role: 'admin' } });
    expect(enrolled.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await isSignedIn(enrolled.accessToken)).toBe(true);
    expect(await client.request('two-factor:status')).toMatchObject({ isEnabled: true, isRequired: true });

    // From now on the administrator signs in with a code like anyone who turned it on.
    nextStep();
    const next = await passwordStep(admin.username);
    expect(next.challenge.method).toBe('code');
    expect(
      (await secondFactor(next.client, next.challenge, codeAt(setup.manualKey))).accessToken,
    ).toBeTruthy();
  });

  it('applies the requirement of the company signed in to, for a person in several', async () => {
    const requiring = await seedCompany(server.ctx.db, { requireTwoFactorForAdmins: true });
    const relaxed = await seedCompany(server.ctx.db);
    const person = await seedUser(server.ctx.db, { companyIds: [relaxed.id, requiring.id], role: 'admin' });

    const client = await server.connect();
    const login = { username: person.username, password: DEFAULT_TEST_PASSWORD };
    // Company selection comes first, exactly as before.
    expect((await client.requestError('authenticate', login)).code).toBe('COMPANY_REQUIRED');
    const relaxedSession = await client.request('authenticate', { ...login, companyId: relaxed.id });
    expect(relaxedSession.companyId).toBe(relaxed.id);
    const { challenge } = await passwordStep(person.username, requiring.id);
    expect(challenge.method).toBe('enrol');
  });
});

describe('turning it off and renewing recovery codes', () => {
  it('turning it off needs the password and a current code', async () => {
    const { user, key } = await enrolledUser();
    nextStep();
    expect(
      await user.client.requestError('two-factor:disable', { password: 'wrong password', code: codeAt(key) }),
    ).toMatchObject(fieldError('password', 'passwordWrong'));
    expect(
      await user.client.requestError('two-factor:disable', {
        password: DEFAULT_TEST_PASSWORD,
        code: '000000',
      }),
    ).toMatchObject(fieldError('code', 'twoFactorCodeWrong'));
    expect((await user.client.request('two-factor:status')).isEnabled).toBe(true);

    const status = await user.client.request('two-factor:disable', {
      password: DEFAULT_TEST_PASSWORD,
      code: codeAt(key),
    });
    expect(status).toMatchObject({ isEnabled: false, recoveryCodesLeft: 0 });
    const client = await server.connect();
    const session = await client.request('authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(session.accessToken).toBeTruthy();
    expect(
      (
        await user.client.requestError('two-factor:disable', {
          password: DEFAULT_TEST_PASSWORD,
          code: '123456',
        })
      ).code,
    ).toBe('CONFLICT');
  });

  it('an administrator of a company that requires it cannot turn it off', async () => {
    const { user, key } = await enrolledUser({ role: 'admin' });
    await server.ctx.db
      .update(companies)
      .set({ requireTwoFactorForAdmins: true })
      .where(eq(companies.id, user.companyId));
    nextStep();
    const error = await user.client.requestError('two-factor:disable', {
      password: DEFAULT_TEST_PASSWORD,
      code: codeAt(key),
    });
    expect(error.code).toBe('FORBIDDEN');
    expect(await user.client.request('two-factor:status')).toMatchObject({
      isEnabled: true,
      isRequired: true,
    });
  });

  it('new recovery codes need a code, and the old ones stop working', async () => {
    const { user, key, recoveryCodes } = await enrolledUser();
    expect(
      await user.client.requestError('two-factor:regenerate-recovery-codes', { code: '000000' }),
    ).toMatchObject(fieldError('code', 'twoFactorCodeWrong'));
    nextStep();
    const renewed = await user.client.request('two-factor:regenerate-recovery-codes', { code: codeAt(key) });
    expect(renewed.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(renewed.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect(renewed.status.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);

    const { client, challenge } = await passwordStep(user.username);
    expect(await secondFactorError(client, challenge, recoveryCodes[0] ?? '')).toMatchObject(
      fieldError('code', 'twoFactorCodeWrong'),
    );
    expect((await secondFactor(client, challenge, renewed.recoveryCodes[0] ?? '')).accessToken).toBeTruthy();
  });
});

describe("an administrator turns off someone's two-factor sign-in (a lost phone)", () => {
  it('ends every session of the person, who then signs in with the password alone', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const { user: staff } = await enrolledUser({ companyId: admin.companyId });
    const hasTwoFactor = async () =>
      (await admin.client.request('users:get', { id: staff.userId })).hasTwoFactor;
    expect(await hasTwoFactor()).toBe(true);
    expect(await admin.client.request('two-factor:reset-user', { userId: staff.userId })).toEqual({
      ok: true,
    });
    expect(await isSignedIn(staff.token)).toBe(false);
    expect(await hasTwoFactor()).toBe(false);
    expect(await admin.client.request('two-factor:status')).toMatchObject({ isEnabled: false });
    const client = await server.connect();
    const session = await client.request('authenticate', {
      username: staff.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(await isSignedIn(session.accessToken)).toBe(true);
  });

  it('only for people the administrator may manage, never for themselves, never by staff', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const staff = await server.signedInUser({ companyId: admin.companyId });
    const otherAdmin = await server.signedInUser({ role: 'admin' });
    const { user: outsider } = await enrolledUser({ companyId: otherAdmin.companyId });

    expect((await staff.client.requestError('two-factor:reset-user', { userId: admin.userId })).code).toBe(
      'FORBIDDEN',
    );
    expect((await admin.client.requestError('two-factor:reset-user', { userId: admin.userId })).code).toBe(
      'FORBIDDEN',
    );
    expect((await admin.client.requestError('two-factor:reset-user', { userId: outsider.userId })).code).toBe(
      'FORBIDDEN',
    );
    expect(await isSignedIn(outsider.token)).toBe(true);
    expect((await outsider.client.request('two-factor:status')).isEnabled).toBe(true);
    expect((await admin.client.requestError('two-factor:reset-user', { userId: 'not-an-id' })).code).toBe(
      'VALIDATION',
    );
  });
});
