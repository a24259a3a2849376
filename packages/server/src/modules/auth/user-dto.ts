import { currentProfileOf, type UserDto } from '@karm/domain/contract';
import type { Actor } from '../../platform/context';
import type { users } from './auth.tables';

type UserRow = typeof users.$inferSelect;

/** The user as the client may know them, with their role and permissions in the signed-in company. */
export const toUserDto = (
  row: UserRow,
  { role, permissions }: Pick<Actor, 'role' | 'permissions'>,
): UserDto => {
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
    permissions: [...permissions],
    profile: currentProfileOf(row.profile),
    version: row.version,
  };
};
