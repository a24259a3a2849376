import { type IsoWeek, isoWeekOf, nextIsoWeek, previousIsoWeek } from '@karm/domain/rules';
import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateInput } from '@/components';

/**
 * Back and forward by one ISO week (SPEC §4; across year ends and week 53 by the domain's rules),
 * back to this week, and to the fortnight of any date (the picker shows week numbers).
 */
export const PlannerWeekNav = ({
  week,
  today,
  weekHref,
}: {
  week: IsoWeek;
  today: string;
  weekHref: (week: IsoWeek) => string;
}) => {
  const { t } = useTranslation('planner');
  const navigate = useNavigate();
  const previous = previousIsoWeek(week);
  const next = nextIsoWeek(week);
  const current = isoWeekOf(today);
  const isCurrent = current.year === week.year && current.week === week.week;
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <Button
        component={Link}
        to={weekHref(previous)}
        variant="default"
        leftSection={<IconChevronLeft size={16} />}
        aria-label={t('nav.previousLabel', { week: previous.week, year: previous.year })}
      >
        {t('nav.previous')}
      </Button>
      <Button component={Link} to={weekHref(current)} variant={isCurrent ? 'light' : 'default'}>
        {t('nav.thisWeek')}
      </Button>
      <Button
        component={Link}
        to={weekHref(next)}
        variant="default"
        rightSection={<IconChevronRight size={16} />}
        aria-label={t('nav.nextLabel', { week: next.week, year: next.year })}
      >
        {t('nav.next')}
      </Button>
      <DateInput
        aria-label={t('nav.goToDate')}
        placeholder={t('nav.goToDate')}
        value={null}
        today={today}
        onChange={(date) => {
          if (date) void navigate(weekHref(isoWeekOf(date)));
        }}
        w={170}
      />
    </Group>
  );
};
