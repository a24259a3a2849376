import { DASHBOARD_PROJECT_LISTS, type DashboardAlert } from '@karm/domain/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardLinks } from './dashboard-links';
import { useDashboardAlerts } from './use-dashboard';
import { WidgetCard } from './widget-card';

const alertHref = (links: DashboardLinks, key: DashboardAlert): string => {
  switch (key) {
    case 'offersPastDeadline':
      return links.offersOverdue;
    case 'inquiriesPastDeadline':
      return links.inquiriesOverdue;
    case 'deliveriesPastDue':
      return links.projects(DASHBOARD_PROJECT_LISTS.group('pastDue'));
    case 'invoicesPastDue':
      return links.invoicesPastDue;
    case 'failedSyncs':
      return links.syncLog;
    case 'highDeviations':
      return links.quality;
    case 'overdueTasks':
      return links.tasksOverdue;
  }
};

/** Alerts (SPEC §1): each a count that opens the list it counts; a module not built yet says so. */
export const AlertsWidget = ({ links }: { links: DashboardLinks }) => {
  const { t } = useTranslation('dashboard');
  const query = useDashboardAlerts({ enabled: true });
  return (
    <WidgetCard widget="alerts" title={t('alerts.title')} query={query}>
      <Stack gap={6}>
        {query.data?.items.map((item) =>
          item.isAvailable ? (
            <Anchor
              key={item.key}
              component={Link}
              to={alertHref(links, item.key)}
              underline="hover"
              c="inherit"
              data-alert={item.key}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{t(`alerts.${item.key}`)}</Text>
                <Badge color={item.count > 0 ? 'red' : 'gray'} variant={item.count > 0 ? 'filled' : 'light'}>
                  {item.count}
                </Badge>
              </Group>
            </Anchor>
          ) : (
            <Group key={item.key} justify="space-between" wrap="nowrap" gap="xs" data-alert={item.key}>
              <Text size="sm" c="dimmed">
                {t(`alerts.${item.key}`)}
              </Text>
              <Text size="xs" c="dimmed" fs="italic">
                {t('alerts.notAvailable')}
              </Text>
            </Group>
          ),
        )}
      </Stack>
    </WidgetCard>
  );
};
