import {
  MESSAGE_PUSHES,
  type MessageDeletedPush,
  type MessageDto,
  type MessagePageDto,
  type MessageReadDto,
  type messageDeleteSchema,
  type messageListSchema,
  type messageReadSchema,
  type messageSendSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as KEYS } from '@karm/domain/rules';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, type AppContext, can } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { activeCompanyMembers, userNamesByIds } from '../auth/users.repository';
import { assertCollectionKeys } from '../collections/collection-values';
import { userIdsByWorkGroup } from '../employees/work-groups';
import { notify } from '../subscriptions/notifications';
import { toMessageDtos, unreadCountOf } from './message-dto';
import { messageRecipients, messages } from './messages.tables';

/**
 * Internal messages (SPEC §1, §4, §7 message:send and message:delete): sending to users, a work group
 * or everyone; each person's list with their read state; reading moves on to the next unread one;
 * deleting removes a message from every list at once.
 */

const messageColumns = {
  id: messages.id,
  body: messages.body,
  senderId: messages.senderId,
  audience: messages.audience,
  workGroup: messages.workGroup,
  createdAt: messages.createdAt,
};

/** Whom the message reaches: active members of the actor's company only (VALIDATION otherwise). */
const recipientsOf = async (
  tx: Executor,
  actor: Actor,
  to: z.output<typeof messageSendSchema>['to'],
): Promise<string[]> => {
  if (to.kind === 'users') {
    const members = await activeCompanyMembers(tx, actor.companyId, to.userIds);
    // Another company's user, a deleted one or a made-up id: refused as a whole, nothing is sent.
    if (members.length !== to.userIds.length) throw validationError({ 'to.userIds': KEYS.recipientUnknown });
    return members.map((member) => member.id);
  }
  if (to.kind === 'workGroup') {
    await assertCollectionKeys(tx, actor.companyId, { 'to.workGroup': ['workGroup', to.workGroup] });
    const inGroup = (await userIdsByWorkGroup(tx, actor.companyId)).get(to.workGroup) ?? new Set();
    const members = await activeCompanyMembers(tx, actor.companyId, [...inGroup]);
    if (members.length === 0) throw validationError({ 'to.workGroup': KEYS.recipientsNone });
    return members.map((member) => member.id);
  }
  // Everyone: every member now, signed in or not, so those away read it when they are back.
  const members = await activeCompanyMembers(tx, actor.companyId);
  const others = members.filter((member) => member.id !== actor.userId).map((member) => member.id);
  if (others.length === 0) throw validationError({ to: KEYS.recipientsNone });
  return others;
};

/** message:send — stores the message and pushes it to each recipient's sessions in the company. */
export const sendMessage = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof messageSendSchema>,
): Promise<MessageDto> => {
  const { row, recipientIds } = await ctx.db.transaction(async (tx) => {
    const recipientIds = await recipientsOf(tx, actor, input.to);
    const [row] = await tx
      .insert(messages)
      .values({
        companyId: actor.companyId,
        senderId: actor.userId,
        body: input.message,
        audience: input.to.kind,
        workGroup: input.to.kind === 'workGroup' ? input.to.workGroup : null,
        createdAt: ctx.clock.now(),
      })
      .returning(messageColumns);
    if (!row) throw new Error('The message was not stored');
    await tx
      .insert(messageRecipients)
      .values(recipientIds.map((userId) => ({ messageId: row.id, userId, companyId: actor.companyId })));
    await notify(ctx, tx, {
      companyId: actor.companyId,
      kind: 'message',
      userIds: recipientIds.filter((userId) => userId !== actor.userId),
      url: '/messages',
      facts: async () => ({
        kind: 'message',
        from: (await userNamesByIds(tx, [actor.userId])).get(actor.userId) ?? 'Karm',
        text: input.message,
      }),
    });
    return { row, recipientIds };
  });
  const [asRecipient] = await toMessageDtos(ctx.db, '', [{ ...row, readAt: null }]);
  for (const userId of recipientIds) {
    if (asRecipient) ctx.realtime.toMember(actor.companyId, userId, MESSAGE_PUSHES.new, asRecipient);
  }
  const isToSelf = recipientIds.includes(actor.userId);
  const [asSender] = await toMessageDtos(ctx.db, actor.userId, [
    isToSelf ? { ...row, readAt: null } : { ...row },
  ]);
  if (!asSender) throw new Error('The message was not read back');
  // The sender's other tabs show it in their sent list.
  if (!isToSelf) ctx.realtime.toMember(actor.companyId, actor.userId, MESSAGE_PUSHES.new, asSender);
  return asSender;
};

/** Received messages still in the reader's list and not deleted: the filter of every inbox query. */
const inboxOf = (actor: Actor, extra?: SQL) =>
  and(
    eq(messageRecipients.companyId, actor.companyId),
    eq(messageRecipients.userId, actor.userId),
    isNull(messageRecipients.removedAt),
    isNull(messages.deletedAt),
    extra,
  );

/** Unread first, then the newest (SPEC §4: the current message moves on to the next unread one). */
const INBOX_ORDER = [
  sql`${messageRecipients.readAt} is null desc`,
  desc(messages.createdAt),
  desc(messages.id),
] as const;

