import type { UserProfile } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
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
    profile: jsonb('profile').$type<UserProfile>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    role: text('role').notNull().default('user'),
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
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/** Failed sign-ins, counted per (account, address) and per address to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: primaryId(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    failedAt: instant('failed_at').notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_account_address_idx').on(table.account, table.address, table.failedAt),
    index('login_failures_address_idx').on(table.address, table.failedAt),
  ],
);
