import type { MessageDto } from '@karm/domain/contract';
import { messagePreview } from '@karm/domain/rules';
import { ActionIcon, Indicator, Popover, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/components';
import { useMessagePushes, useUnreadMessages } from './messages-api';
import { UnreadMessagesList } from './unread-messages-list';

/**
 * The header's messages (SPEC §2): the unread count on an envelope that opens the compact list. It
 * also listens to the message pushes for the whole app, and tells of a message as it arrives.
 */
export const MessagesIndicator = ({ messagesPath }: { messagesPath: string }) => {
  const { t } = useTranslation('messages');
  const [isOpened, setOpened] = useState(false);
  const unread = useUnreadMessages();
  const count = unread.data?.unreadCount ?? 0;
  const tellArrival = useCallback(
    (message: MessageDto) =>
      notifySuccess(
        t('toast.arrived', { name: message.senderName, preview: messagePreview(message.message, 40) }),
      ),
    [t],
  );
  useMessagePushes(tellArrival);
  const label = count > 0 ? t('header.unread', { count }) : t('header.label');
  return (
    <Popover opened={isOpened} onChange={setOpened} position="bottom-end" withArrow width={300} shadow="md">
      <Popover.Target>
        {/* The tooltip would cover the open list. */}
        <Tooltip label={label} disabled={isOpened}>
          <Indicator
            label={count > 99 ? '99+' : count}
            size={16}
            disabled={count === 0}
            color="red"
            offset={6}
            data-testid="header-messages-count"
          >
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={label}
              onClick={() => setOpened((opened) => !opened)}
              data-testid="header-messages"
            >
              <IconMail size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <UnreadMessagesList messagesPath={messagesPath} onNavigate={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
};