/** messages:get — one page of the asker's received (or only unread, or sent) messages, with the unread count. */
export const listMessages = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof messageListSchema>,
): Promise<MessagePageDto> => {
  const page =
    input.folder === 'sent'
      ? await loadPage(
          input,
          {
            rows: (limit, offset) =>
              ctx.db
                .select({
                  ...messageColumns,
                  readAt: messageRecipients.readAt,
                  userId: messageRecipients.userId,
                })
                .from(messages)
                .leftJoin(
                  messageRecipients,
                  and(
                    eq(messageRecipients.messageId, messages.id),
                    eq(messageRecipients.userId, actor.userId),
                  ),
                )
                .where(sentBy(actor))
                .orderBy(desc(messages.createdAt), desc(messages.id))
                .limit(limit)
                .offset(offset),
            total: () => ctx.db.select({ total: count() }).from(messages).where(sentBy(actor)),
          },
          (row) => ({ ...row, isReceived: row.userId !== null }),
        )
      : await loadPage(
          input,
          {
            rows: (limit, offset) =>
              ctx.db
                .select({ ...messageColumns, readAt: messageRecipients.readAt })
                .from(messageRecipients)
                .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
                .where(inboxOf(actor, unreadOnly(input.folder)))
                .orderBy(...INBOX_ORDER)
                .limit(limit)
                .offset(offset),
            total: () =>
              ctx.db
                .select({ total: count() })
                .from(messageRecipients)
                .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
                .where(inboxOf(actor, unreadOnly(input.folder))),
          },
          (row) => ({ ...row, isReceived: true }),
        );
  const [items, unreadCount] = await Promise.all([
    toMessageDtos(ctx.db, actor.userId, page.items),
    unreadCountOf(ctx.db, actor.companyId, actor.userId),
  ]);
  return { ...page, items, unreadCount };
};

const unreadOnly = (folder: string) => (folder === 'unread' ? isNull(messageRecipients.readAt) : undefined);

const sentBy = (actor: Actor) =>
  and(
    eq(messages.companyId, actor.companyId),
    eq(messages.senderId, actor.userId),
    isNull(messages.deletedAt),
  );

/** The asker's next unread message in list order, leaving out `exceptId`. */
const nextUnreadId = async (db: Executor, actor: Actor, exceptId: string) => {
  const [row] = await db
    .select({ id: messages.id })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(inboxOf(actor, and(isNull(messageRecipients.readAt), sql`${messages.id} <> ${exceptId}`)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row?.id ?? null;
};

/**
 * message:read — marks one of the asker's messages read (SPEC §4 "unread becomes read"; reading it
 * again keeps the first time) and answers the next unread one, which becomes the current message.
 */
export const readMessage = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof messageReadSchema>,
): Promise<MessageReadDto> => {
  const answer = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...messageColumns, readAt: messageRecipients.readAt })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(inboxOf(actor, eq(messageRecipients.messageId, input.id)))
      .for('update', { of: messageRecipients });
    if (!row) throw notFound('Message');
    const readAt = row.readAt ?? ctx.clock.now();
    if (!row.readAt) {
      await tx
        .update(messageRecipients)
        .set({ readAt })
        .where(and(eq(messageRecipients.messageId, input.id), eq(messageRecipients.userId, actor.userId)));
    }
    const [message] = await toMessageDtos(tx, actor.userId, [{ ...row, readAt }]);
    if (!message) throw notFound('Message');
    const [next, unreadCount] = await Promise.all([
      nextUnreadId(tx, actor, input.id),
      unreadCountOf(tx, actor.companyId, actor.userId),
    ]);
    return { message, nextUnreadId: next, unreadCount, wasUnread: !row.readAt };
  });
  const { wasUnread, ...result } = answer;
  // The asker's other tabs (and the header) update their unread count.
  if (wasUnread) {
    ctx.realtime.toMember(actor.companyId, actor.userId, MESSAGE_PUSHES.read, {
      id: input.id,
      unreadCount: result.unreadCount,
    });
  }
  return result;
};

/**
 * message:delete — for everyone (its sender, or whoever manages messages): gone from every list at
 * once; or only from the asker's own list (a recipient tidying up).
 */
export const deleteMessage = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof messageDeleteSchema>,
): Promise<{ id: string }> => {
  await ctx.db.transaction(async (tx) => {
    if (input.scope === 'everyone') {
      const [row] = await tx
        .select({ senderId: messages.senderId })
        .from(messages)
        .where(
          and(eq(messages.companyId, actor.companyId), eq(messages.id, input.id), isNull(messages.deletedAt)),
        )
        .for('update');
      if (!row) throw notFound('Message');
      if (row.senderId !== actor.userId && !can(actor, 'messages.manage')) {
        throw forbidden('Only its sender or an administrator may delete a message for everyone');
      }
      await tx
        .update(messages)
        .set({ deletedAt: ctx.clock.now(), deletedBy: actor.userId })
        .where(eq(messages.id, input.id));
      return;
    }
    const removed = await tx
      .update(messageRecipients)
      .set({ removedAt: ctx.clock.now() })
      .where(
        and(
          eq(messageRecipients.companyId, actor.companyId),
          eq(messageRecipients.userId, actor.userId),
          eq(messageRecipients.messageId, input.id),
          isNull(messageRecipients.removedAt),
          sql`exists (select 1 from ${messages} where ${messages.id} = ${messageRecipients.messageId} and ${messages.deletedAt} is null)`,
        ),
      )
      .returning({ id: messageRecipients.messageId });
    if (removed.length === 0) throw notFound('Message');
  });
  const push: MessageDeletedPush = { id: input.id, scope: input.scope };
  if (input.scope === 'everyone') ctx.realtime.toCompany(actor.companyId, MESSAGE_PUSHES.deleted, push);
  else ctx.realtime.toMember(actor.companyId, actor.userId, MESSAGE_PUSHES.deleted, push);
  return { id: input.id };
};
