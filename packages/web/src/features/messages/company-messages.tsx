import { type AdminMessageDto, holds } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { ActionIcon, Badge, Card, Group, Pagination, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailedAlert, notifyError, notifySuccess, useConfirm } from '@/components';
import { useAuthStore } from '@/lib/store/auth-store';
import { AudienceBadge } from './audience-badge';
import { useCompanyMessages, useDeleteMessage } from './messages-api';

const PAGE_SIZE = 20;

/** Who received one message: read ones (green, with when) first, then the rest. */
const Recipients = ({ message }: { message: AdminMessageDto }) => {
  const { t } = useTranslation('messages');
  return (
    <Group gap={6} data-testid="admin-message-recipients">
      {message.recipients.map((recipient) => (
        <Tooltip
          key={recipient.userId}
          label={
            recipient.readAt
              ? t('admin.readAt', { date: formatDateTime(recipient.readAt) })
              : t('admin.notRead')
          }
        >
          <Badge
            variant={recipient.readAt ? 'light' : 'outline'}
            color={recipient.readAt ? 'green' : 'gray'}
            leftSection={recipient.readAt ? <IconCheck size={12} /> : undefined}
            data-read={recipient.readAt ? 'true' : 'false'}
            style={{ textTransform: 'none' }}
          >
            {recipient.name}
            {recipient.isRemoved ? ` (${t('admin.removed')})` : ''}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
};

/**
 * The admin tab "messages" (SPEC §2): every message of the company, newest first and paged, with
 * who has read it; an administrator may delete any of them for everyone (asked first).
 */
export const CompanyMessages = () => {
  const { t } = useTranslation('messages');
  const user = useAuthStore((state) => state.user);
  const mayManage = holds(user, 'messages.manage');
  const [page, setPage] = useState(1);
  const messages = useCompanyMessages(page, PAGE_SIZE);
  const remove = useDeleteMessage();
  const confirm = useConfirm();

  if (!mayManage) return null;

  const deleteMessage = async (message: AdminMessageDto) => {
    const isSure = await confirm({
      title: t('confirm.deleteTitle'),
      message: t('confirm.deleteText'),
      confirmLabel: t('actions.deleteForEveryone'),
    });
    if (!isSure) return;
    try {
      await remove.mutateAsync({ id: message.id, scope: 'everyone' });
      notifySuccess(t('toast.deleted'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm" data-testid="company-messages">
      <Title order={2} size="h4">
        {t('admin.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('admin.text')}
      </Text>
      {messages.isError && (
        <LoadFailedAlert
          title={t('loadFailed')}
          error={messages.error}
          retryLabel={t('actions.retry')}
          onRetry={() => void messages.refetch()}
        />
      )}
      {messages.data?.items.length === 0 && (
        <EmptyState title={t('admin.emptyTitle')} description={t('admin.emptyText')} />
      )}
      {messages.data?.items.map((message) => {
        const readCount = message.recipients.filter((recipient) => recipient.readAt).length;
        return (
          <Card key={message.id} withBorder padding="sm" data-testid="admin-message">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {message.senderName || t('unknownSender')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(message.createdAt)}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  <AudienceBadge message={message} />
                  <Badge variant="light" data-testid="admin-read-count">
                    {t('admin.readCount', { read: readCount, total: message.recipients.length })}
                  </Badge>
                  <Tooltip label={t('actions.deleteForEveryone')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('actions.deleteForEveryone')}
                      onClick={() => void deleteMessage(message)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
                {message.message}
              </Text>
              <Recipients message={message} />
            </Stack>
          </Card>
        );
      })}
      {messages.data && messages.data.total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(messages.data.total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
          />
        </Group>
      )}
    </Stack>
  );
};
