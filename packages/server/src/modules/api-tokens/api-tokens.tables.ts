import type { ApiTokenScope } from '@karm/domain/contract';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/**
 * API tokens of integrations (issue 18). Only the token's SHA-256 is kept (like sessions'), with its
 * first characters to tell tokens apart; the token itself is shown once. A revoked token stays listed.
 * `createdBy` is the administrator who made it: the changes a token makes are theirs in history.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
    version: version(),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    index('api_tokens_company_idx').on(table.companyId),
  ],
);
