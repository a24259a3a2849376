import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';
import type { Permission, Role } from './permissions';
import { type UserProfile, userProfileSchema } from './profile';

export const PASSWORD_MIN_LENGTH = 8;

const TEXT_MAX = 200;
const tooLong = messageWithParams(MESSAGES.tooLong, { max: TEXT_MAX });
const credential = z.string().trim().min(1, MESSAGES.required).max(TEXT_MAX, tooLong);
const secret = z.string().min(1, MESSAGES.required).max(TEXT_MAX, tooLong);
/** Passwords Karm sets (change or reset) must be long enough to resist guessing. */
const newSecret = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(TEXT_MAX, tooLong);

export const RESET_LINK_TTL_MINUTES = 60;

export const USER_TYPES = ['admin', 'user', 'employee', 'service'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** A user's role in one company (a membership); see `permissions.ts` for what each role may do. */
export type MembershipRole = Role;

/** What the client may know about a user (SPEC §3: fornavn/etternavn kept for old screens). */
export type UserDto = {
  id: string;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  fornavn: string;
  etternavn: string;
  fullName: string;
  phone: string | null;
  userType: string;
  role: MembershipRole;
  /** What the user may do in the signed-in company: the role's permissions there (SPEC §6). */
  permissions: Permission[];
  profile: UserProfile;
  /** Raised by every change to the account (name, e-mail, phone, password); profile settings leave it. */
  version: number;
};

export type CompanyChoice = { id: string; name: string; nr: number };

export const loginInputSchema = z.object({
  username: credential,
  password: secret,
  companyId: z.uuid().nullish(),
});

export const changePasswordInputSchema = z
  .object({
    username: credential,
    currentPassword: secret,
    newPassword: newSecret,
    confirmPassword: secret,
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export const forgotPasswordInputSchema = z.object({ usernameOrEmail: credential });

export const resetPasswordInputSchema = z
  .object({
    token: z.string().min(20).max(200),
    newPassword: newSecret,
    confirmPassword: secret,
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export type LoginResult = { accessToken: string; user: UserDto; companyId: string };
export type CheckLoggedInResult = { user: UserDto; companyId: string; status: 'logged-in' };

export const authEvents = {
  authenticate: socketEvent<LoginResult>()(loginInputSchema),
  'user:check-logged-in': socketEvent<CheckLoggedInResult>()(z.string().min(1).max(200)),
  'user:logout': socketEvent<{ ok: true }>()(z.unknown()),
  'user:change-password': socketEvent<{ ok: true }>()(changePasswordInputSchema),
  'user:forgot-password': socketEvent<{ ok: true }>()(forgotPasswordInputSchema),
  'user:reset-password': socketEvent<{ ok: true }>()(resetPasswordInputSchema),
  'user:update-profile': socketEvent<UserDto>()(userProfileSchema),
};
