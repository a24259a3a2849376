/**
 * Internal messages (SPEC §1, §2 /messages, the header's messages and the admin tab "messages", §4,
 * §7, §9; issue 17).
 *
 * For other screens, composed in `app/` (features never import each other):
 * - `MessagesPage`: the /messages screen.
 * - `MessagesIndicator` `{ messagesPath }`: the header's unread count and compact list; it also
 *   listens to the message pushes for the whole signed-in app, so mount it once.
 * - `UnreadMessagesList` `{ messagesPath, onNavigate? }`: the compact list (SPEC §9: at most 10
 *   unread, each cut to 10 characters and an ellipsis), for the dashboard's "today's messages".
 * - `CompanyMessages`: every message of the company with who has read it (admin tab "messages").
 */
export { CompanyMessages } from './company-messages';
export { MessagesIndicator } from './messages-indicator';
export { MessagesPage } from './messages-page';
export { messageHref, UnreadMessagesList, type UnreadMessagesListProps } from './unread-messages-list';
