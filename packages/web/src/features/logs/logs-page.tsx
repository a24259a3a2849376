import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components';
import { LogsList } from './logs-list';

/** SPEC §2 /logs: errors reported by browsers, the server and people, paged on the server. */
export const LogsPage = () => {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader title={t('logs.title')} subtitle={t('logs.subtitle')} />
      <LogsList />
    </Stack>
  );
};
