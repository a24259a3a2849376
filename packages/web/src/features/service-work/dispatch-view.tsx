import {
  DISPATCH_ENTRY_KINDS,
  type DispatchEntryDto,
  type DispatchEntryKind,
  type DispatchVisitDto,
  type ServiceItemStatus,
  serviceItemLabel,
} from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '@/components';
import { useIsPhone } from '@/lib/use-is-phone';
import { DISPATCH_PAGE_SIZE, useDispatch, useDispatchPushes } from './dispatch-api';
import { DispatchAssignDialog } from './dispatch-assign-dialog';
import type { DraftItem } from './service-items-draft';
import { ServiceMap } from './service-map';
import { useMapSettings } from './service-work-api';

const KIND_COLORS: Record<DispatchEntryKind, string> = { emergency: 'red', task: 'blue', visit: 'teal' };
/** An entry's pin takes the colour of what it is: an emergency red, a task amber, a visit green. */
const KIND_STATUS: Record<DispatchEntryKind, ServiceItemStatus> = {
  emergency: 'fault',
  task: 'attention',
  visit: 'ok',
};

/** The entries that have a place, as the service map draws items (numbered as in the list). */
const pinsOf = (entries: readonly DispatchEntryDto[], offset: number): DraftItem[] =>
  entries.flatMap((entry, index) => {
    const item = entry.serviceItem;
    if (!item?.location) return [];
    return [
      {
        id: `${entry.subject.kind}:${keyOf(entry)}`,
        projectId: item.projectId,
        number: offset + index + 1,
        name: entry.title,
        floor: item.floor,
        location: item.location,
        serviceTemplateId: null,
        templateName: '',
        emergencyType: item.emergencyType,
        status: KIND_STATUS[entry.kind],
        lastVisitAt: null,
        createdAt: '',
        version: 1,
        isNew: false,
        isEdited: false,
        isRemoved: false,
      },
    ];
  });

function keyOf(entry: DispatchEntryDto) {
  const { subject } = entry;
  return subject.kind === 'task'
    ? subject.taskId
    : subject.kind === 'visit'
      ? subject.agreementId
      : subject.serviceItemId;
}

