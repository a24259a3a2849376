import { RECOVERY_CODE_COUNT, type TwoFactorSetup, type TwoFactorStatus } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import {
  asTotpCode,
  hashRecoveryCode,
  manualKeyOf,
  matchingTotpSteps,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUriOf,
  qrCodeSvgOf,
} from '../../platform/auth/totp';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict, validationError } from '../../platform/errors';
import { companiesRequiringTwoFactor } from '../company/company.service';
import { accountKey, clearAttempts, countAttempt, THROTTLE, uncountAttempt } from './login-throttle';
import { twoFactorRecoveryCodes, userTwoFactor } from './two-factor.tables';
import { membershipsOf } from './users.repository';

/**
 * The stored side of two-factor sign-in, shared by the sign-in step and the profile: the secret,
 * checking a code once, recovery codes, and the throttle on code attempts.
 */

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export const wrongCode = () => validationError({ code: MESSAGES.twoFactorCodeWrong });
const codeUsed = () => validationError({ code: MESSAGES.twoFactorCodeUsed });
export const setupMissing = () => validationError({ code: MESSAGES.twoFactorSetupMissing });

/** The key recovery codes are hashed with, derived from the secrets key (see platform/auth/totp). */
const RECOVERY_KEY_LABEL = 'karm two-factor recovery codes';

export const twoFactorOf = async (db: Executor, userId: string): Promise<TwoFactorRow | undefined> => {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
};

export const isEnabled = (row: TwoFactorRow | undefined): row is TwoFactorRow & { enabledAt: Date } =>
  row?.enabledAt !== null && row?.enabledAt !== undefined;

/** Of these users, the ones whose two-factor sign-in is on (for the users admin). */
export const usersWithTwoFactorOn = async (db: Executor, userIds: readonly string[]) => {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, [...userIds]), isNotNull(userTwoFactor.enabledAt)));
  return new Set(rows.map((row) => row.userId));
};

/**
 * Starts a setup: a new secret, sealed, waiting for its first code. A setup started earlier and
 * never confirmed is replaced. Callers make sure two-factor sign-in is not on already.
 */
