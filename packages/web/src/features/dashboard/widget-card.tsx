import { ActionIcon, Anchor, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChartPie, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '@/components';
import type { PieContent } from '@/components/pie-chart-dialog/pie-chart-dialog';
import type { DashboardLinks } from './dashboard-links';

/** A widget with a chart: where its figures lead, and how it opens its chart as a pie. */
export type ChartWidgetProps = { links: DashboardLinks; onShowPie: (content: PieContent) => void };

type WidgetQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

export type WidgetCardProps = {
  /** Names the card for screen readers and the journeys (`data-widget`). */
  widget: string;
  title: string;
  /** The list behind the widget. */
  href?: string;
  linkLabel?: string;
  /** Opens the widget's chart as a pie (SPEC §2 "pie chart dialog"). */
  onShowPie?: () => void;
  query: WidgetQuery;
  children: ReactNode;
  /** Controls in the header (the period selector). */
  controls?: ReactNode;
};

/** A dashboard card: its own loading state and error, so one slow or failed widget holds up no other. */
export const WidgetCard = ({
  widget,
  title,
  href,
  linkLabel,
  onShowPie,
  query,
  children,
  controls,
}: WidgetCardProps) => {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title} data-widget={widget}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ minWidth: 0 }}>
            {title}
          </Title>
          <Group gap={4} wrap="nowrap">
            {onShowPie && !query.isPending && !query.isError && (
              <Tooltip label={t('pie.open')}>
                <ActionIcon variant="subtle" aria-label={t('pie.openFor', { title })} onClick={onShowPie}>
                  <IconChartPie size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        {controls}
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
            <Skeleton h={18} />
            <Skeleton h={18} w="80%" />
            <Skeleton h={18} w="60%" />
          </Stack>
        ) : query.isError ? (
          <LoadFailedAlert
            title={t('loadFailed')}
            error={query.error}
            retryLabel={t('retry')}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <div style={{ flex: 1 }}>{children}</div>
        )}
        {href && (
          <Anchor component={Link} to={href} size="sm" style={{ alignSelf: 'flex-end' }}>
            <Group gap={2} wrap="nowrap">
              {linkLabel ?? t('openList')}
              <IconChevronRight size={14} />
            </Group>
          </Anchor>
        )}
      </Stack>
    </Card>
  );
};

/** One figure that opens the list it counts. */
export const FigureLink = ({
  href,
  label,
  value,
  color,
  testId,
}: {
  href: string;
  label: string;
  value: number;
  color?: string;
  testId?: string;
}) => (
  <Anchor
    component={Link}
    to={href}
    underline="never"
    c="inherit"
    data-figure={testId}
    aria-label={`${label}: ${value}`}
    style={{ display: 'block' }}
  >
    <Card withBorder padding="xs" radius="sm">
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
      <Text fw={700} size="xl" c={color}>
        {value}
      </Text>
    </Card>
  </Anchor>
);