/** A due visit: the customer and site, the items the agreement covers and its service workers. */
const VisitDetails = ({ visit }: { visit: DispatchVisitDto }) => {
  const { t } = useTranslation('serviceWork');
  const shown = visit.items.map((item) => serviceItemLabel(item)).join(', ');
  const more = visit.itemCount - visit.items.length;
  return (
    <Stack gap={2} data-testid="dispatch-visit">
      {(visit.customerName || visit.site) && (
        <Text size="sm">{[visit.customerName, visit.site].filter(Boolean).join(' — ')}</Text>
      )}
      <Text size="sm" c="dimmed" lineClamp={2}>
        {visit.itemCount === 0
          ? t('dispatch.visit.noItems')
          : t('dispatch.visit.items', { count: visit.itemCount, list: shown, more })}
      </Text>
      {visit.serviceWorkers.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('dispatch.visit.workers', {
            list: visit.serviceWorkers.map((worker) => worker.displayName).join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
};

/**
 * Service assignment (issue 19, the drawer item): the service leader's dispatch list — emergency
 * service items, open service tasks and visits due from agreements — on a list and a map, each
 * booked for a service worker on a day in the resource planner.
 */
export const DispatchView = ({ plannerWeekHref }: { plannerWeekHref: (date: string) => string }) => {
  const { t } = useTranslation('serviceWork');
  const isPhone = useIsPhone();
  useDispatchPushes();
  const [kind, setKind] = useState<DispatchEntryKind | 'all'>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<DispatchEntryDto | null>(null);
  const [lastBooked, setLastBooked] = useState<{ date: string; employeeName: string } | null>(null);
  const dispatch = useDispatch(page, kind === 'all' ? null : kind, debounced);
  const mapSettings = useMapSettings();
  const data = dispatch.data;
  const offset = ((data?.page ?? 1) - 1) * DISPATCH_PAGE_SIZE;
  const pins = useMemo(() => pinsOf(data?.items ?? [], offset), [data, offset]);
  const kindChoices = [
    { value: 'all', label: t('dispatch.kinds.all') },
    ...DISPATCH_ENTRY_KINDS.map((value) => ({ value, label: t(`dispatch.kinds.${value}`) })),
  ];

  if (dispatch.isError)
    return (
      <LoadFailedAlert
        title={t('dispatch.loadFailed')}
        retryLabel={t('actions.retry')}
        error={dispatch.error}
        onRetry={() => void dispatch.refetch()}
      />
    );

  const list = !data ? (
    <Loader size="sm" />
  ) : data.items.length === 0 ? (
    <Text c="dimmed" data-testid="dispatch-empty">
      {t('dispatch.empty')}
    </Text>
  ) : (
    <Stack gap="xs" role="list" aria-label={t('dispatch.listLabel')}>
      {data.items.map((entry, index) => (
        <Paper key={keyOf(entry)} withBorder p="sm" role="listitem" data-testid="dispatch-entry">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Badge color={KIND_COLORS[entry.kind]} variant="light">
                  {offset + index + 1}. {t(`dispatch.kinds.${entry.kind}`)}
                </Badge>
                <Text size="sm" c="dimmed">
                  {formatDate(entry.date)}
                </Text>
                {entry.visit?.isOverdue && (
                  <Badge color="red" variant="outline" size="sm">
                    {t('dispatch.visit.overdue')}
                  </Badge>
                )}
              </Group>
              <Button
                size="xs"
                leftSection={<IconCalendarPlus size={14} />}
                onClick={() => setAssigning(entry)}
                aria-label={t('dispatch.assignOne', { title: entry.title })}
              >
                {t('dispatch.assign')}
              </Button>
            </Group>
            <Text fw={600} size="sm">
              {entry.title}
            </Text>
            {entry.projectLabel &&
              (entry.projectId ? (
                <Anchor component={Link} to={`?projectId=${entry.projectId}`} size="sm">
                  {entry.projectLabel}
                </Anchor>
              ) : (
                <Text size="sm">{entry.projectLabel}</Text>
              ))}
            {entry.visit && <VisitDetails visit={entry.visit} />}
            {!entry.visit && entry.serviceItem?.floor && (
              <Text size="sm" c="dimmed">
                {t('list.floor', { floor: entry.serviceItem.floor })}
              </Text>
            )}
            {entry.description && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {entry.description}
              </Text>
            )}
            {entry.bookings.length > 0 && (
              <Text size="sm" c="teal.8" data-testid="dispatch-booked">
                {t('dispatch.bookedOn', {
                  list: entry.bookings
                    .map((booking) => `${booking.employeeName} ${formatDate(booking.date)}`)
                    .join(', '),
                })}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        {isPhone ? (
          // Four choices do not fit a phone's width side by side: a list to pick from instead.
          <Select
            value={kind}
            onChange={(value) => {
              setKind((value ?? 'all') as DispatchEntryKind | 'all');
              setPage(1);
            }}
            data={kindChoices}
            aria-label={t('dispatch.kindLabel')}
            allowDeselect={false}
            w="100%"
          />
        ) : (
          <SegmentedControl
            value={kind}
            onChange={(value) => {
              setKind(value as DispatchEntryKind | 'all');
              setPage(1);
            }}
            data={kindChoices}
            aria-label={t('dispatch.kindLabel')}
          />
        )}
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('dispatch.search')}
          aria-label={t('dispatch.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={isPhone ? '100%' : 300}
        />
      </Group>
      {lastBooked && (
        <Alert color="teal" variant="light" p="xs" withCloseButton onClose={() => setLastBooked(null)}>
          <Group gap="xs">
            <Text size="sm">
              {t('dispatch.booked', { name: lastBooked.employeeName, date: formatDate(lastBooked.date) })}
            </Text>
            <Anchor component={Link} to={plannerWeekHref(lastBooked.date)} size="sm">
              {t('dispatch.openPlanner')}
            </Anchor>
          </Group>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
          {list}
          {data && data.total > data.pageSize && (
            <Pagination
              mt="sm"
              total={Math.ceil(data.total / data.pageSize)}
              value={page}
              onChange={setPage}
              size="sm"
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
          <ServiceMap
            items={pins}
            tileUrl={mapSettings.data?.tileUrl ?? null}
            height={isPhone ? 280 : 520}
            label={t('dispatch.mapLabel')}
            itemLabel={(item) => `${item.number}. ${item.name}`}
            fitPoints={pins.flatMap((pin) => (pin.location ? [pin.location] : []))}
          />
        </Grid.Col>
      </Grid>
      {assigning && (
        <DispatchAssignDialog entry={assigning} onClose={() => setAssigning(null)} onBooked={setLastBooked} />
      )}
    </Stack>
  );
};