export const beginSetup = async (
  ctx: AppContext,
  db: Executor,
  user: { id: string; username: string },
): Promise<TwoFactorSetup> => {
  const secret = newTotpSecret();
  const secretSealed = ctx.secrets.seal(secret);
  const now = ctx.clock.now();
  const [stored] = await db
    .insert(userTwoFactor)
    .values({ userId: user.id, secretSealed, createdAt: now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed, createdAt: now, lastUsedStep: null },
      // Never replaces a secret that is in use.
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  // Turned on meanwhile (another tab confirmed its setup): this secret was not stored.
  if (!stored) throw conflict('Two-factor sign-in is already on');
  const otpauthUri = otpauthUriOf(secret, user.username);
  return { manualKey: manualKeyOf(secret), otpauthUri, qrCodeSvg: await qrCodeSvgOf(otpauthUri) };
};

/** Accepts an authenticator code once: its step must be later than the last step used. */
const acceptTotpCode = async (ctx: AppContext, tx: Executor, row: TwoFactorRow, code: string) => {
  const steps = matchingTotpSteps(ctx.secrets.open(row.secretSealed), code, ctx.clock.now());
  if (steps.length === 0) throw wrongCode();
  const fresh = steps.find((step) => row.lastUsedStep === null || step > row.lastUsedStep);
  if (fresh === undefined) throw codeUsed();
  // The condition makes this safe against a concurrent sign-in with the same code: one of them wins.
  const [updated] = await tx
    .update(userTwoFactor)
    .set({ lastUsedStep: fresh })
    .where(
      and(
        eq(userTwoFactor.userId, row.userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, fresh)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  if (!updated) throw codeUsed();
};

/** Accepts a recovery code once, marking it used. */
const acceptRecoveryCode = async (ctx: AppContext, tx: Executor, userId: string, normalised: string) => {
  const codeHash = hashRecoveryCode(ctx.secrets.deriveKey(RECOVERY_KEY_LABEL), normalised);
  const isCode = and(
    eq(twoFactorRecoveryCodes.userId, userId),
    eq(twoFactorRecoveryCodes.codeHash, codeHash),
  );
  const [used] = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(and(isCode, isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  if (used) return;
  const [spent] = await tx
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(isCode, isNotNull(twoFactorRecoveryCodes.usedAt)));
  throw spent ? codeUsed() : wrongCode();
};

/**
 * Checks a typed second factor against `row` and uses it up (VALIDATION on the `code` field when it
 * is wrong or used). Six digits are an authenticator code; anything else may be a recovery code
 * when `allowRecoveryCode` (never while confirming a new secret: that proves the app works).
 */
export const acceptSecondFactor = async (
  ctx: AppContext,
  tx: Executor,
  row: TwoFactorRow,
  typed: string,
  { allowRecoveryCode }: { allowRecoveryCode: boolean },
) => {
  const totp = asTotpCode(typed);
  if (totp) return acceptTotpCode(ctx, tx, row, totp);
  const recovery = allowRecoveryCode ? normaliseRecoveryCode(typed) : null;
  if (!recovery) throw wrongCode();
  return acceptRecoveryCode(ctx, tx, row.userId, recovery);
};

/** Turns on a confirmed setup. */
export const markEnabled = (ctx: AppContext, tx: Executor, userId: string) =>
  tx.update(userTwoFactor).set({ enabledAt: ctx.clock.now() }).where(eq(userTwoFactor.userId, userId));

/** Replaces the user's recovery codes with new ones; returns them in plain text, the only time. */
export const issueRecoveryCodes = async (ctx: AppContext, tx: Executor, userId: string) => {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const key = ctx.secrets.deriveKey(RECOVERY_KEY_LABEL);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = ctx.clock.now();
  await tx.insert(twoFactorRecoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: hashRecoveryCode(key, normaliseRecoveryCode(code) ?? code),
      createdAt: now,
    })),
  );
  return codes;
};

/** Forgets the user's secret and recovery codes: two-factor sign-in is off. */
export const removeTwoFactor = async (tx: Executor, userId: string) => {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
};

/** Whether a company the user administers requires two-factor sign-in of its administrators. */
export const isRequiredFor = async (db: Executor, userId: string) => {
  const administered = (await membershipsOf(db, userId))
    .filter((membership) => membership.role === 'admin')
    .map((membership) => membership.companyId);
  return (await companiesRequiringTwoFactor(db, administered)).size > 0;
};

export const twoFactorStatusOf = async (db: Executor, userId: string): Promise<TwoFactorStatus> => {
  const row = await twoFactorOf(db, userId);
  const [codes] = isEnabled(row)
    ? await db
        .select({ left: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
    : [];
  return {
    isEnabled: isEnabled(row),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: codes?.left ?? 0,
    isRequired: await isRequiredFor(db, userId),
  };
};

/**
 * Counts a code attempt before the code is checked (like sign-in, so parallel guesses cannot slip
 * past the limit), per (account, address) and per account. Returns what to call once it succeeded.
 */
export const countCodeAttempt = async (ctx: AppContext, userId: string, address: string) => {
  const pair = accountKey(userId, address);
  await countAttempt(ctx, THROTTLE.codePair, pair);
  await countAttempt(ctx, THROTTLE.codeAccount, userId);
  return {
    /** A right code clears its (account, address) count and gives the account's attempt back. */
    succeeded: async () => {
      await clearAttempts(ctx, THROTTLE.codePair, pair);
      await uncountAttempt(ctx, THROTTLE.codeAccount, userId);
    },
    /** Not evaluated (a password check found the server busy): nothing counts against the person. */
    notEvaluated: async () => {
      await uncountAttempt(ctx, THROTTLE.codePair, pair);
      await uncountAttempt(ctx, THROTTLE.codeAccount, userId);
    },
  };
};
