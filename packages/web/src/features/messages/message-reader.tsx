import type { MessageDto } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AudienceBadge } from './audience-badge';

export type MessageReaderProps = {
  message: MessageDto;
  onMarkRead: () => void;
  onDelete: () => void;
  isBusy: boolean;
  mayDeleteForEveryone: boolean;
};

/** The reading pane: the current message in full, with marking it read and deleting it. */
export const MessageReader = ({
  message,
  onMarkRead,
  onDelete,
  isBusy,
  mayDeleteForEveryone,
}: MessageReaderProps) => {
  const { t } = useTranslation('messages');
  return (
    <Card withBorder padding="lg" data-testid="message-reader">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {message.isMine ? t('reader.fromYou') : message.senderName || t('unknownSender')}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDateTime(message.createdAt)}
            </Text>
          </Stack>
          <Group gap={6}>
            <AudienceBadge message={message} />
            {!message.isRead && (
              <Badge color="blue" variant="filled">
                {t('unread')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
          {message.message}
        </Text>
        {message.isMine && (
          <Text size="sm" c="dimmed">
            {t('reader.readBy', { read: message.readCount, total: message.recipientCount })}
          </Text>
        )}
        <Group gap="xs">
          {!message.isRead && (
            <Button leftSection={<IconCheck size={16} />} onClick={onMarkRead} loading={isBusy}>
              {t('actions.markRead')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={onDelete}
            disabled={isBusy}
          >
            {mayDeleteForEveryone ? t('actions.deleteForEveryone') : t('actions.remove')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
