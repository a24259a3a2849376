import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import type { LoginResult } from './auth';
import { socketEvent } from './define';

/**
 * Two-factor sign-in (TOTP, RFC 6238): after the password, a person with it turned on gives a code
 * from an authenticator app, or one of their single-use recovery codes.
 */

/** How long the step between the password and the code may take. */
export const SIGN_IN_CHALLENGE_TTL_MINUTES = 5;
/** Recovery codes handed out at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** The authenticator's code: SHA-1, 6 digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

const CODE_MAX = 40;
const TOKEN_MAX = 200;

/** A 6-digit code or a recovery code, as typed (spaces and dashes are allowed). */
const secondFactorCode = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(CODE_MAX, messageWithParams(MESSAGES.tooLong, { max: CODE_MAX }));
const challengeToken = z.string().min(20).max(TOKEN_MAX);
const password = z
  .string()
  .min(1, MESSAGES.required)
  .max(TOKEN_MAX, messageWithParams(MESSAGES.tooLong, { max: TOKEN_MAX }));

/**
 * What `authenticate` answers (as the details of a SECOND_FACTOR_REQUIRED error) when the password
 * was right but a second factor is needed: `code` asks for a code, `enrol` for setting it up first
 * (the company requires it of administrators and this one has none yet).
 */
export type SecondFactorChallenge = {
  challengeToken: string;
  method: 'code' | 'enrol';
  expiresAt: string;
};

/** A new authenticator secret, shown while setting up: as a QR code and as a key to type. */
export type TwoFactorSetup = {
  /** The base32 secret in groups of four, for typing into an app that cannot scan. */
  manualKey: string;
  /** The `otpauth://totp/…` address the QR code carries. */
  otpauthUri: string;
  /** The QR code as an SVG document. */
  qrCodeSvg: string;
};

/** The signed-in person's two-factor sign-in, for the profile. */
export type TwoFactorStatus = {
  isEnabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** A company where the person is an administrator requires it: it cannot be turned off. */
  isRequired: boolean;
};

export type RecoveryCodesResult = { recoveryCodes: string[]; status: TwoFactorStatus };
export type EnrolledSignInResult = LoginResult & { recoveryCodes: string[] };

export const secondFactorInputSchema = z.object({ challengeToken, code: secondFactorCode });
export const enrolSetupInputSchema = z.object({ challengeToken });
export const twoFactorCodeInputSchema = z.object({ code: secondFactorCode });
export const twoFactorDisableInputSchema = z.object({ password, code: secondFactorCode });
export const twoFactorResetInputSchema = z.object({ userId: z.uuid() });

export const twoFactorEvents = {
  /** Sign-in, second step: the challenge from `authenticate` and a code or recovery code. */
  'authenticate:second-factor': socketEvent<LoginResult>()(secondFactorInputSchema),
  /** Sign-in with enrolment: a new secret for the person the challenge names. */
  'authenticate:enrol-setup': socketEvent<TwoFactorSetup>()(enrolSetupInputSchema),
  /** Sign-in with enrolment: the first code turns it on, signs in and hands out recovery codes. */
  'authenticate:enrol-confirm': socketEvent<EnrolledSignInResult>()(secondFactorInputSchema),
  'two-factor:status': socketEvent<TwoFactorStatus>()(z.unknown()),
  'two-factor:setup': socketEvent<TwoFactorSetup>()(z.unknown()),
  'two-factor:enable': socketEvent<RecoveryCodesResult>()(twoFactorCodeInputSchema),
  'two-factor:disable': socketEvent<TwoFactorStatus>()(twoFactorDisableInputSchema),
  'two-factor:regenerate-recovery-codes': socketEvent<RecoveryCodesResult>()(twoFactorCodeInputSchema),
  /** An administrator turns off another person's two-factor sign-in (a lost phone). */
  'two-factor:reset-user': socketEvent<{ ok: true }>()(twoFactorResetInputSchema),
};
