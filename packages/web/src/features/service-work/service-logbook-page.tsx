import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert, notifyError, PageHeader } from '@/components';
import { downloadThroughLink } from '@/lib/download-links';
import { useSearchParam } from '@/lib/use-search-param';
import { LogbookVisits } from './service-logbook-visits';
import { useServiceLogbook, useServiceReportPushes } from './service-reports-api';
import type { ServiceWorkLinks } from './service-work-links';

/**
 * The per-door logbook (issue 19; EN 16005 asks owners of automatic doors to keep one): every visit
 * of one service item, printable through /print and downloadable as one PDF.
 */
export const ServiceLogbookPage = ({ links }: { links: ServiceWorkLinks }) => {
  const { t, i18n } = useTranslation('serviceWork');
  const [serviceItemId] = useSearchParam('serviceItemId');
  const validId = serviceItemId && /^[0-9a-f-]{36}$/i.test(serviceItemId) ? serviceItemId : null;
  const logbook = useServiceLogbook(validId);
  const [isDownloading, setDownloading] = useState(false);
  useServiceReportPushes();
  if (!validId) return <Text c="dimmed">{t('logbook.noItem')}</Text>;
  if (logbook.isError)
    return (
      <LoadFailedAlert
        title={t('loadFailed')}
        retryLabel={t('actions.retry')}
        error={logbook.error}
        onRetry={() => void logbook.refetch()}
      />
    );
  if (!logbook.data) return <Loader />;
  const { item, project, visits } = logbook.data;
  const itemName = `#${item.number} ${item.name || item.templateName}`;
  const download = async () => {
    setDownloading(true);
    try {
      const locale = i18n.language === 'nb' ? 'nb' : 'en';
      await downloadThroughLink(
        { kind: 'service-logbook-pdf', id: item.id, locale, download: true },
        `${t('logbook.fileName')}-${project.number}-${item.number}.pdf`,
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="sm">
      <PageHeader
        title={t('logbook.title', { item: itemName })}
        subtitle={`${project.number} ${project.name}`}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={links.logbookPrintHref(item.id)}
              variant="default"
              leftSection={<IconPrinter size={16} />}
            >
              {t('logbook.print')}
            </Button>
            <Button
              leftSection={<IconDownload size={16} />}
              loading={isDownloading}
              onClick={() => void download()}
            >
              {t('logbook.download')}
            </Button>
          </Group>
        }
      />
      <Group gap="md">
        <Anchor component={Link} to={links.projectDetailsHref(project.id)} size="sm">
          {t('logbook.backToProject')}
        </Anchor>
        <Anchor component={Link} to={links.serviceItemHref(item.id)} size="sm">
          {t('answering.openChecklist')}
        </Anchor>
      </Group>
      <LogbookVisits visits={visits} />
    </Stack>
  );
};
