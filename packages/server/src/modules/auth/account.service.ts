import { type accountUpdateSchema, SERVER_PUSHES, type UserDto } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { conflict, validationError } from '../../platform/errors';
import { users } from './auth.tables';
import { toUserDto } from './user-dto';
import { isEmailTakenByOther } from './users.repository';

const emailTaken = () => validationError({ email: VALIDATION_MESSAGE_KEYS.emailTaken });

/**
 * The person's own name, e-mail and phone (the profile's account settings), saved at the version they
 * saw: a save over a newer version is a CONFLICT. The e-mail signs in too, so no two users may share
 * it. Every tab of the user gets the updated user.
 */
export const updateAccount = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof accountUpdateSchema>,
): Promise<UserDto> => {
  const email = input.email || null;
  let row: typeof users.$inferSelect | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      if (email && (await isEmailTakenByOther(tx, email, actor.userId))) throw emailTaken();
      const [updated] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          phone: input.phone || null,
          updatedAt: ctx.clock.now(),
          version: sql`${users.version} + 1`,
        })
        .where(and(eq(users.id, actor.userId), eq(users.version, input.version)))
        .returning();
      return updated;
    });
  } catch (error) {
    // Two people taking the same address at once: the unique index decides, with the same answer.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!row) throw conflict('Your account was changed elsewhere in the meantime');
  const user = toUserDto(row, actor);
  ctx.realtime.toUser(actor.userId, SERVER_PUSHES.userUpdated, user);
  return user;
};
