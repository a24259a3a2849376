import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { memberships, users } from './auth.tables';

/** Finds an active user by username or e-mail, ignoring case (SPEC §2: "email or username"). */
export const findActiveUserByLogin = async (db: Executor, login: string) => {
  const normalised = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(sql`lower(${users.username}) = ${normalised}`, sql`lower(${users.email}) = ${normalised}`),
      ),
    )
    .limit(1);
  return row;
};

export const findUserById = async (db: Executor, userId: string) => {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
};

export const membershipsOf = (db: Executor, userId: string) =>
  db.select().from(memberships).where(eq(memberships.userId, userId));

export const membershipOf = async (db: Executor, userId: string, companyId: string) => {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  return row;
};

/** People's names by user id ("first last", else the username), for other modules' history. */
export const userNamesByIds = async (db: Executor, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((row) => [row.id, [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username]),
  );
};

/** Whether another user already has this e-mail address (sign-in treats it case-insensitively). */
export const isEmailTakenByOther = async (db: Executor, email: string, userId: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
};

/** A company's active administrators with their e-mail (if any) and profile: whom error reports go to. */
export const companyAdministrators = (db: Executor, companyId: string) =>
  db
    .select({ id: users.id, email: users.email, profile: users.profile })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.companyId, companyId), eq(memberships.role, 'admin'), eq(users.isActive, true)),
    );

/**
 * The company's active members by name ("first last", else the username), optionally only the given
 * users: whom a message may go to. Deleted users and those whose sign-in is switched off are left out.
 */
export const activeCompanyMembers = async (db: Executor, companyId: string, ids?: readonly string[]) => {
  if (ids?.length === 0) return [];
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(users.isActive, true),
        sql`${users.deletedAt} is null`,
        ids ? inArray(users.id, [...ids]) : undefined,
      ),
    );
  return rows
    .map((row) => ({
      id: row.id,
      name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
};

/**
 * The company's active people with a date of birth or of employment (the dashboard's birthdays and
 * anniversaries). A company has tens of people, so the window is worked out in the domain rule.
 */
export const datedMembersOfCompany = async (db: Executor, companyId: string) => {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      dateOfBirth: users.dateOfBirth,
      dateOfEmployment: users.dateOfEmployment,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(users.isActive, true),
        sql`${users.deletedAt} is null`,
        or(sql`${users.dateOfBirth} is not null`, sql`${users.dateOfEmployment} is not null`),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
    dateOfBirth: row.dateOfBirth,
    dateOfEmployment: row.dateOfEmployment,
  }));
};

/** The company's active members, as other modules point at them (a deviation's case handler). */
export const ACTIVE_MEMBERS_REFERABLE: Referable = {
  table: memberships,
  id: memberships.userId,
  companyId: memberships.companyId,
  isUsable: sql`exists (select 1 from ${users} where ${users.id} = ${memberships.userId} and ${users.isActive} and ${users.deletedAt} is null)`,
};

/** The company's active members by name (pickers of a person: case handler, owner, responsible). */
export const activeMemberNames = async (db: Executor, companyId: string) => {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(users.isActive, true), isNull(users.deletedAt)));
  return rows
    .map((row) => ({
      id: row.id,
      name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
};
