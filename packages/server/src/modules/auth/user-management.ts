import { and, eq, notExists, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { forbidden } from '../../platform/errors';
import { memberships } from './auth.tables';

/**
 * Ids of the users `actor` may manage (reset, deactivate, edit, read mail about): members of the
 * actor's company whose EVERY company the actor administers. A person in two companies is managed
 * only by someone who is admin in both; otherwise the admin of one company could take over (or
 * shut out) the account that also opens the other. A subquery other modules can filter by.
 */
export const manageableUserIds = (db: Executor, actor: Actor) => {
  const member = alias(memberships, 'member');
  const other = alias(memberships, 'other_membership');
  const administered = db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, actor.userId), eq(memberships.role, 'admin')));
  return db
    .select({ userId: member.userId })
    .from(member)
    .where(
      and(
        eq(member.companyId, actor.companyId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(other)
            .where(and(eq(other.userId, member.userId), notInArray(other.companyId, administered))),
        ),
      ),
    );
};

/**
 * The one check before a user is reset, deactivated or edited by someone else: FORBIDDEN unless the
 * actor administers every company the user belongs to (the same answer whether or not the user exists).
 * Inside a transaction, pass it as `db` (the embedded database has one connection).
 */
export const assertMayManageUser = async (
  ctx: AppContext,
  actor: Actor,
  userId: string,
  db: Executor = ctx.db,
) => {
  const manageable = manageableUserIds(db, actor).as('manageable');
  const [row] = await db.select().from(manageable).where(eq(manageable.userId, userId));
  if (!row) throw forbidden('Only an administrator of every company the user belongs to may manage them');
};
