import { z } from 'zod';
import { daysBetween, isDateOnly } from '../rules/date-only';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';

/**
 * The calendar (SPEC §1 "calendar", §2 `/calendar`, issue 17): what other modules store, read as
 * dated entries in one range, by the layers the person switches on. It writes nothing of its own:
 * moving a delivery date goes through `project:update` like the project dialog.
 */

/**
 * The layers the calendar can show. `myPlans` are the planner's bookings of the person's own
 * employee rows; `allPlans` everybody's (for those who read the whole planner), one entry per day
 * and subject naming who is on it; `serviceVisits` the agreements' next visits.
 */
export const CALENDAR_LAYERS = [
  'projectStart',
  'projectDelivery',
  'projectEnd',
  'process',
  'tasks',
  'offerDeadlines',
  'inquiryDeadlines',
  'birthdays',
  'myPlans',
  'allPlans',
  'serviceVisits',
] as const;
export type CalendarLayer = (typeof CALENDAR_LAYERS)[number];

/** A range longer than a quarter and a bit is not a calendar view; it keeps each query small. */
export const CALENDAR_MAX_DAYS = 100;

/** The record an entry opens. */
export const CALENDAR_TARGETS = [
  'project',
  'offer',
  'inquiry',
  'task',
  'user',
  /** The planner's fortnight holding the date (`id` is the date). */
  'planner',
  /** A service project's details (its items and agreement). */
  'serviceProject',
] as const;
export type CalendarTargetType = (typeof CALENDAR_TARGETS)[number];

export const calendarEntryDtoSchema = z.object({
  /** Unique within one answer (`layer:record id[:column]`). */
  id: z.string(),
  layer: z.enum(CALENDAR_LAYERS),
  /** What the entry says ("1042 Skole Lørenskog", a task's name, a person's name). */
  title: z.string(),
  /** `YYYY-MM-DD`; every entry is a whole day. */
  start: z.string(),
  end: z.string().optional(),
  allDay: z.literal(true),
  /** `#rrggbb`: the process column's own colour, else the layer's. */
  colour: z.string(),
  target: z.object({ type: z.enum(CALENDAR_TARGETS), id: z.string() }),
  /** The project's version, on delivery entries, so dragging one moves it at the version read. */
  version: z.number().optional(),
  /** Extra words for a process entry: the column's name in both languages. */
  detail: z.object({ nameNo: z.string(), nameEn: z.string() }).optional(),
  /** A plan entry of an absence: which (the client names it in the person's language). */
  absence: z.string().optional(),
});
export type CalendarEntryDto = z.output<typeof calendarEntryDtoSchema>;

/** GET /calendar. */
export const calendarEntriesDtoSchema = z.array(calendarEntryDtoSchema);

const bothDates = (query: { from: unknown; to: unknown }) => isDateOnly(query.from) && isDateOnly(query.to);

/** GET /calendar?from=…&to=…&layers=a,b,c — `to` is inclusive. */
export const calendarQuerySchema = z
  .object({
    from: dateOnlySchema,
    to: dateOnlySchema,
    layers: z
      .string()
      .max(500, messageWithParams(MESSAGES.tooLong, { max: 500 }))
      .default('')
      .transform((value) => value.split(',').filter((layer) => layer !== ''))
      .pipe(z.array(z.enum(CALENDAR_LAYERS)).max(CALENDAR_LAYERS.length)),
  })
  // A date that failed its own check does not reach the range checks (zod runs them regardless).
  .refine((query) => !bothDates(query) || query.from <= query.to, {
    message: MESSAGES.rangeFromBeforeTo,
    path: ['to'],
  })
  .refine((query) => !bothDates(query) || daysBetween(query.from, query.to) < CALENDAR_MAX_DAYS, {
    message: messageWithParams(MESSAGES.rangeTooLong, { max: CALENDAR_MAX_DAYS }),
    path: ['to'],
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/** The layer colours (Mantine palette shades, readable on light and dark). */
export const CALENDAR_LAYER_COLOURS: Record<CalendarLayer, string> = {
  projectStart: '#2f9e44',
  projectDelivery: '#1c7ed6',
  projectEnd: '#7048e8',
  process: '#868e96',
  tasks: '#e8590c',
  offerDeadlines: '#c2255c',
  inquiryDeadlines: '#f08c00',
  birthdays: '#0ca678',
  myPlans: '#1098ad',
  allPlans: '#495057',
  serviceVisits: '#5c940d',
};

/** At most this many plan entries per answer: a wide range of everybody's plans is cut, not slow. */
export const CALENDAR_MAX_PLAN_ENTRIES = 1_500;
