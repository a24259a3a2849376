import type { UserAdminDto } from '@karm/domain/contract';
import { inArray } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Member } from '../auth/accounts.repository';
import { usersWithTwoFactorOn } from '../auth/two-factor-credentials';
import { manageableUserIds } from '../auth/user-management';
import { employeeNamesOfUsers } from '../employees/employees.service';

const fullNameOf = (member: Member) =>
  [member.user.firstName, member.user.lastName].filter(Boolean).join(' ') || member.user.username;

/**
 * The members as the users admin shows them: each with the employee they are in the company and
 * whether the asking administrator may change them (see `manageableUserIds`).
 */
export const toUserAdminDtos = async (
  ctx: AppContext,
  actor: Actor,
  members: Member[],
): Promise<UserAdminDto[]> => {
  if (members.length === 0) return [];
  const ids = members.map((member) => member.user.id);
  const manageable = manageableUserIds(ctx.db, actor).as('manageable');
  const [employees, manageableRows, twoFactorOn] = await Promise.all([
    employeeNamesOfUsers(ctx, actor.companyId, ids),
    ctx.db.select().from(manageable).where(inArray(manageable.userId, ids)),
    usersWithTwoFactorOn(ctx.db, ids),
  ]);
  const isManageable = new Set(manageableRows.map((row) => row.userId));
  return members.map((member) => {
    const { user } = member;
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: fullNameOf(member),
      phone: user.phone,
      comments: user.comments,
      dateOfBirth: user.dateOfBirth,
      dateOfEmployment: user.dateOfEmployment,
      userType: user.userType,
      role: member.role,
      employee: employees.get(user.id) ?? null,
      lastSignedInAt: user.lastSignedInAt?.toISOString() ?? null,
      isActive: user.isActive,
      isInvitationPending: user.invitedAt !== null,
      isManageable: isManageable.has(user.id),
      hasTwoFactor: twoFactorOn.has(user.id),
      locale: user.profile.locale ?? null,
      version: user.version,
    };
  });
};

export const toUserAdminDto = async (ctx: AppContext, actor: Actor, member: Member) => {
  const [dto] = await toUserAdminDtos(ctx, actor, [member]);
  if (!dto) throw new Error('No user to show');
  return dto;
};
