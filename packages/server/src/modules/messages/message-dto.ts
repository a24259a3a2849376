import type { MessageAudience, MessageDto } from '@karm/domain/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { userNamesByIds } from '../auth/users.repository';
import { messageRecipients, messages } from './messages.tables';

/** What the lists read of a message row (and, for a received one, the reader's state). */
export type MessageRow = {
  id: string;
  body: string;
  senderId: string | null;
  audience: MessageAudience;
  workGroup: string | null;
  createdAt: Date;
  /** The reader's recipient row: undefined when they did not receive it (a sent message). */
  readAt?: Date | null;
  isReceived?: boolean;
};

/** How many received each message and how many of them have read it. */
export const readCountsOf = async (db: Executor, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, { recipientCount: number; readCount: number }>();
  const rows = await db
    .select({
      messageId: messageRecipients.messageId,
      recipientCount: count(),
      readCount: sql<number>`count(${messageRecipients.readAt})::int`,
    })
    .from(messageRecipients)
    .where(inArray(messageRecipients.messageId, [...ids]))
    .groupBy(messageRecipients.messageId);
  return new Map(rows.map((row) => [row.messageId, row]));
};

/** Message rows as one reader sees them: names, counts and their own read state. */
export const toMessageDtos = async (
  db: Executor,
  readerId: string,
  rows: readonly MessageRow[],
): Promise<MessageDto[]> => {
  const ids = rows.map((row) => row.id);
  const [names, counts] = await Promise.all([
    userNamesByIds(
      db,
      rows.flatMap((row) => (row.senderId ? [row.senderId] : [])),
    ),
    readCountsOf(db, ids),
  ]);
  return rows.map((row) => {
    const isReceived = row.isReceived ?? row.readAt !== undefined;
    const readAt = isReceived ? (row.readAt ?? null) : null;
    return {
      id: row.id,
      message: row.body,
      senderId: row.senderId,
      senderName: (row.senderId && names.get(row.senderId)) || '',
      createdAt: row.createdAt.toISOString(),
      audience: row.audience,
      workGroup: row.workGroup,
      isRead: !isReceived || readAt !== null,
      readAt: readAt?.toISOString() ?? null,
      isMine: row.senderId === readerId,
      recipientCount: counts.get(row.id)?.recipientCount ?? 0,
      readCount: counts.get(row.id)?.readCount ?? 0,
    };
  });
};

/** The reader's unread messages still in their list (the header's badge). */
export const unreadCountOf = async (db: Executor, companyId: string, userId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(messageRecipients)
    .where(
      and(
        eq(messageRecipients.companyId, companyId),
        eq(messageRecipients.userId, userId),
        sql`${messageRecipients.readAt} is null and ${messageRecipients.removedAt} is null`,
        sql`not exists (select 1 from ${messages} where ${messages.id} = ${messageRecipients.messageId} and ${messages.deletedAt} is not null)`,
      ),
    );
  return row?.total ?? 0;
};
