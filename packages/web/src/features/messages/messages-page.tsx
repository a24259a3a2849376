import { holds, type MessageDto, type MessageFolder } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import {
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconMail, IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmptyState,
  LoadFailedAlert,
  notifyError,
  notifySuccess,
  PageHeader,
  useConfirm,
} from '@/components';
import { useAuthStore } from '@/lib/store/auth-store';
import { useSearchParam } from '@/lib/use-search-param';
import { AudienceBadge } from './audience-badge';
import { ComposeDialog } from './compose-dialog';
import { MessageReader } from './message-reader';
import { useDeleteMessage, useMessages, useReadMessage } from './messages-api';

const PAGE_SIZE = 20;

/** One row of the list: who, when, and the first line; unread ones stand out. */
const MessageRow = ({
  message,
  isCurrent,
  onSelect,
}: {
  message: MessageDto;
  isCurrent: boolean;
  onSelect: () => void;
}) => {
  const { t } = useTranslation('messages');
  return (
    <UnstyledButton
      onClick={onSelect}
      p="sm"
      aria-current={isCurrent ? 'true' : undefined}
      data-testid="message-row"
      data-unread={message.isRead ? undefined : 'true'}
      style={{
        display: 'block',
        width: '100%',
        borderRadius: 'var(--mantine-radius-sm)',
        background: isCurrent ? 'var(--mantine-color-blue-light)' : undefined,
        borderLeft: `3px solid ${message.isRead ? 'transparent' : 'var(--mantine-color-blue-6)'}`,
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={message.isRead ? 400 : 700} truncate>
          {message.isMine
            ? t('list.to', { count: message.recipientCount })
            : message.senderName || t('unknownSender')}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatDateTime(message.createdAt)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c={message.isRead ? 'dimmed' : undefined} truncate style={{ flex: 1 }}>
          {message.message}
        </Text>
        <AudienceBadge message={message} />
      </Group>
    </UnstyledButton>
  );
};

/**
 * The messages screen (SPEC §2 /messages): the inbox with unread first and a reading pane; marking
 * the current message read moves on to the next unread one (SPEC §4); the sent list; composing to
 * colleagues, a work group or everyone; deleting asks first. Pushes keep it fresh.
 */
export const MessagesPage = () => {
  const { t } = useTranslation('messages');
  const user = useAuthStore((state) => state.user);
  const maySend = holds(user, 'messages.send');
  const mayManage = holds(user, 'messages.manage');
  const confirm = useConfirm();
  const [folderParam, setFolder] = useSearchParam('folder');
  const folder: MessageFolder = folderParam === 'sent' ? 'sent' : 'inbox';
  const [currentId, setCurrentId] = useSearchParam('id');
  const [page, setPage] = useState(1);
  const [isComposing, setComposing] = useState(false);
  const list = useMessages({ folder, page, pageSize: PAGE_SIZE });
  const read = useReadMessage();
  const remove = useDeleteMessage();
  const items = list.data?.items ?? [];
  const current = items.find((message) => message.id === currentId) ?? null;

  // Without a chosen message the first of the list is current: the newest unread one, if any.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    if (currentId && list.data.items.some((message) => message.id === currentId)) return;
    const first = list.data.items[0];
    if (first && first.id !== currentId) setCurrentId(first.id);
  }, [list.data, list.isPlaceholderData, currentId, setCurrentId]);

  const markRead = async (message: MessageDto) => {
    try {
      const answer = await read.mutateAsync(message.id);
      notifySuccess(t('toast.read'));
      // SPEC §4: the current message moves on to the next unread one.
      if (answer.nextUnreadId) setCurrentId(answer.nextUnreadId);
    } catch (error) {
      notifyError(error);
    }
  };

  const deleteCurrent = async (message: MessageDto) => {
    const forEveryone = message.isMine || mayManage;
    const isSure = await confirm({
      title: forEveryone ? t('confirm.deleteTitle') : t('confirm.removeTitle'),
      message: forEveryone ? t('confirm.deleteText') : t('confirm.removeText'),
      confirmLabel: forEveryone ? t('actions.deleteForEveryone') : t('actions.remove'),
    });
    if (!isSure) return;
    try {
      await remove.mutateAsync({ id: message.id, scope: forEveryone ? 'everyone' : 'mine' });
      notifySuccess(forEveryone ? t('toast.deleted') : t('toast.removed'));
      setCurrentId('');
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        subtitle={list.data ? t('unreadCount', { count: list.data.unreadCount }) : undefined}
        actions={
          maySend && (
            <Button
              leftSection={<IconPencil size={16} />}
              onClick={() => setComposing(true)}
              data-testid="compose"
            >
              {t('actions.compose')}
            </Button>
          )
        }
      />
      <SegmentedControl
        value={folder}
        onChange={(value) => {
          setPage(1);
          setCurrentId('');
          setFolder(value);
        }}
        data={[
          { value: 'inbox', label: t('folders.inbox') },
          { value: 'sent', label: t('folders.sent') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isPending && <Loader size="sm" aria-label={t('loading')} />}
      {list.isError && (
        <LoadFailedAlert
          title={t('loadFailed')}
          error={list.error}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && items.length === 0 && (
        <EmptyState
          icon={<IconMail size={30} />}
          title={folder === 'sent' ? t('empty.sentTitle') : t('empty.inboxTitle')}
          description={folder === 'sent' ? t('empty.sentText') : t('empty.inboxText')}
        />
      )}
      {items.length > 0 && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
            {current && (
              <MessageReader
                message={current}
                onMarkRead={() => void markRead(current)}
                onDelete={() => void deleteCurrent(current)}
                isBusy={read.isPending || remove.isPending}
                mayDeleteForEveryone={current.isMine || mayManage}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }}>
            <Card withBorder padding={4} data-testid="message-list">
              <Stack gap={2}>
                {items.map((message) => (
                  <MessageRow
                    key={message.id}
                    message={message}
                    isCurrent={message.id === current?.id}
                    onSelect={() => setCurrentId(message.id)}
                  />
                ))}
              </Stack>
            </Card>
            {list.data && list.data.total > PAGE_SIZE && (
              <Group justify="center" mt="sm">
                <Pagination
                  total={Math.ceil(list.data.total / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  size="sm"
                />
              </Group>
            )}
          </Grid.Col>
        </Grid>
      )}
      <ComposeDialog opened={isComposing} onClose={() => setComposing(false)} />
    </Stack>
  );
};
