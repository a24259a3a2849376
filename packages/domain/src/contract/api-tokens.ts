import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';
import { isAdminOnlyPermission, PERMISSION_NAMES, type Permission } from './permissions';

/**
 * API tokens (issue 18): how an integration calls Karm's REST API — the company's own, named, scoped to
 * reading or to reading and writing, revocable, shown once when made and stored hashed. A token goes
 * in the `token` header like a session's. Administrators manage them (`system.manage`, beside the
 * webhooks).
 */
export const API_TOKEN_SCOPES = ['read', 'readWrite'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What sets a token apart from a session's token in the same header. */
export const API_TOKEN_PREFIX = 'karm_';
export const API_TOKEN_NAME_MAX_LENGTH = 80;

/**
 * What a token may do: a read token every `….read` permission, a read-write token every permission —
 * never the administrators-only ones (users, company settings, the accounting system, the system's
 * secrets and logs), so a leaked token cannot make itself an administrator.
 */
export const permissionsOfApiScope = (scope: ApiTokenScope): ReadonlySet<Permission> =>
  new Set(
    PERMISSION_NAMES.filter(
      (permission) =>
        !isAdminOnlyPermission(permission) && (scope === 'readWrite' || permission.endsWith('.read')),
    ),
  );

export type ApiTokenDto = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  /** The first characters of the token, so an administrator can tell which one an integration holds. */
  prefix: string;
  createdAt: string;
  createdByName: string;
  /** The last use, to the minute; null when never used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  version: number;
};

/** A new token: the only answer that ever carries the secret. */
export type ApiTokenCreatedDto = { token: ApiTokenDto; secret: string };

export const apiTokenCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .max(API_TOKEN_NAME_MAX_LENGTH, messageWithParams(MESSAGES.tooLong, { max: API_TOKEN_NAME_MAX_LENGTH })),
  scope: z.enum(API_TOKEN_SCOPES),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;

export const apiTokenRevokeSchema = z.object({ id: z.uuid(), version: z.number().int().positive() });

export const API_TOKEN_PUSHES = { changed: 'api-tokens:changed' } as const;

export const apiTokenEvents = {
  'api-tokens:list': socketEvent<ApiTokenDto[]>()(z.unknown()),
  'api-tokens:create': socketEvent<ApiTokenCreatedDto>()(apiTokenCreateSchema),
  'api-tokens:revoke': socketEvent<ApiTokenDto>()(apiTokenRevokeSchema),
};
