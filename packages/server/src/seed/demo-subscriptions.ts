import { inArray } from 'drizzle-orm';
import { users } from '../modules/auth/auth.tables';
import { resolveMember } from '../modules/auth/sessions.service';
import { createFeed, saveNotificationSettings } from '../modules/subscriptions/subscriptions.service';
import type { AppContext } from '../platform/context';

/**
 * Demo subscriptions (issue 18): the administrator is told of failed syncs and messages by e-mail,
 * Kari of her offers past their deadline and has the deliveries in her calendar,
 * the production leader gets a daily digest of tasks and messages, and a technician has a calendar
 * feed of their plans and tasks — so `/convert/subscriptions` shows what is on. Seeded last: the
 * demo's own messages and tasks, made earlier, send no mails.
 */
const CHOICES = [
  { username: 'admin', email: ['message', 'syncFailed'], push: [], isDigest: false, feed: null },
  { username: 'kari', email: ['message', 'offerOverdue'], push: [], isDigest: false, feed: ['deliveries'] },
  {
    username: 'ola',
    email: ['message', 'taskAssigned'],
    push: [],
    isDigest: true,
    feed: ['plans', 'tasks', 'deliveries'],
  },
  {
    username: 'per',
    email: ['taskAssigned'],
    push: ['message', 'taskAssigned'],
    isDigest: false,
    feed: ['plans', 'tasks'],
  },
] as const;

export const seedDemoSubscriptions = async (ctx: AppContext, companyId: string) => {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        CHOICES.map((choice) => choice.username),
      ),
    );
  for (const choice of CHOICES) {
    const userId = rows.find((row) => row.username === choice.username)?.id;
    const actor = userId ? await resolveMember(ctx, userId, companyId) : null;
    if (!actor) continue;
    await saveNotificationSettings(ctx, actor, {
      email: [...choice.email],
      push: [...choice.push],
      isDigest: choice.isDigest,
    });
    // The address is shown to nobody: a person who wants it makes a new one on the page.
    if (choice.feed) await createFeed(ctx, actor, { layers: [...choice.feed] });
  }
};
