import type { StoredUserProfile } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    comments: text('comments'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    userType: text('user_type').notNull().default('user'),
    dateOfEmployment: date('date_of_employment', { mode: 'string' }),
    profile: jsonb('profile').$type<StoredUserProfile>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    /** The last successful sign-in, in any company (the users admin shows it). */
    lastSignedInAt: instant('last_signed_in_at'),
    /**
     * Set while an invitation waits: the user was created without a password and has not yet used
     * the mailed link to choose one. Cleared when they do.
     */
    invitedAt: instant('invited_at'),
    /**
     * A deleted user stays as a tombstone: login, contact details and memberships are gone, the name
     * stays, so history rows elsewhere still say who did what.
     */
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Raised by every change of the account (the users admin checks it), but not by the user's own
     * profile settings: the drawer and the filters change all day and must not make an
     * administrator's save a conflict.
     */
    version: version(),
  },
  (table) => [
    // Sign-in is case-insensitive on both username and e-mail.
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // One of ROLES (domain permissions.ts); what the role may do is the company's role permissions.
    role: text('role').notNull().default('office'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.companyId] }),
    index('memberships_company_idx').on(table.companyId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: primaryId(),
    /** SHA-256 of the access token: a stolen database does not yield usable tokens. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** Where and with what the session signed in, so the person can tell their sessions apart. */
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    /** Set when a newer link is issued or another link of the user is used: only one link works. */
    revokedAt: instant('revoked_at'),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * Attempt counters for throttling (sign-in, forgot password, reset password), one row per
 * (kind, key) and fixed window. The count is raised in one upsert before the attempt is evaluated,
 * so concurrent attempts cannot all slip under the limit.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    windowStartedAt: instant('window_started_at').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.key] }),
    index('auth_throttle_window_idx').on(table.windowStartedAt),
  ],
);

/** Where each user last signed in successfully: those addresses are exempt from the per-address limit. */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: instant('last_signed_in_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);
