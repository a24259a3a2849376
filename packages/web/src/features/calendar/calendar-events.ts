import type { EventInput } from '@fullcalendar/react';
import { CALENDAR_LAYERS, type CalendarEntryDto, type CalendarLayer } from '@karm/domain/contract';
import { addDays, norwegianRedDays, type RedDayName, yearOf } from '@karm/domain/rules';

/** The calendar's data turned into FullCalendar events: the entries, and the red days behind them. */

/** Everybody's plans can be many entries: switched on by choice, not by default. */
export const DEFAULT_LAYERS: readonly CalendarLayer[] = CALENDAR_LAYERS.filter(
  (layer) => layer !== 'allPlans',
);

/** The layers a person may read (the server leaves out the others anyway). */
export const availableLayers = (
  can: (permission: 'planner.read' | 'planner.read-own' | 'service.read') => boolean,
) =>
  CALENDAR_LAYERS.filter((layer) => {
    if (layer === 'allPlans') return can('planner.read');
    if (layer === 'myPlans') return can('planner.read') || can('planner.read-own');
    if (layer === 'serviceVisits') return can('service.read');
    return true;
  });

/** Keeps only names the contract knows (a stored choice may come from an older version). */
export const knownLayers = (stored: readonly string[] | null): CalendarLayer[] =>
  stored === null
    ? [...DEFAULT_LAYERS]
    : stored.filter((layer): layer is CalendarLayer =>
        (CALENDAR_LAYERS as readonly string[]).includes(layer),
      );

/** FullCalendar's visible range ends on the day after; the server's `to` is the last day shown. */
export const rangeOf = ({ startStr, endStr }: { startStr: string; endStr: string }) => ({
  from: startStr.slice(0, 10),
  to: addDays(endStr.slice(0, 10), -1),
});

export type EntryEvent = EventInput & { extendedProps: { entry: CalendarEntryDto } };

export const entryEvents = (
  entries: readonly CalendarEntryDto[],
  {
    mayMoveDeliveries,
    titleOf,
  }: { mayMoveDeliveries: boolean; titleOf: (entry: CalendarEntryDto) => string },
): EntryEvent[] =>
  entries.map((entry) => ({
    id: entry.id,
    title: titleOf(entry),
    start: entry.start,
    ...(entry.end ? { end: entry.end } : {}),
    allDay: true,
    color: entry.colour,
    // Only a delivery date moves by dragging; everything else opens its record to be changed there.
    editable: mayMoveDeliveries && entry.layer === 'projectDelivery',
    className: `karm-calendar-entry karm-calendar-${entry.layer}`,
    extendedProps: { entry },
  }));

/** The Norwegian red days of the range, from the domain's one rule, as named background shading. */
export const redDayEvents = (
  range: { from: string; to: string },
  nameOf: (name: RedDayName) => string,
  // The list view has no cells to shade, so there a red day is a line of its own.
  isList = false,
): EventInput[] => {
  const years = [...new Set([yearOf(range.from), yearOf(range.to)])];
  // Two holidays on one day (17 May and Whit Monday) share one shading that names both.
  const namesByDate = new Map<string, string[]>();
  for (const day of years.flatMap((year) => norwegianRedDays(year))) {
    if (day.date < range.from || day.date > range.to) continue;
    namesByDate.set(day.date, [...(namesByDate.get(day.date) ?? []), nameOf(day.name)]);
  }
  return [...namesByDate].map(([date, names]) => ({
    id: `red-day:${date}`,
    title: names.join(' · '),
    start: date,
    allDay: true,
    display: isList ? 'auto' : 'background',
    className: isList ? 'karm-calendar-red-day-line' : 'karm-calendar-red-day',
    // Mantine's red 6: a red day's dot in the list, as red as its shading in the grid.
    ...(isList ? { color: '#fa5252' } : {}),
    editable: false,
  }));
};
