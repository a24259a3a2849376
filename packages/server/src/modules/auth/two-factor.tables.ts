import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId } from '../../platform/db/columns';
import { companies } from '../company/company.tables';
import { users } from './auth.tables';

/**
 * A person's authenticator (TOTP) secret. The row exists from the start of a setup; two-factor
 * sign-in is on once `enabled_at` is set, which only a correct code from the new secret does.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret sealed with the secret box: Karm must read it back to check codes. */
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: instant('enabled_at'),
  /**
   * The 30-second step of the last code accepted. A code is accepted only for a later step, so a
   * code seen over someone's shoulder cannot be used again within its window.
   */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored only as a keyed hash (shown once, when they are made). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: instant('used_at'),
  },
  (table) => [index('two_factor_recovery_codes_user_idx').on(table.userId, table.codeHash)],
);

/**
 * The step between a correct password and the second factor: a short-lived, single-use token
 * (stored hashed) that names the person and the company they are signing in to.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: primaryId(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** `code`: give a code; `enrol`: set up two-factor sign-in first (the company requires it). */
    method: text('method', { enum: ['code', 'enrol'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [index('sign_in_challenges_user_idx').on(table.userId)],
);
