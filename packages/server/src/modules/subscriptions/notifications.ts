import { type NotificationKind, SUBSCRIPTIONS_PATH } from '@karm/domain/contract';
import { DEFAULT_LOCALE } from '@karm/domain/i18n';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { todayIn } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-table';
import { resolveMember } from '../auth/sessions.service';
import { findUserById } from '../auth/users.repository';
import { userIdsOfEmployees } from '../employees/employees.service';
import { offersPastDeadline } from '../offers/offers-past-deadline';
import { availableKindsOf } from './notification-kinds';
import { digestMail, immediateMail, type NotificationFacts, notificationText } from './notification-texts';
import { notificationDigestItems, notificationMarks, notificationSettings } from './subscriptions.tables';
import { pushToUser } from './web-push';

/**
 * The one notification dispatcher (issue 18). A module where something happens calls `notify` in
 * its own transaction; a `notifications.deliver` job is queued with the change only when one of the
 * people concerned switched that kind on, so the event and its notification commit together and the
 * module's use case never waits for a mail relay or a push service. The job reads each person's
 * choices again (they may have changed), checks they may still sign in and receive the kind, and
 * sends an e-mail (or keeps it for the daily digest) and a push message to each of their devices.
 */

export type NotificationEvent = {
  companyId: string;
  kind: NotificationKind;
  /** Whom it concerns; the actor who caused it is left out by the caller. */
  userIds: readonly string[];
  /** The page in Karm it opens, e.g. `/messages`. */
  url: string;
  /** What it says; only read when somebody is to be told. */
  facts: () => NotificationFacts | Promise<NotificationFacts>;
};

type DeliverData = {
  companyId: string;
  kind: NotificationKind;
  userIds: string[];
  url: string;
  facts: NotificationFacts;
};

const wantsKind = (kind: NotificationKind) =>
  or(
    sql`${notificationSettings.email} @> ${JSON.stringify([kind])}::jsonb`,
    sql`${notificationSettings.push} @> ${JSON.stringify([kind])}::jsonb`,
  );

/** Queues the notification of an event inside the caller's transaction, for those who want it. */
export const notify = async (ctx: AppContext, tx: Executor, event: NotificationEvent) => {
  const userIds = [...new Set(event.userIds)];
  if (userIds.length === 0) return;
  const wanting = await tx
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.companyId, event.companyId),
        inArray(notificationSettings.userId, userIds),
        wantsKind(event.kind),
      ),
    );
  if (wanting.length === 0) return;
  await ctx.jobs.send(
    notificationDeliverJob,
    {
      companyId: event.companyId,
      kind: event.kind,
      userIds: wanting.map((row) => row.userId),
      url: event.url,
      facts: await event.facts(),
    },
    { tx },
  );
};

const linkTo = (ctx: AppContext, path: string) => new URL(path, ctx.config.publicUrl).toString();
const settingsLink = (ctx: AppContext) => linkTo(ctx, SUBSCRIPTIONS_PATH);

/** Tells one person, by what they chose now. Answers what went out, for the tests and the log. */
export const deliverTo = async (ctx: AppContext, data: DeliverData, userId: string) => {
  const sent = { email: false, digest: false, push: 0 };
  const actor = await resolveMember(ctx, userId, data.companyId);
  if (!actor || !availableKindsOf(actor).includes(data.kind)) return sent;
  const [settings] = await ctx.db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.companyId, data.companyId), eq(notificationSettings.userId, userId)));
  const user = await findUserById(ctx.db, userId);
  if (!settings || !user) return sent;
  const locale = user.profile.locale ?? DEFAULT_LOCALE;
  const text = notificationText(locale, data.facts);
  const link = linkTo(ctx, data.url);
  if (settings.email.includes(data.kind) && user.email) {
    if (settings.isDigest) {
      await ctx.db.insert(notificationDigestItems).values({
        companyId: data.companyId,
        userId,
        kind: data.kind,
        title: text.title,
        body: text.body,
        url: link,
      });
      sent.digest = true;
    } else {
      await ctx.mailer.send({
        to: user.email,
        userId,
        ...immediateMail(locale, text, link, settingsLink(ctx)),
      });
      sent.email = true;
    }
  }
  if (settings.push.includes(data.kind)) {
    sent.push = await pushToUser(ctx, data.companyId, userId, {
      title: text.title,
      body: text.body,
      url: data.url,
      tag: `${data.kind}`,
    });
  }
  return sent;
};

