import { CUSTOMER_PUSHES, type UserAdminDto, type userUpdateSchema } from '@karm/domain/contract';
import { isEmployedBeforeBorn, VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords';
import type { Actor, AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { conflict, validationError } from '../../platform/errors';
import { setMemberRole, updateAccount } from '../auth/accounts.repository';
import { revokeUnusedLinks } from '../auth/password-reset.service';
import { pushSignedOut, revokeSessionsOfUser } from '../auth/sessions.service';
import { membershipsOf } from '../auth/users.repository';
import { linkEmployeeToUser } from '../employees/employees.service';
import { toUserAdminDto } from './user-admin-dto';
import { assertKeepsAnAdministrator, memberToChange, pushNewRole, tellCompanies } from './user-rules';
import { assertLoginsFree, emptyToNull } from './users.service';

type UserUpdate = z.output<typeof userUpdateSchema>;

/**
 * Changes a user at the version the administrator saw; only the fields sent change. A new role
 * reaches the user's open tabs at once (their drawer shrinks or grows), and the company's last
 * active administrator stays one (an administrator may hand the role over, not drop it). A password set here
 * ends the user's sessions, as any new password does.
 */
export const updateUser = async (ctx: AppContext, actor: Actor, input: UserUpdate): Promise<UserAdminDto> => {
  const { id, version, role, employeeId, password, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const now = ctx.clock.now();
  const saved = await ctx.db
    .transaction(async (tx) => {
      const member = await memberToChange(ctx, tx, actor, { id, version });
      const isRoleChange = role !== undefined && role !== member.role;
      if (isRoleChange) {
        if (member.role === 'admin') {
          await assertKeepsAnAdministrator(tx, [actor.companyId], id, { field: 'role' });
        }
        await setMemberRole(tx, id, actor.companyId, role);
      }
      // A date sent alone is compared with the one stored.
      const dateOfBirth = fields.dateOfBirth === undefined ? member.user.dateOfBirth : fields.dateOfBirth;
      const dateOfEmployment =
        fields.dateOfEmployment === undefined ? member.user.dateOfEmployment : fields.dateOfEmployment;
      if (isEmployedBeforeBorn(dateOfBirth, dateOfEmployment)) {
        throw validationError({ dateOfEmployment: MESSAGES.employmentBeforeBirth });
      }
      await assertLoginsFree(tx, { username: fields.username, email: fields.email }, id);
      const isEmployeeChange =
        employeeId !== undefined && (await linkEmployeeToUser(tx, actor.companyId, id, employeeId, now));
      const user = await updateAccount(
        tx,
        id,
        version,
        {
          ...fields,
          email: emptyToNull(fields.email),
          phone: emptyToNull(fields.phone),
          comments: emptyToNull(fields.comments),
          // A password chosen for them also ends a waiting invitation.
          ...(passwordHash && { passwordHash, invitedAt: null }),
        },
        now,
      );
      if (!user) throw conflict('The user was changed by someone else');
      let signedOut: string[] = [];
      if (passwordHash) {
        await revokeUnusedLinks(tx, id, now);
        signedOut = await revokeSessionsOfUser(ctx, tx, id);
      }
      const companyIds = (await membershipsOf(tx, id)).map((membership) => membership.companyId);
      return { user, role: role ?? member.role, isRoleChange, isEmployeeChange, signedOut, companyIds };
    })
    .catch(async (error: unknown) => {
      if (isUniqueViolation(error)) await assertLoginsFree(ctx.db, fields, id);
      throw error;
    });
  pushSignedOut(ctx, saved.signedOut);
  if (saved.isRoleChange) await pushNewRole(ctx, id, actor.companyId, saved.role);
  tellCompanies(ctx, saved.companyIds, id);
  if (saved.isEmployeeChange) ctx.realtime.toCompany(actor.companyId, CUSTOMER_PUSHES.employeesChanged);
  return toUserAdminDto(ctx, actor, { user: saved.user, role: saved.role });
};
