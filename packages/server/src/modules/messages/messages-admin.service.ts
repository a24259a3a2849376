import type {
  AdminMessageDto,
  adminMessageListSchema,
  MessageRecipientOptionsDto,
  Page,
} from '@karm/domain/contract';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { loadPage } from '../../platform/db/paging';
import { activeCompanyMembers, userNamesByIds } from '../auth/users.repository';
import { valuesOf } from '../collections/collection-values';
import { userIdsByWorkGroup } from '../employees/work-groups';
import { toMessageDtos } from './message-dto';
import { messageRecipients, messages } from './messages.tables';

/**
 * messages:admin-get — the admin tab "messages": every message of the company, newest first, with
 * each recipient and when they read it.
 */
export const listCompanyMessages = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof adminMessageListSchema>,
): Promise<Page<AdminMessageDto>> => {
  const ofCompany = and(eq(messages.companyId, actor.companyId), isNull(messages.deletedAt));
  const page = await loadPage(
    input,
    {
      rows: (limit, offset) =>
        ctx.db
          .select({
            id: messages.id,
            body: messages.body,
            senderId: messages.senderId,
            audience: messages.audience,
            workGroup: messages.workGroup,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(ofCompany)
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(messages).where(ofCompany),
    },
    (row) => row,
  );
  const ids = page.items.map((row) => row.id);
  const recipients =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            messageId: messageRecipients.messageId,
            userId: messageRecipients.userId,
            readAt: messageRecipients.readAt,
            removedAt: messageRecipients.removedAt,
          })
          .from(messageRecipients)
          .where(
            and(eq(messageRecipients.companyId, actor.companyId), inArray(messageRecipients.messageId, ids)),
          )
          .orderBy(asc(messageRecipients.userId));
  const [dtos, names] = await Promise.all([
    toMessageDtos(ctx.db, actor.userId, page.items),
    userNamesByIds(
      ctx.db,
      recipients.map((row) => row.userId),
    ),
  ]);
  return {
    ...page,
    items: dtos.map(({ isRead: _isRead, readAt: _readAt, isMine: _isMine, ...message }) => ({
      ...message,
      recipients: recipients
        .filter((row) => row.messageId === message.id)
        .map((row) => ({
          userId: row.userId,
          name: names.get(row.userId) ?? '',
          readAt: row.readAt?.toISOString() ?? null,
          isRemoved: row.removedAt !== null,
        }))
        // Who has read it first (in the order they did), then who has not, by name.
        .sort(
          (a, b) =>
            (a.readAt ?? '\uffff').localeCompare(b.readAt ?? '\uffff') || a.name.localeCompare(b.name, 'nb'),
        ),
    })),
  };
};

/** message:recipients — whom the compose dialog offers: the company's users and its active work groups. */
export const listMessageRecipients = async (
  ctx: AppContext,
  actor: Actor,
): Promise<MessageRecipientOptionsDto> => {
  const [members, groups, byGroup] = await Promise.all([
    activeCompanyMembers(ctx.db, actor.companyId),
    valuesOf(ctx.db, actor.companyId, 'workGroup'),
    userIdsByWorkGroup(ctx.db, actor.companyId),
  ]);
  const memberIds = new Set(members.map((member) => member.id));
  return {
    users: members,
    workGroups: groups
      .filter((group) => group.isActive)
      .map((group) => ({
        key: group.key,
        labels: group.labels,
        memberCount: [...(byGroup.get(group.key) ?? [])].filter((id) => memberIds.has(id)).length,
      })),
  };
};
