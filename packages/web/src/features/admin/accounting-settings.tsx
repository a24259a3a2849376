import { Alert, Button, Card, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, SectionHeader } from '@/components';
import { useAccountingSettings } from './accounting-api';
import { AccountingSettingsForm } from './accounting-settings-form';
import { AccountingSync } from './accounting-sync';
import { ConnectionTest } from './connection-test';

const Section = ({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) => (
  <Card withBorder radius="md" padding="lg">
    <Stack gap="md">
      <SectionHeader order={3} title={title} description={description} />
      {children}
    </Stack>
  </Card>
);

/** The "Accounting system" tab: connection settings, a connection test, syncing and the sync log. */
export const AccountingSettings = () => {
  const { t } = useTranslation('admin');
  const settings = useAccountingSettings();

  if (settings.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:actions.loading')} />
      </Center>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" title={t('accounting.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessageOf(settings.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void settings.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { data } = settings;
  const isConfigured = data.provider !== 'none';
  return (
    <Stack gap="lg">
      <Section title={t('accounting.title')} description={t('accounting.description')}>
        <Stack>
          <AccountingSettingsForm
            key={`form-${data.version}`}
            settings={data}
            onReload={() => void settings.refetch()}
          />
          <ConnectionTest key={`test-${data.version}`} isConfigured={isConfigured} />
        </Stack>
      </Section>
      <Section title={t('accounting.sync.sectionTitle')}>
        <AccountingSync isConfigured={isConfigured} lastSyncAt={data.lastSyncAt} />
      </Section>
    </Stack>
  );
};
