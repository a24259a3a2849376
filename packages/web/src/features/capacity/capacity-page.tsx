import '@mantine/charts/styles.css';
import {
  CAPACITY_MAX_WEEKS,
  type IsoWeek,
  isoWeekOf,
  nextIsoWeek,
  osloDateOf,
  previousIsoWeek,
} from '@karm/domain/rules';
import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, PageHeader } from '@/components';
import { useAuthStore } from '@/lib/store/auth-store';
import { useCapacity, useCapacityPushes } from './capacity-api';
import { CapacityDetailsDialog, type CapacityDetailsTarget } from './capacity-details-dialog';
import { useWorkGroupName } from './capacity-format';
import { WorkGroupCapacity } from './work-group-capacity';

/** SPEC §9: now plus 1 to 4 weeks. */
const WEEKS_AHEAD = Array.from({ length: CAPACITY_MAX_WEEKS - 1 }, (_, index) => index + 1);
const thisWeek = (): IsoWeek => isoWeekOf(osloDateOf(new Date()));
const isSameWeek = (a: IsoWeek, b: IsoWeek) => a.year === b.year && a.week === b.week;

/**
 * SPEC §2 /capacity: per work group, this week and the next one to four — the hours the employees
 * have, what the planner has booked, the production and installation hours of active projects not
 * booked yet, and open offers weighted by their status's likelihood. A week opens the capacity info
 * dialog. Every booking, project, offer or status change anywhere reads it again (pushes).
 */
export const CapacityPage = () => {
  const { t } = useTranslation('capacity');
  const groupName = useWorkGroupName();
  useCapacityPushes();
  const profileGroups = useAuthStore((state) => state.user?.profile.plannerWorkGroups);
  const [fromWeek, setFromWeek] = useState<IsoWeek>(thisWeek);
  const [weeksAhead, setWeeksAhead] = useState(CAPACITY_MAX_WEEKS - 1);
  const [chosenGroups, setChosenGroups] = useState<string[] | null>(null);
  const [target, setTarget] = useState<CapacityDetailsTarget | null>(null);
  const capacity = useCapacity({ fromWeek, weeks: weeksAhead + 1 });
  const data = capacity.data;
  // The groups picked on the profile (SPEC §2 profile "work groups") until the person picks here;
  // without any, the groups that have employees.
  const staffedGroups = (data?.workGroups ?? []).filter((group) =>
    data?.cells.some((cell) => cell.workGroup === group && cell.employeeCount > 0),
  );
  const defaultGroups = profileGroups?.length ? profileGroups : staffedGroups;
  const shownGroups = (chosenGroups ?? defaultGroups).filter((group) => data?.workGroups.includes(group));

  return (
    <Stack gap="md">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="capacity-weeks-label">
            {t('weeksAhead')}
          </Text>
          <SegmentedControl
            aria-labelledby="capacity-weeks-label"
            value={String(weeksAhead)}
            onChange={(value) => setWeeksAhead(Number(value))}
            data={WEEKS_AHEAD.map((ahead) => ({
              value: String(ahead),
              label: t('plusWeeks', { count: ahead }),
            }))}
          />
        </Stack>
        <Group gap={4} align="center">
          <Tooltip label={t('previousWeek')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('previousWeek')}
              onClick={() => setFromWeek(previousIsoWeek(fromWeek))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text fw={600} miw={110} ta="center" data-from-week>
            {t('fromWeek', { week: fromWeek.week, year: fromWeek.year })}
          </Text>
          <Tooltip label={t('nextWeek')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('nextWeek')}
              onClick={() => setFromWeek(nextIsoWeek(fromWeek))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="subtle"
            disabled={isSameWeek(fromWeek, thisWeek())}
            onClick={() => setFromWeek(thisWeek())}
          >
            {t('thisWeek')}
          </Button>
        </Group>
      </Group>
      {data && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="capacity-groups-label">
            {t('workGroups')}
          </Text>
          <Chip.Group multiple value={shownGroups} onChange={setChosenGroups}>
            <Group gap="xs" role="group" aria-labelledby="capacity-groups-label">
              {data.workGroups.map((group) => (
                <Chip key={group} value={group} size="sm">
                  {groupName(group)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
      {data && data.unplacedOfferCount > 0 && (
        <Alert color="violet" variant="light" icon={<IconInfoCircle size={18} />} data-unplaced-offers>
          {t('unplacedOffers', { count: data.unplacedOfferCount })}
        </Alert>
      )}
      {capacity.isError ? (
        <Alert color="red">{errorMessageOf(capacity.error)}</Alert>
      ) : !data ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('loading')} />
        </Group>
      ) : shownGroups.length === 0 ? (
        <Text c="dimmed">{t('noGroups')}</Text>
      ) : (
        shownGroups.map((group) => (
          <WorkGroupCapacity
            key={group}
            workGroup={group}
            weeks={data.weeks}
            cells={data.cells.filter((cell) => cell.workGroup === group)}
            onOpenWeek={(week, workGroup) => setTarget({ week, workGroup })}
          />
        ))
      )}
      <Text size="xs" c="dimmed">
        {t('legend')}
      </Text>
      <CapacityDetailsDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
};
