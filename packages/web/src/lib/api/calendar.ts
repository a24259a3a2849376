import type { CalendarEntryDto, CalendarLayer } from '@karm/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /calendar (issue 17): the dated entries of the chosen layers in the visible range. */
export type CalendarRange = { from: string; to: string };

export const calendarKeys = {
  all: ['calendar'] as const,
  range: (range: CalendarRange, layers: readonly CalendarLayer[]) =>
    [...calendarKeys.all, range.from, range.to, [...layers].sort().join(',')] as const,
};

export const getCalendarEntries = (range: CalendarRange, layers: readonly CalendarLayer[]) =>
  http<CalendarEntryDto[]>('/calendar', { query: { ...range, layers: layers.join(',') } });

export const useCalendarEntries = (range: CalendarRange | null, layers: readonly CalendarLayer[]) =>
  useQuery({
    queryKey: range ? calendarKeys.range(range, layers) : calendarKeys.all,
    queryFn: () => getCalendarEntries(range!, layers),
    enabled: range !== null,
    // The previous range's entries stay while the next month loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });
