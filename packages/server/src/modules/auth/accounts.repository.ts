import type { Page, Role, UserListQuery } from '@karm/domain/contract';
import { and, asc, count, eq, gt, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { containsPattern } from '../../platform/db/search-terms';
import { memberships, sessions, users } from './auth.tables';

/**
 * Data access for the users admin (`modules/users`): the account tables belong to this module, the
 * rules about who may change whom to that one.
 */

export type UserRow = typeof users.$inferSelect;
export type Member = { user: UserRow; role: Role };

const statusCondition = (status: UserListQuery['status']) =>
  status === 'active'
    ? eq(users.isActive, true)
    : status === 'inactive'
      ? eq(users.isActive, false)
      : undefined;

const searchCondition = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.username, pattern),
    ilike(users.email, pattern),
  );
};

/** One page of the company's members, by name, with their role there. Deleted users have no membership. */
export const pageOfMembers = (
  db: Executor,
  companyId: string,
  query: { search?: string; status?: UserListQuery['status']; page: number; pageSize: number },
): Promise<Page<Member>> => {
  const where = and(
    eq(memberships.companyId, companyId),
    statusCondition(query.status),
    searchCondition(query.search),
  );
  return loadPage(
    query,
    {
      rows: (limit, offset) =>
        db
          .select({ user: users, role: memberships.role })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where)
          .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
          .limit(limit)
          .offset(offset),
      total: () =>
        db
          .select({ total: count() })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where),
    },
    (row) => ({ user: row.user, role: row.role as Role }),
  );
};

/** A member of the company with their role, or undefined (also for another company's user). */
export const findMember = async (db: Executor, companyId: string, userId: string) => {
  const [row] = await db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row ? ({ user: row.user, role: row.role as Role } satisfies Member) : undefined;
};

/**
 * Which of a username and an e-mail address another account already uses. Both are unique across
 * the installation, ignoring case (sign-in takes either); a deleted user's were set free.
 */
export const takenLogins = async (
  db: Executor,
  login: { username?: string; email?: string | null },
  exceptUserId?: string,
) => {
  const username = login.username?.toLowerCase();
  const email = login.email ? login.email.toLowerCase() : undefined;
  if (!username && !email) return { username: false, email: false };
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(
          username ? sql`lower(${users.username}) = ${username}` : undefined,
          email ? sql`lower(${users.email}) = ${email}` : undefined,
        ),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  return {
    username: username !== undefined && rows.some((row) => row.username.toLowerCase() === username),
    email: email !== undefined && rows.some((row) => row.email?.toLowerCase() === email),
  };
};

export const insertAccount = async (
  tx: Executor,
  values: typeof users.$inferInsert,
  membership: { companyId: string; role: Role },
) => {
  const [user] = await tx.insert(users).values(values).returning();
  if (!user) throw new Error('User insert returned nothing');
  await tx.insert(memberships).values({ userId: user.id, ...membership });
  return user;
};

/** Changes an account at the version the administrator saw; undefined when it moved on meanwhile. */
export const updateAccount = async (
  tx: Executor,
  userId: string,
  version: number,
  changes: Partial<typeof users.$inferInsert>,
  now: Date,
) => {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: now, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, userId), eq(users.version, version), isNull(users.deletedAt)))
    .returning();
  return row;
};

export const setMemberRole = (tx: Executor, userId: string, companyId: string, role: Role) =>
  tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));

/**
 * The active administrators of a company, read after locking its administrators' memberships, so
 * two administrators demoting or deactivating each other at once are taken one after the other and
 * the second sees the first's change.
 */
export const lockedActiveAdminIds = async (tx: Executor, companyId: string) => {
  await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'admin')))
    .for('update');
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.isActive, true)))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'admin')));
  return rows.map((row) => row.userId);
};

/**
 * Turns a deleted user into a tombstone (at the version the administrator saw; false when it moved on): the name stays (history rows elsewhere keep saying who did
 * what), the login and everything personal beyond the name goes, the username and e-mail address
 * are set free, and the user leaves every company.
 */
export const tombstoneAccount = async (tx: Executor, userId: string, version: number, now: Date) => {
  const [row] = await tx
    .update(users)
    .set({
      username: `deleted-${userId}`,
      email: null,
      // Matches no password: the stored form of a hash starts with the algorithm's name.
      passwordHash: '',
      phone: null,
      comments: null,
      dateOfBirth: null,
      dateOfEmployment: null,
      profile: {},
      isActive: false,
      invitedAt: null,
      deletedAt: now,
      updatedAt: now,
      version: sql`${users.version} + 1`,
    })
    .where(and(eq(users.id, userId), eq(users.version, version), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (row) await tx.delete(memberships).where(eq(memberships.userId, userId));
  return row !== undefined;
};

/** The live sessions of a user in one company: where a change of their role must reach at once. */
export const liveSessionIdsIn = async (db: Executor, userId: string, companyId: string, now: Date) =>
  (
    await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          eq(sessions.companyId, companyId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
  ).map((row) => row.id);
