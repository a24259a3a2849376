import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components';

export const HelpDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('header.helpTitle')} size="md">
      <Stack>
        <Text>{t('header.helpText')}</Text>
        <Text size="sm" c="dimmed">
          {t('header.helpShortcuts')}
        </Text>
      </Stack>
    </AppDialog>
  );
};
