import { Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { LogbookVisits } from './service-logbook-visits';
import { useServiceLogbook } from './service-reports-api';

const PrintedLogbook = ({ id }: { id: string | null }) => {
  const { t } = useTranslation('serviceWork');
  const logbook = useServiceLogbook(id && /^[0-9a-f-]{36}$/i.test(id) ? id : null);
  if (logbook.isError) return <Text c="red">{t('loadFailed')}</Text>;
  if (!logbook.data) return id ? <Loader /> : <Text c="dimmed">{t('logbook.noItem')}</Text>;
  const { item, project, visits } = logbook.data;
  return (
    <Stack gap="sm">
      <Title order={2}>
        {t('logbook.title', { item: `#${item.number} ${item.name || item.templateName}` })}
      </Title>
      <Text>
        {[
          `${project.number} ${project.name}`,
          item.floor && t('list.floor', { floor: item.floor }),
          item.templateName,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <LogbookVisits visits={visits} />
    </Stack>
  );
};

/**
 * The logbook on the print page (`/print?sheet=service-logbook&serviceItemId=…`): the same visits, no
 * controls. /print sits outside the signed-in layout, so the sheet brings the app's query client.
 */
export const ServiceLogbookPrintSheet = ({ search }: { search: URLSearchParams }) => (
  <QueryClientProvider client={queryClient}>
    <PrintedLogbook id={search.get('serviceItemId')} />
  </QueryClientProvider>
);
