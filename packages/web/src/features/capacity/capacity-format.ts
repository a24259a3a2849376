import type { CapacityCellDto, CapacityWeekDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { useTranslation } from 'react-i18next';

/** Hours as people read them: one decimal at most, the language's decimal mark ("37,5 t" / "37.5 h"). */
export const useHours = () => {
  const { t, i18n } = useTranslation('capacity');
  const locale = i18n.language === 'nb' ? 'nb-NO' : 'en-GB';
  return (hours: number) => t('hours', { hours: hours.toLocaleString(locale, { maximumFractionDigits: 1 }) });
};

/** A work group's name: the four of SPEC §9 translated, any other as the admin wrote it. */
export const useWorkGroupName = () => {
  const { t } = useTranslation('common');
  return (group: string) => t(`workGroups.${group}`, { defaultValue: group });
};

export const weekRange = (week: CapacityWeekDto) => `${formatDate(week.from)}–${formatDate(week.to)}`;

/** What is left of the week once bookings and unplanned demand are taken (below nothing: over capacity). */
export const freeHoursOf = (
  cell: Pick<CapacityCellDto, 'availableHours' | 'bookedHours' | 'unplannedDemandHours'>,
) => cell.availableHours - cell.bookedHours - cell.unplannedDemandHours;
