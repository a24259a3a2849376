import type { UserDto, UserProfile } from '@karm/domain/contract';
import { currentProfileOf, SERVER_PUSHES } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { assertReferencesInCompany } from '../../platform/db/references';
import { notFound } from '../../platform/errors';
import { assertCollectionKeys } from '../collections/collection-values';
import { avatarsOf, deleteFile } from '../files/files.service';
import { users } from './auth.tables';
import { toUserDto } from './user-dto';
import { findUserById } from './users.repository';

/** A picture replaced or removed is deleted; if that fails (e.g. it is another company's), it is only logged. */
const deleteReplacedAvatar = async (ctx: AppContext, actor: Actor, fileId: string) => {
  try {
    await deleteFile(ctx, actor, fileId);
  } catch (error) {
    ctx.logger.warn({ err: error, fileId }, 'the replaced profile picture was not deleted');
  }
};

/**
 * Merges the given profile fields into the user's profile; other tabs of the user get the update.
 * A picture must be an avatar the user uploaded in this company. Profile settings are the person's
 * own preferences, merged field by field, so they leave the account's version alone (a theme
 * switched in one tab must not make the account form of another tab stale).
 */
export const updateProfile = async (
  ctx: AppContext,
  actor: Actor,
  changes: UserProfile,
): Promise<UserDto> => {
  const { row, replacedAvatar } = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      avatarImage: [avatarsOf(actor.userId), changes.avatarImage],
    });
    // The planner's groups are keys of the company's work-group list (the company signed in to).
    await assertCollectionKeys(
      tx,
      actor.companyId,
      Object.fromEntries(
        (changes.plannerWorkGroups ?? []).map((key, index) => [
          `plannerWorkGroups.${index}`,
          ['workGroup', key] as const,
        ]),
      ),
    );
    const [current] = await tx
      .select({ profile: users.profile })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    if (!current) throw notFound('User');
    const [updated] = await tx
      .update(users)
      .set({ profile: { ...currentProfileOf(current.profile), ...changes }, updatedAt: ctx.clock.now() })
      .where(eq(users.id, actor.userId))
      .returning();
    if (!updated) throw notFound('User');
    const previousAvatar = current.profile.avatarImage;
    const isAvatarReplaced =
      changes.avatarImage !== undefined && !!previousAvatar && previousAvatar !== changes.avatarImage;
    return { row: updated, replacedAvatar: isAvatarReplaced ? previousAvatar : null };
  });
  if (replacedAvatar) await deleteReplacedAvatar(ctx, actor, replacedAvatar);
  const user = toUserDto(row, actor);
  ctx.realtime.toUser(actor.userId, SERVER_PUSHES.userUpdated, user);
  return user;
};

export const getSignedInUser = async (ctx: AppContext, actor: Actor): Promise<UserDto> => {
  const row = await findUserById(ctx.db, actor.userId);
  if (!row) throw notFound('User');
  return toUserDto(row, actor);
};
