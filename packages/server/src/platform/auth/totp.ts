import { createHmac, randomBytes } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@karm/domain/contract';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238, through `otpauth`) and recovery codes. Pure functions:
 * the time is always passed in (from the injected clock), never read here.
 */

const ALGORITHM = 'SHA1';
/** A code of the step before or after the current one is accepted too: phone clocks drift. */
const WINDOW_STEPS = 1;
const ISSUER = 'Karm';

/** A new random secret (160 bits, RFC 4226's recommendation), as base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The base32 secret in groups of four, easier to type into an app that cannot scan. */
export const manualKeyOf = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The address an authenticator app reads from the QR code. */
export const otpauthUriOf = (secret: string, accountName: string) =>
  new TOTP({
    issuer: ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();

/** The QR code of an otpauth address as an SVG document; the QR library loads on first use. */
export const qrCodeSvgOf = async (otpauthUri: string) => {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
};

/** The 30-second step a moment falls in (RFC 6238's T). */
export const totpStepAt = (at: Date) =>
  TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() });

/** Whether a text is shaped like an authenticator code (six digits, spaces allowed). */
export const asTotpCode = (typed: string) => {
  const digits = typed.replace(/\s/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
};

/**
 * The steps within the window (the current one, one before and one after) whose code is `code`,
 * earliest first. Usually one or none; the caller accepts the earliest step it has not used yet.
 */
export const matchingTotpSteps = (secret: string, code: string, at: Date) => {
  const current = totpStepAt(at);
  const steps: number[] = [];
  for (let step = current - WINDOW_STEPS; step <= current + WINDOW_STEPS; step++) {
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      algorithm: ALGORITHM,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      timestamp: step * TOTP_PERIOD_SECONDS * 1000,
      window: 0,
    });
    if (delta === 0) steps.push(step);
  }
  return steps;
};

/**
 * Recovery codes: 12 characters of Crockford's base32 (60 random bits) in three groups, e.g.
 * `k3f9-x2mq-7hwd`. Crockford's alphabet leaves out i, l, o and u, so nothing reads ambiguously.
 */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_LENGTH = 12;

export const newRecoveryCode = () => {
  // 32 divides 256, so taking five bits of each byte is unbiased.
  const characters = [...randomBytes(RECOVERY_CODE_LENGTH)].map(
    (byte) => RECOVERY_ALPHABET[byte & 31] as string,
  );
  return characters.join('').match(/.{4}/g)?.join('-') ?? '';
};

/**
 * A typed recovery code in its stored form, or null when it cannot be one: case, spaces and dashes
 * do not matter, and the letters Crockford's base32 reads as digits (o, i, l) count as those digits.
 */
export const normaliseRecoveryCode = (typed: string) => {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return plain.length === RECOVERY_CODE_LENGTH && [...plain].every((c) => RECOVERY_ALPHABET.includes(c))
    ? plain
    : null;
};

/**
 * Recovery codes are stored as HMAC-SHA256 under a key derived from the secrets key: a copy of the
 * database alone does not allow testing guesses offline.
 */
export const hashRecoveryCode = (key: Buffer, normalised: string) =>
  createHmac('sha256', key).update(normalised).digest('hex');
