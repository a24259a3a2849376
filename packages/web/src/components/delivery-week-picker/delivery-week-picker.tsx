import type { ProcessColumnDto } from '@karm/domain/contract';
import {
  deliveryDateOfWeek,
  deliveryWeekOptions,
  earliestReachableDeliveryDate,
  formatDate,
  isoWeekOf,
  minimumLeadWeeks,
  osloDateOf,
} from '@karm/domain/rules';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './delivery-week-picker.module.css';

/** The years the picker can show (the contract's bounds for a delivery week). */
const MIN_YEAR = 1900;
const MAX_YEAR = 2099;

export type DeliveryWeekPickerProps = {
  /** The ISO week-year shown first, and the year of `week`. */
  year: number;
  /** The chosen week (1–52), or null when none is chosen yet. */
  week: number | null;
  /** The process columns; the largest `factor + min` decides which weeks are too early. */
  columns: readonly Pick<ProcessColumnDto, 'factor' | 'min'>[];
  /** `YYYY-MM-DD`. @default today in Europe/Oslo */
  today?: string;
  /** Called with the ISO week-year and week of a clicked (enabled) week. */
  onChange: (year: number, week: number) => void;
  /** Blocks every week, e.g. while a choice is being saved. */
  disabled?: boolean;
};

/**
 * SPEC §5 delivery week picker: weeks 1 to 52 of a year, each with the Friday it delivers on
 * (dd.MM.yyyy). Weeks the process cannot reach — fewer than the largest `factor + min` weeks after the
 * current week, or past — are greyed out and cannot be chosen (`deliveryWeekOptions`).
 */
export const DeliveryWeekPicker = ({
  year,
  week,
  columns,
  today: todayProp,
  onChange,
  disabled = false,
}: DeliveryWeekPickerProps) => {
  const { t } = useTranslation('processes');
  const today = todayProp ?? osloDateOf(new Date());
  const firstReachable = isoWeekOf(earliestReachableDeliveryDate({ today, columns }));
  // Without a chosen week, the picker opens where the first week can be chosen — late in the year
  // that is often next year, and a year of greyed-out weeks would leave the user guessing.
  const initialYear = week === null ? firstReachable.year : year;
  const [shownYear, setShownYear] = useState(initialYear);
  // A new chosen year (another project, a postponed date) brings its year into view.
  useEffect(() => setShownYear(initialYear), [initialYear]);

  const current = isoWeekOf(today);
  const options = deliveryWeekOptions({ today, year: shownYear, columns });
  const leadWeeks = minimumLeadWeeks(columns);

  return (
    <Stack gap="sm" data-delivery-week-picker>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          aria-label={t('weekPicker.previousYear')}
          disabled={shownYear <= MIN_YEAR}
          onClick={() => setShownYear((value) => value - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={600} aria-live="polite" data-shown-year>
          {shownYear}
        </Text>
        <ActionIcon
          variant="default"
          aria-label={t('weekPicker.nextYear')}
          disabled={shownYear >= MAX_YEAR}
          onClick={() => setShownYear((value) => value + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Text size="sm" c="dimmed">
        {t('weekPicker.leadHint', { count: leadWeeks })}
      </Text>
      {/* As many weeks to a row as the picker's own width allows: it sits in dialogs and pages alike. */}
      <SimpleGrid minColWidth={84} spacing={6} verticalSpacing={6}>
        {options.map((option) => {
          const date = formatDate(deliveryDateOfWeek(shownYear, option.week));
          const isSelected = shownYear === year && option.week === week;
          const isCurrent = shownYear === current.year && option.week === current.week;
          const isFirstReachable = shownYear === firstReachable.year && option.week === firstReachable.week;
          return (
            <Button
              key={option.week}
              className={classes.week}
              variant={isSelected ? 'filled' : 'default'}
              size="compact-sm"
              disabled={disabled || option.isDisabled}
              aria-pressed={isSelected}
              aria-label={t('weekPicker.weekLabel', { week: option.week, date })}
              data-week={option.week}
              data-selected={isSelected || undefined}
              data-current={isCurrent || undefined}
              data-first-reachable={isFirstReachable || undefined}
              title={isFirstReachable ? t('weekPicker.firstReachable') : undefined}
              onClick={() => onChange(shownYear, option.week)}
            >
              <span className={classes.weekInner}>
                <Text span size="sm" fw={600}>
                  {t('weekPicker.week', { week: option.week })}
                </Text>
                <Text span size="xs">
                  {date}
                </Text>
              </span>
            </Button>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
};
