import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import type { UserDto } from './auth';
import { socketEvent } from './define';

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));

export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_EMAIL_MAX = 200;
export const ACCOUNT_PHONE_MAX = 40;

/**
 * The person's own account settings on the profile (SPEC §2, §3 user record): their name, e-mail and
 * phone, saved at the version they saw. An empty e-mail removes it (the username still signs in, but
 * a forgotten password can then only be reset by an administrator).
 */
export const accountUpdateSchema = z.object({
  version: z.number().int().positive(),
  firstName: text(ACCOUNT_NAME_MAX).min(1, MESSAGES.required),
  lastName: text(ACCOUNT_NAME_MAX),
  email: z.union([
    z.literal(''),
    z
      .email(MESSAGES.emailInvalid)
      .trim()
      .max(ACCOUNT_EMAIL_MAX, messageWithParams(MESSAGES.tooLong, { max: ACCOUNT_EMAIL_MAX })),
  ]),
  phone: text(ACCOUNT_PHONE_MAX),
});
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

/** The account form of a user: what a save sends when nothing is changed. */
export const accountFormOf = (user: UserDto): AccountUpdateInput => ({
  version: user.version,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? '',
  phone: user.phone ?? '',
});

/** One live sign-in of the user, as the profile's "Active sessions" lists it. */
export type SessionDto = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** Where it signed in from (the client's address at sign-in), when known. */
  address: string | null;
  /** The browser and system named by the user agent at sign-in ("Chrome 140", "Windows 10"), when known. */
  browser: string | null;
  os: string | null;
  /** The company it is signed in to (a person may belong to several). */
  companyName: string;
  /** The session asking: signing it out is logging out. */
  isCurrent: boolean;
};

export const ACCOUNT_PUSHES = {
  /** The user's sessions changed (one signed in or out): open profiles list them again. */
  sessionsChanged: 'user:sessions-changed',
} as const;

export const accountEvents = {
  'user:update-account': socketEvent<UserDto>()(accountUpdateSchema),
  'user:sessions': socketEvent<SessionDto[]>()(z.unknown()),
  'user:revoke-session': socketEvent<{ ok: true }>()(z.object({ sessionId: z.uuid() })),
  'user:revoke-other-sessions': socketEvent<{ count: number }>()(z.unknown()),
};
