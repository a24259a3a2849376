import type { MembershipRole, UserDto } from '@karm/domain/contract';
import type { users } from './auth.tables';

type UserRow = typeof users.$inferSelect;

export const toUserDto = (row: UserRow, role: MembershipRole): UserDto => {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    // SPEC §3 keeps the Norwegian field names of the old user record.
    fornavn: row.firstName,
    etternavn: row.lastName,
    fullName,
    phone: row.phone,
    userType: row.userType,
    role,
    profile: row.profile,
  };
};
