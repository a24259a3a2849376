import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/index';
import { isEmployedBeforeBorn, isValidUsername, USERNAME_MAX_LENGTH } from '../rules/user-account';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { PASSWORD_MIN_LENGTH, USER_TYPES } from './auth';
import type { LookupDto } from './customers';
import { dateOnlySchema } from './date-only';
import { patchOf, socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';
import {
  ADJUSTABLE_ROLES,
  type AdjustableRole,
  PERMISSION_NAMES,
  type Permission,
  ROLES,
  type Role,
  type RoleGrants,
} from './permissions';

/** The company's role permissions as the permission screen shows them. */
export type RolePermissionsDto = {
  /** What each adjustable role holds in this company now. */
  grants: RoleGrants;
  /** What each holds by default, so the screen can mark and reset the company's changes. */
  defaults: RoleGrants;
  /** Raised by every save; a save at an older version is a CONFLICT. */
  version: number;
};

const grantsSchema = z.object(
  Object.fromEntries(
    ADJUSTABLE_ROLES.map((role) => [
      role,
      z.array(z.enum(PERMISSION_NAMES as [Permission, ...Permission[]])).max(100),
    ]),
  ) as Record<AdjustableRole, z.ZodArray<z.ZodEnum<Record<Permission, Permission>>>>,
);

/** A save of the whole picture at the version the administrator saw. */
export const rolePermissionsUpdateSchema = z.object({
  version: z.number().int().positive(),
  grants: grantsSchema,
});
export type RolePermissionsUpdate = z.input<typeof rolePermissionsUpdateSchema>;

/** How long the link in an invitation works: people do not always read their mail the same hour. */
export const INVITATION_LINK_TTL_DAYS = 7;

/** A user of the company as the users admin shows them (SPEC §3 admin form, plus role and employee). */
export type UserAdminDto = {
  id: string;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string | null;
  comments: string | null;
  dateOfBirth: string | null;
  dateOfEmployment: string | null;
  userType: string;
  /** Their role in this company. */
  role: Role;
  /** The employee they are in this company, if any. */
  employee: LookupDto | null;
  /** Their last successful sign-in, in any company; null when they never signed in. */
  lastSignedInAt: string | null;
  isActive: boolean;
  /** Invited, and the invitation's set-password link has not been used yet. */
  isInvitationPending: boolean;
  /**
   * Whether the asking administrator may change them: only an administrator of every company the
   * user belongs to may (a person shared with another company is read-only here).
   */
  isManageable: boolean;
  /** Their two-factor sign-in is on (an administrator may turn it off when they lose their phone). */
  hasTwoFactor: boolean;
  /** The language of their screens and of the mail Karm sends them, when they chose one. */
  locale: Locale | null;
  version: number;
};

export const USER_LIST_STATUSES = ['all', 'active', 'inactive'] as const;
export type UserListStatus = (typeof USER_LIST_STATUSES)[number];

/** The users list: a search over name, username and e-mail, a status, and a page. */
export const userListQuerySchema = pageQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(200, messageWithParams(MESSAGES.tooLong, { max: 200 }))
    .default(''),
  status: z.enum(USER_LIST_STATUSES).default('all'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const EMAIL = z.email();

/** The admin form's fields (SPEC §3), with the role and the employee the user is. */
const userFieldsSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .max(USERNAME_MAX_LENGTH, messageWithParams(MESSAGES.tooLong, { max: USERNAME_MAX_LENGTH }))
    // An empty one is told it is required, not how names are made.
    .refine((username) => username === '' || isValidUsername(username), MESSAGES.usernameRules),
  firstName: text(100).min(1, MESSAGES.required),
  lastName: text(100).min(1, MESSAGES.required),
  /** Empty, or an e-mail address (spaces around it are dropped before it is checked). */
  email: text(200).refine((email) => email === '' || EMAIL.safeParse(email).success, MESSAGES.emailInvalid),
  phone: text(40),
  comments: text(2000),
  dateOfBirth: dateOnlySchema.nullable(),
  dateOfEmployment: dateOnlySchema.nullable(),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  employeeId: z.uuid().nullable(),
});

/** A password an administrator types (not trimmed: spaces are part of a password). */
const newPassword = z
  .string()
  .max(200, messageWithParams(MESSAGES.tooLong, { max: 200 }))
  .refine((password) => password.length >= PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);

type DatePair = { dateOfBirth?: string | null; dateOfEmployment?: string | null };
const checkDates = (input: DatePair, context: z.RefinementCtx) => {
  if (isEmployedBeforeBorn(input.dateOfBirth, input.dateOfEmployment)) {
    context.addIssue({ code: 'custom', path: ['dateOfEmployment'], message: MESSAGES.employmentBeforeBirth });
  }
};

/**
 * A new user: either with a password the administrator types, or invited — then they get a mail
 * with a link to choose their own password, and have no usable password until they do.
 */
export const userCreateSchema = userFieldsSchema
  .extend({
    isInvitation: z.boolean(),
    password: z.string().max(200).default(''),
    /** Their language: of their screens, and of the invitation mail. */
    locale: z.enum(LOCALES),
  })
  .superRefine((input, context) => {
    checkDates(input, context);
    if (input.isInvitation && input.email === '') {
      context.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailNeededForInvitation });
    }
    if (!input.isInvitation && input.password.length < PASSWORD_MIN_LENGTH) {
      context.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordTooShort });
    }
  });
export type UserCreateInput = z.input<typeof userCreateSchema>;

/**
 * Changes to a user at the version the administrator saw: only the fields sent change. A password
 * sent here replaces theirs and ends their sessions.
 */
export const userUpdateSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int().positive(),
    ...patchOf(userFieldsSchema).shape,
    /** Empty: the password stays as it is. */
    password: z.union([z.literal(''), newPassword]).optional(),
  })
  .superRefine(checkDates);
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** A change of one user's state (deactivate, reactivate, delete) at the version the administrator saw. */
export const userVersionSchema = z.object({ id: z.uuid(), version: z.number().int().positive() });

export const USERS_PUSHES = {
  /** The company's role permissions changed: signed-in clients fetch their own permissions again. */
  permissionsChanged: 'permissions:changed',
  /**
   * This session's role in its company changed (payload: the `UserDto` with the new role and
   * permissions). Sent only to the sessions signed in to that company, unlike `user:updated`, which
   * reaches every tab of the person and so never carries a company's role.
   */
  roleChanged: 'role:changed',
  /** A user of the company was created, changed or deleted (payload `{ id }`): open lists refresh. */
  usersChanged: 'users:changed',
} as const;

export const userEvents = {
  'permissions:get': socketEvent<RolePermissionsDto>()(z.unknown()),
  'permissions:update': socketEvent<RolePermissionsDto>()(rolePermissionsUpdateSchema),
  'users:list': socketEvent<Page<UserAdminDto>>()(userListQuerySchema),
  'users:get': socketEvent<UserAdminDto>()(z.object({ id: z.uuid() })),
  'users:create': socketEvent<UserAdminDto>()(userCreateSchema),
  'users:update': socketEvent<UserAdminDto>()(userUpdateSchema),
  'users:deactivate': socketEvent<UserAdminDto>()(userVersionSchema),
  'users:reactivate': socketEvent<UserAdminDto>()(userVersionSchema),
  'users:delete': socketEvent<{ id: string }>()(userVersionSchema),
  /** Mails a pending invitation again, with a new link (the older one stops working). */
  'users:send-invitation': socketEvent<{ ok: true }>()(z.object({ id: z.uuid() })),
};