export const notificationDeliverJob = defineJob<DeliverData>({
  name: 'notifications.deliver',
  // A mail is stored in the outbox at once and relayed by its own job; a push service that does not
  // answer is noted on the device. A retry would repeat what already went out, so there is none.
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 120,
  handler: async (ctx, data) => {
    for (const userId of data.userIds) await deliverTo(ctx, data, userId);
  },
});

/** Sends each person their digest of what waited since the last one; answers how many mails went out. */
export const sendDigests = async (ctx: AppContext) => {
  const pending = await ctx.db
    .select()
    .from(notificationDigestItems)
    .where(isNull(notificationDigestItems.sentAt))
    .orderBy(asc(notificationDigestItems.createdAt), asc(notificationDigestItems.id));
  const byPerson = new Map<string, typeof pending>();
  for (const item of pending) {
    const key = `${item.companyId}|${item.userId}`;
    byPerson.set(key, [...(byPerson.get(key) ?? []), item]);
  }
  let mails = 0;
  for (const items of byPerson.values()) {
    const [first] = items;
    if (!first) continue;
    const [actor, user] = await Promise.all([
      resolveMember(ctx, first.userId, first.companyId),
      findUserById(ctx.db, first.userId),
    ]);
    // Somebody who left or may no longer sign in gets nothing; their waiting items are let go.
    if (actor && user?.email) {
      const locale = user.profile.locale ?? DEFAULT_LOCALE;
      await ctx.mailer.send({
        to: user.email,
        userId: user.id,
        ...digestMail(locale, items, settingsLink(ctx)),
      });
      mails += 1;
    }
    await ctx.db
      .update(notificationDigestItems)
      .set({ sentAt: ctx.clock.now() })
      .where(
        inArray(
          notificationDigestItems.id,
          items.map((item) => item.id),
        ),
      );
  }
  return mails;
};

/** Every morning at six: one mail per person with everything since yesterday's. */
export const notificationDigestJob = defineJob<Record<string, never>>({
  name: 'notifications.digest',
  retry: { limit: 2, delaySeconds: 300 },
  schedule: { cron: '0 6 * * *' },
  handler: async (ctx) => {
    const mails = await sendDigests(ctx);
    if (mails > 0) ctx.logger.info({ mails }, 'notification digests sent');
  },
});

/**
 * Tells each open offer's owner, once, that its deadline has passed. The mark and the notification
 * commit together, so a repeated run tells nobody twice.
 */
export const notifyOffersPastDeadline = async (ctx: AppContext) => {
  const offers = await offersPastDeadline(ctx.db, todayIn(ctx.clock));
  let told = 0;
  for (const offer of offers) {
    const users = await userIdsOfEmployees(ctx.db, offer.companyId, offer.ownerId ? [offer.ownerId] : []);
    const ownerUserId = offer.ownerId ? users.get(offer.ownerId) : undefined;
    const isNew = await ctx.db.transaction(async (tx) => {
      const [marked] = await tx
        .insert(notificationMarks)
        .values({
          companyId: offer.companyId,
          kind: 'offerOverdue',
          subjectKey: `${offer.id}:${offer.deadline}`,
        })
        .onConflictDoNothing()
        .returning({ kind: notificationMarks.kind });
      if (!marked || !ownerUserId) return false;
      await notify(ctx, tx, {
        companyId: offer.companyId,
        kind: 'offerOverdue',
        userIds: [ownerUserId],
        url: `/offer?open=${offer.id}`,
        facts: () => ({
          kind: 'offerOverdue',
          number: offer.number,
          name: offer.name,
          deadline: offer.deadline!,
        }),
      });
      return true;
    });
    if (isNew) told += 1;
  }
  return told;
};

/** Every morning: offers whose deadline passed yesterday are told about. */
export const offerDeadlineJob = defineJob<Record<string, never>>({
  name: 'notifications.offer-deadlines',
  retry: { limit: 2, delaySeconds: 600 },
  schedule: { cron: '30 6 * * *' },
  handler: async (ctx) => {
    const told = await notifyOffersPastDeadline(ctx);
    if (told > 0) ctx.logger.info({ told }, 'offers past their deadline told about');
  },
});
