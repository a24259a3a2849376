import type { WorkStatus, WorkStatusBookingDto } from '@karm/domain/contract';
import { Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDashboardWorkStatus } from './use-dashboard';
import { type ChartWidgetProps, WidgetCard } from './widget-card';

const STATUS_COLORS: Record<WorkStatus, string> = { booked: 'blue.6', absent: 'orange.6', free: 'gray.5' };
const STATUSES: WorkStatus[] = ['booked', 'absent', 'free'];

const describe = (t: TFunction, booking: WorkStatusBookingDto) => {
  switch (booking.kind) {
    case 'project':
      return booking.number === null ? booking.name : `${booking.number} ${booking.name}`;
    case 'task':
    case 'serviceItem':
      return booking.name;
    case 'absence':
      return t(`workStatus.absence.${booking.absence}`);
  }
};

/** Employee work status today (SPEC §1): booked on what, absent or free, from the resource planner. */
export const WorkStatusWidget = ({ links, onShowPie }: ChartWidgetProps) => {
  const { t } = useTranslation('dashboard');
  const query = useDashboardWorkStatus({ enabled: true });
  const data = query.data;
  const title = t('workStatus.title');
  return (
    <WidgetCard
      widget="workStatus"
      title={title}
      query={query}
      href={links.planner}
      linkLabel={t('workStatus.openPlanner')}
      onShowPie={() =>
        data &&
        onShowPie({
          title,
          slices: STATUSES.map((status) => ({
            name: t(`workStatus.status.${status}`),
            value: data.counts[status],
            color: STATUS_COLORS[status],
          })),
        })
      }
    >
      {data && (
        <Stack gap="sm">
          <Group gap="xs">
            {STATUSES.map((status) => (
              <Badge
                key={status}
                color={STATUS_COLORS[status].split('.')[0]}
                variant="light"
                data-status-count={status}
              >
                {t(`workStatus.status.${status}`)}: {data.counts[status]}
              </Badge>
            ))}
          </Group>
          {data.employees.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('workStatus.none')}
            </Text>
          ) : (
            <ScrollArea.Autosize
              mah={240}
              type="auto"
              // A list without links scrolls by keyboard only when its viewport takes focus.
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': title }}
            >
              <Stack gap={6}>
                {data.employees.map((employee) => (
                  <Group key={employee.employeeId} gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm" truncate style={{ minWidth: 0 }}>
                      {employee.name}
                    </Text>
                    <Text size="xs" c={employee.status === 'free' ? 'dimmed' : undefined} ta="right" truncate>
                      {employee.status === 'free'
                        ? t('workStatus.status.free')
                        : employee.bookings.map((booking) => describe(t, booking)).join(', ')}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </WidgetCard>
  );
};
