import type { UserDto, UserProfile } from '@karm/domain/contract';
import { SERVER_PUSHES } from '@karm/domain/contract';
import { eq, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { users } from './auth.tables';
import { toUserDto } from './user-dto';
import { findUserById } from './users.repository';

/** Merges the given profile fields into the user's profile; other tabs of the user get the update. */
export const updateProfile = async (
  ctx: AppContext,
  actor: Actor,
  changes: UserProfile,
): Promise<UserDto> => {
  const [row] = await ctx.db
    .update(users)
    .set({
      profile: sql`${users.profile} || ${JSON.stringify(changes)}::jsonb`,
      updatedAt: ctx.clock.now(),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, actor.userId))
    .returning();
  if (!row) throw notFound('User');
  const user = toUserDto(row, actor.role);
  ctx.realtime.toUser(actor.userId, SERVER_PUSHES.userUpdated, user);
  return user;
};

export const getSignedInUser = async (ctx: AppContext, actor: Actor): Promise<UserDto> => {
  const row = await findUserById(ctx.db, actor.userId);
  if (!row) throw notFound('User');
  return toUserDto(row, actor.role);
};
