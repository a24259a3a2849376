import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from './routes';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Text fz={64} fw={700} c="dimmed">
          404
        </Text>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to={ROUTES.dashboard}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
};
