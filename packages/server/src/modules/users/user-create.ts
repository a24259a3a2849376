import { CUSTOMER_PUSHES, type UserAdminDto, type userCreateSchema } from '@karm/domain/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords';
import { newSecretToken } from '../../platform/auth/tokens';
import type { Actor, AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { insertAccount } from '../auth/accounts.repository';
import { linkEmployeeToUser } from '../employees/employees.service';
import { mailInvitation, storeInvitationToken } from './invitation';
import { toUserAdminDto } from './user-admin-dto';
import { tellCompanies } from './user-rules';
import { assertLoginsFree, emptyToNull } from './users.service';

/**
 * Creates a user in the actor's company with a role and, optionally, the employee they are. With a
 * typed password they can sign in at once; invited, they get a mail with a link to choose their own
 * (valid INVITATION_LINK_TTL_DAYS days) and have no usable password until they use it.
 */
export const createUser = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof userCreateSchema>,
): Promise<UserAdminDto> => {
  // The costly hash before the transaction. An invited user's is of a random secret nobody knows,
  // so their account answers a sign-in exactly like any other wrong password.
  const passwordHash = await hashPassword(input.isInvitation ? newSecretToken() : input.password);
  const now = ctx.clock.now();
  const created = await ctx.db
    .transaction(async (tx) => {
      await assertLoginsFree(tx, { username: input.username, email: input.email });
      const user = await insertAccount(
        tx,
        {
          username: input.username,
          email: emptyToNull(input.email),
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: emptyToNull(input.phone),
          comments: emptyToNull(input.comments),
          dateOfBirth: input.dateOfBirth,
          dateOfEmployment: input.dateOfEmployment,
          userType: input.userType,
          profile: { locale: input.locale },
          invitedAt: input.isInvitation ? now : null,
          createdAt: now,
          updatedAt: now,
        },
        { companyId: actor.companyId, role: input.role },
      );
      await linkEmployeeToUser(tx, actor.companyId, user.id, input.employeeId, now);
      const invitationToken = input.isInvitation ? await storeInvitationToken(tx, user.id, now) : null;
      return { user, invitationToken };
    })
    .catch(async (error: unknown) => {
      // Someone took the name between the check and the insert: answer as the check would have.
      if (isUniqueViolation(error)) await assertLoginsFree(ctx.db, input);
      throw error;
    });
  // The user exists either way; a mail that could not even be queued is logged, and can be sent again.
  if (created.invitationToken) {
    await mailInvitation(ctx, actor, created.user, created.invitationToken).catch((error: unknown) =>
      ctx.logger.error({ err: error, userId: created.user.id }, 'could not mail an invitation'),
    );
  }
  tellCompanies(ctx, [actor.companyId], created.user.id);
  if (input.employeeId) ctx.realtime.toCompany(actor.companyId, CUSTOMER_PUSHES.employeesChanged);
  return toUserAdminDto(ctx, actor, { user: created.user, role: input.role });
};
