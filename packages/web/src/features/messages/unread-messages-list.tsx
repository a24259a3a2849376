import { formatDateTime, unreadPreviewList } from '@karm/domain/rules';
import { Anchor, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadMessages } from './messages-api';

/** The address of one message on the messages screen (it opens as the current message). */
export const messageHref = (messagesPath: string, id: string) =>
  `${messagesPath}?id=${encodeURIComponent(id)}`;

export type UnreadMessagesListProps = {
  /** The messages screen's path (`href.to('messages')`): each item and "All messages" link there. */
  messagesPath: string;
  /** Called when the person follows a link (a menu closes itself). */
  onNavigate?: () => void;
};

/**
 * The compact list of unread messages (SPEC §9: at most 10, each cut to 10 characters plus an
 * ellipsis): the header's messages menu shows it, and the dashboard's "today's messages" can too.
 */
export const UnreadMessagesList = ({ messagesPath, onNavigate }: UnreadMessagesListProps) => {
  const { t } = useTranslation('messages');
  const unread = useUnreadMessages();
  if (unread.isPending) return <Loader size="sm" m="sm" aria-label={t('loading')} />;
  if (unread.isError)
    return (
      <Text c="red" size="sm">
        {t('loadFailed')}
      </Text>
    );
  const { items } = unreadPreviewList(unread.data.items);
  const more = Math.max(0, unread.data.unreadCount - items.length);
  return (
    <Stack gap={4} data-testid="unread-messages">
      {items.length === 0 && (
        <Text size="sm" c="dimmed" p="xs">
          {t('compact.none')}
        </Text>
      )}
      {items.map((message) => (
        <UnstyledButton
          key={message.id}
          component={Link}
          to={messageHref(messagesPath, message.id)}
          onClick={onNavigate}
          px="xs"
          py={6}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          data-testid="unread-message"
          title={message.message}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {message.senderName || t('unknownSender')}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDateTime(message.createdAt)}
            </Text>
          </Group>
          <Text size="sm">{message.preview}</Text>
        </UnstyledButton>
      ))}
      <Group justify="space-between" px="xs" pt={4}>
        <Anchor component={Link} to={messagesPath} onClick={onNavigate} size="sm">
          {t('compact.all')}
        </Anchor>
        {more > 0 && (
          <Text size="xs" c="dimmed">
            {t('compact.more', { count: more })}
          </Text>
        )}
      </Group>
    </Stack>
  );
};
