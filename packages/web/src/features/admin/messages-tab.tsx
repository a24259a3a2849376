import { Divider, Stack } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components';
import { MailOutbox } from './mail-outbox';

/** Messages to colleagues are a later module; the mail outbox is already here. */
export const MessagesTab = () => {
  const { t } = useTranslation('admin');
  return (
    <Stack>
      <EmptyState
        icon={<IconHourglassHigh size={30} />}
        title={t('tabs.messages')}
        description={t('planned.messages')}
      />
      <Divider />
      <MailOutbox />
    </Stack>
  );
};
