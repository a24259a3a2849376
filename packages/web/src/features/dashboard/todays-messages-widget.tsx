import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Today's messages" (SPEC §1). The messages module's compact list of unread messages fills this
 * card (`children`, composed in app/); without it the card says so plainly.
 */
export const TodaysMessagesWidget = ({ children }: { children?: ReactNode }) => {
  const { t } = useTranslation('dashboard');
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label={t('messages.title')}
      data-widget="messages"
    >
      <Title order={2} size="h4" mb="sm">
        {t('messages.title')}
      </Title>
      {children ?? (
        <Text c="dimmed" size="sm">
          {t('messages.notYet')}
        </Text>
      )}
    </Card>
  );
};
