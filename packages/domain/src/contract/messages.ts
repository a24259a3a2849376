import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { collectionKeySchema } from './collection-key';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

/**
 * Internal messages (SPEC §1 "internal messages to logged-in users", §2 /messages and the admin tab
 * "messages", §3 Message {_id, message}, §4, §7 message:send and message:delete with pushes of new and
 * deleted messages, §9 the compact list, issue 17). A message goes to one user, several, a work group
 * or everyone in the company; each recipient has their own unread/read state, and a message to
 * everyone also reaches those not signed in when they next are. Deleting a message (its sender or an
 * administrator) removes it from every list at once; a recipient may remove it from their own list.
 */

export const MESSAGE_LIMITS = { text: 4_000, recipients: 500 } as const;

/** Who a message goes to. */
export const MESSAGE_AUDIENCES = ['users', 'workGroup', 'everyone'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const messageRecipientsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('users'),
    userIds: z
      .array(z.uuid())
      .min(1, MESSAGES.required)
      .max(MESSAGE_LIMITS.recipients)
      .refine((ids) => new Set(ids).size === ids.length, MESSAGES.duplicateId),
  }),
  /** A key of the company's work-group list (collections `workGroup`): its employees' users. */
  z.object({ kind: z.literal('workGroup'), workGroup: collectionKeySchema }),
  z.object({ kind: z.literal('everyone') }),
]);
export type MessageRecipients = z.input<typeof messageRecipientsSchema>;

/** `message:send`. */
export const messageSendSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .max(MESSAGE_LIMITS.text, messageWithParams(MESSAGES.tooLong, { max: MESSAGE_LIMITS.text })),
  to: messageRecipientsSchema,
});
export type MessageSendInput = z.input<typeof messageSendSchema>;

/** `message:delete`: for everyone (sender or administrator) or only from the asker's own list. */
export const messageDeleteSchema = z.object({
  id: z.uuid(),
  scope: z.enum(['everyone', 'mine']).default('mine'),
});
export type MessageDeleteInput = z.input<typeof messageDeleteSchema>;

/** `message:read`: marks one of the asker's messages read; answers it and the next unread one's id. */
export const messageReadSchema = z.object({ id: z.uuid() });

/** The lists of `messages:get`: received (unread first, then newest), only unread, or sent. */
export const MESSAGE_FOLDERS = ['inbox', 'unread', 'sent'] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];

export const messageListSchema = pageQuerySchema.extend({ folder: z.enum(MESSAGE_FOLDERS).default('inbox') });
export type MessageListQuery = z.input<typeof messageListSchema>;

/** One message as its reader sees it (SPEC §3 Message: `_id` is `id`, `message` the text). */
export type MessageDto = {
  id: string;
  message: string;
  senderId: string | null;
  senderName: string;
  createdAt: string;
  audience: MessageAudience;
  /** The work group it went to (audience `workGroup`). */
  workGroup: string | null;
  /** Whether the asker received it and has read it (a sent message the asker did not receive: true). */
  isRead: boolean;
  readAt: string | null;
  /** The asker sent it: they may delete it for everyone. */
  isMine: boolean;
  recipientCount: number;
  readCount: number;
};

/** A page of the asker's messages, with how many they have unread in all (the header's badge). */
export type MessagePageDto = Page<MessageDto> & { unreadCount: number };

export type MessageReadDto = { message: MessageDto; nextUnreadId: string | null; unreadCount: number };

/** Whom the compose dialog offers: the company's signed-in-capable users and its work groups. */
export type MessageRecipientOptionsDto = {
  users: { id: string; name: string }[];
  workGroups: { key: string; labels: { nb: string; en: string }; memberCount: number }[];
};

/** The admin tab "messages": every message of the company with who has read it. */
export type AdminMessageDto = Omit<MessageDto, 'isRead' | 'readAt' | 'isMine'> & {
  recipients: { userId: string; name: string; readAt: string | null; isRemoved: boolean }[];
};

export const adminMessageListSchema = pageQuerySchema;

export const messageEvents = {
  'message:send': socketEvent<MessageDto>()(messageSendSchema),
  'message:delete': socketEvent<{ id: string }>()(messageDeleteSchema),
  'message:read': socketEvent<MessageReadDto>()(messageReadSchema),
  'messages:get': socketEvent<MessagePageDto>()(messageListSchema),
  'message:recipients': socketEvent<MessageRecipientOptionsDto>()(z.unknown()),
  'messages:admin-get': socketEvent<Page<AdminMessageDto>>()(adminMessageListSchema),
};

/**
 * Server pushes (SPEC §7 "new and deleted messages"): a new message goes only to its recipients'
 * sessions in the company; a deleted one to the company's room (only its id), so it disappears from
 * every open list — the inbox, the header, the admin tab — at once.
 */
export const MESSAGE_PUSHES = {
  new: 'message:new',
  deleted: 'message:deleted',
  /** To the reader's own sessions: a message became read, so every tab's unread count follows. */
  read: 'messages:read-changed',
} as const;
export type MessageNewPush = MessageDto;
export type MessageDeletedPush = { id: string; scope: 'everyone' | 'mine' };
export type MessageReadPush = { id: string; unreadCount: number };
