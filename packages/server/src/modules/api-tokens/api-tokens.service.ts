import {
  API_TOKEN_PREFIX,
  API_TOKEN_PUSHES,
  type ApiTokenCreatedDto,
  type ApiTokenDto,
  type apiTokenCreateSchema,
  type apiTokenRevokeSchema,
  permissionsOfApiScope,
} from '@karm/domain/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashToken, newSecretToken } from '../../platform/auth/tokens';
import type { Actor, AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { userNamesByIds } from '../auth/users.repository';
import { apiTokens } from './api-tokens.tables';

/** The use of a token is written down at most this often, so a busy integration does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** How many characters of the token the list shows: the prefix and a few of the secret. */
const SHOWN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

type ApiTokenRow = typeof apiTokens.$inferSelect;

const toDto = (row: ApiTokenRow, names: Map<string, string>): ApiTokenDto => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdByName: names.get(row.createdBy) ?? '',
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  version: row.version,
});

const announce = (ctx: AppContext, companyId: string) =>
  ctx.realtime.toCompanyAdmins(companyId, API_TOKEN_PUSHES.changed, {});

/** The company's tokens, live ones first, newest first. */
export const listApiTokens = async (ctx: AppContext, actor: Actor): Promise<ApiTokenDto[]> => {
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.companyId, actor.companyId))
    .orderBy(sql`${apiTokens.revokedAt} is not null`, desc(apiTokens.createdAt));
  const names = await userNamesByIds(
    ctx.db,
    rows.map((row) => row.createdBy),
  );
  return rows.map((row) => toDto(row, names));
};

/** Makes a token and answers it once; only its hash is kept. */
export const createApiToken = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof apiTokenCreateSchema>,
): Promise<ApiTokenCreatedDto> => {
  const secret = `${API_TOKEN_PREFIX}${newSecretToken()}`;
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({
      companyId: actor.companyId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(secret),
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      createdBy: actor.userId,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error('API token insert returned nothing');
  ctx.logger.info({ companyId: actor.companyId, tokenId: row.id, scope: row.scope }, 'API token created');
  announce(ctx, actor.companyId);
  return { token: toDto(row, await userNamesByIds(ctx.db, [row.createdBy])), secret };
};

/** Ends a token at once, at the version the administrator saw; it stays listed as revoked. */
export const revokeApiToken = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof apiTokenRevokeSchema>,
): Promise<ApiTokenDto> => {
  const [row] = await ctx.db
    .update(apiTokens)
    .set({ revokedAt: ctx.clock.now(), version: sql`${apiTokens.version} + 1` })
    .where(
      and(
        eq(apiTokens.companyId, actor.companyId),
        eq(apiTokens.id, input.id),
        eq(apiTokens.version, input.version),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning();
  if (!row) {
    const [current] = await ctx.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.companyId, actor.companyId), eq(apiTokens.id, input.id)));
    if (!current) throw notFound('API token');
    throw conflict('The API token was changed by someone else', { currentVersion: current.version });
  }
  ctx.logger.info({ companyId: actor.companyId, tokenId: row.id }, 'API token revoked');
  announce(ctx, actor.companyId);
  return toDto(row, await userNamesByIds(ctx.db, [row.createdBy]));
};

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/**
 * The actor behind an API token in the `token` header: the company's, with the permissions of its
 * scope (never the administrators-only ones), acting as the administrator who made it. Null for an
 * unknown or revoked token.
 */
export const resolveApiTokenActor = async (ctx: AppContext, token: string): Promise<Actor | null> => {
  const [row] = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  const now = ctx.clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await ctx.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  return {
    sessionId: '',
    userId: row.createdBy,
    companyId: row.companyId,
    // The role is a person's; a token's reach is its scope. Neither scope holds an administrator's.
    role: row.scope === 'readWrite' ? 'office' : 'readonly',
    permissions: permissionsOfApiScope(row.scope),
  };
};
