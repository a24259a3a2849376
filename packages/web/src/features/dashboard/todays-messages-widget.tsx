import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * "Today's messages" (SPEC §1). The messages module is built on its own branch and fills this card
 * when it is merged; until then the card says so plainly.
 */
export const TodaysMessagesWidget = () => {
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
      <Text c="dimmed" size="sm">
        {t('messages.notYet')}
      </Text>
    </Card>
  );
};
