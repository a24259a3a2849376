import type { Page, UserAdminDto, userListQuerySchema } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { notFound, validationError } from '../../platform/errors';
import { findMember, pageOfMembers, takenLogins } from '../auth/accounts.repository';
import { toUserAdminDto, toUserAdminDtos } from './user-admin-dto';

/**
 * The users admin (admin tabs "Users" and "Manage and create users"): the company's members with
 * their role and employee. Creating, changing and removing them: user-create.ts, user-update.ts,
 * user-lifecycle.ts; who may change whom and the rules every change keeps: user-rules.ts.
 */

/** The company's users by name, searched by name, username or e-mail, paged on the server. */
export const listUsers = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof userListQuerySchema>,
): Promise<Page<UserAdminDto>> => {
  const page = await pageOfMembers(ctx.db, actor.companyId, query);
  return { ...page, items: await toUserAdminDtos(ctx, actor, page.items) };
};

/** One user of the company; another company's user is not found. */
export const getUser = async (ctx: AppContext, actor: Actor, input: { id: string }) => {
  const member = await findMember(ctx.db, actor.companyId, input.id);
  if (!member) throw notFound('User');
  return toUserAdminDto(ctx, actor, member);
};

/**
 * Refuses a username or e-mail address another account has: both are unique across the whole
 * installation (sign-in takes either and comes before the company is chosen), which is stronger than
 * unique in the company, and the message says so.
 */
export const assertLoginsFree = async (
  db: Executor,
  login: { username?: string; email?: string | null },
  exceptUserId?: string,
) => {
  const taken = await takenLogins(db, login, exceptUserId);
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = MESSAGES.usernameTaken;
  if (taken.email) fields.email = MESSAGES.emailTaken;
  if (Object.keys(fields).length > 0) throw validationError(fields);
};

/** A form's empty text is stored as nothing. */
export const emptyToNull = (text: string | undefined) => (text === undefined ? undefined : text || null);
