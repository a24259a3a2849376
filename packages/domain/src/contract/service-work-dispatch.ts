import { z } from 'zod';
import { isDayPart } from '../rules/planner/day-parts';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { lookupDtoSchema } from './customers';
import { dateOnlySchema } from './date-only';
import { pageQuerySchema, pageSchema } from './paging';
import { SERVICE_EMERGENCY_TYPES, serviceLocationDtoSchema } from './service-work';

/**
 * Service assignment (issue 19, the drawer item "Service assignment"; SPEC §2 names no route of its
 * own, so it is `/service-project-details` opened without a project): the service leader's dispatch
 * list of what needs a service worker — emergency service items, open service tasks and (once
 * service agreements exist) visits that are due — each booked for a worker on a day through the
 * planner's `plan:add` use case. Service items can also be found for the planner's book dialog.
 */

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));

/** GET /service-project/service-items/search: service items by project number or name, item name or template, paged. */
export const serviceItemSearchQuerySchema = pageQuerySchema.extend({ search: text(100).optional() });
export type ServiceItemSearchQuery = z.input<typeof serviceItemSearchQuerySchema>;

/** A service item as pickers and the dispatch list name it. */
export const serviceItemChoiceDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectNumber: z.number(),
  projectName: z.string(),
  number: z.number(),
  /** The item's name, or its checklist's name when it has none. */
  name: z.string(),
  floor: z.string(),
  location: serviceLocationDtoSchema.nullable(),
  emergencyType: z.enum(SERVICE_EMERGENCY_TYPES),
});
export type ServiceItemChoiceDto = z.output<typeof serviceItemChoiceDtoSchema>;

/** GET /service-project/service-items/search. */
export const serviceItemChoicePageSchema = pageSchema(serviceItemChoiceDtoSchema);

/** What a dispatch entry is: an emergency item, an open service task, or a visit an agreement makes due. */
export const DISPATCH_ENTRY_KINDS = ['emergency', 'task', 'visit'] as const;
export type DispatchEntryKind = (typeof DISPATCH_ENTRY_KINDS)[number];

/**
 * A visit an agreement makes due (kind 'visit'): the agreement, the items it covers and where. A due
 * visit is listed once, as this entry; the agreement's visit tasks (one per service worker) are what
 * its bookings are made on, so they are not listed again as tasks.
 */
export const dispatchVisitDtoSchema = z.object({
  agreementId: z.string(),
  isOverdue: z.boolean(),
  serviceWorkers: z.array(lookupDtoSchema),
  itemCount: z.number(),
  /** The first items covered (at most `DISPATCH_VISIT_ITEMS_SHOWN`), with their map positions. */
  items: z.array(serviceItemChoiceDtoSchema),
  customerName: z.string(),
  /** The project's address and city, the site the visit goes to. */
  site: z.string(),
});
export type DispatchVisitDto = z.output<typeof dispatchVisitDtoSchema>;

/** How many of a visit's items an entry carries (the rest are counted). */
export const DISPATCH_VISIT_ITEMS_SHOWN = 20;

/** Visits due within this many days from today are listed (overdue ones always). */
export const DISPATCH_VISIT_DAYS_AHEAD = 28;

/** A booking of the entry's subject in the planner (who, which day, how many quarters). */
export const dispatchBookingDtoSchema = z.object({
  employeeId: z.string(),
  employeeName: z.string(),
  date: z.string(),
  quarters: z.number(),
});
export type DispatchBookingDto = z.output<typeof dispatchBookingDtoSchema>;

export const dispatchSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('serviceItem'), serviceItemId: z.string() }),
  z.object({ kind: z.literal('task'), taskId: z.string() }),
  z.object({ kind: z.literal('visit'), agreementId: z.string() }),
]);
export type DispatchSubject = z.output<typeof dispatchSubjectSchema>;

export const dispatchEntryDtoSchema = z.object({
  kind: z.enum(DISPATCH_ENTRY_KINDS),
  /** The booked subject: the service item (emergency), the task, or the agreement's visit. */
  subject: dispatchSubjectSchema,
  /** The day it is wanted (the task's date; an emergency item's reporting day). */
  date: z.string(),
  title: z.string(),
  /** The agreement's visit, on a visit entry. */
  visit: dispatchVisitDtoSchema.nullable(),
  /** The service item it is about, when it is about one (with its map position). */
  serviceItem: serviceItemChoiceDtoSchema.nullable(),
  /** The project it belongs to, when known. */
  projectId: z.string().nullable(),
  projectLabel: z.string().nullable(),
  description: z.string(),
  /** The planner's bookings of the subject from today on, soonest first. */
  bookings: z.array(dispatchBookingDtoSchema),
});
export type DispatchEntryDto = z.output<typeof dispatchEntryDtoSchema>;

/** GET /service-project/dispatch. */
export const dispatchEntryPageSchema = pageSchema(dispatchEntryDtoSchema);

/** GET /service-project/dispatch: oldest wanted day first, paged. */
export const dispatchQuerySchema = pageQuerySchema.extend({
  kind: z.enum(DISPATCH_ENTRY_KINDS).optional(),
  search: text(100).optional(),
});
export type DispatchQuery = z.input<typeof dispatchQuerySchema>;

/**
 * POST /service-project/dispatch/assign: books the entry for a service worker on a day for a day
 * part — the planner's plan:add (a day holds at most a whole day unless the overbooking is confirmed).
 * The worker becomes the assignee of the task behind the entry (the task itself, the emergency
 * item's task, or the visit's task for that worker — made when the worker has none).
 */
export const dispatchAssignSchema = z.object({
  subject: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('serviceItem'), serviceItemId: z.uuid() }),
    z.object({ kind: z.literal('task'), taskId: z.uuid() }),
    z.object({ kind: z.literal('visit'), agreementId: z.uuid() }),
  ]),
  employeeId: z.uuid(),
  date: dateOnlySchema,
  dayPart: z.number().refine(isDayPart, MESSAGES.dayPartInvalid),
  isOverbookingConfirmed: z.boolean().default(false),
});
export type DispatchAssignInput = z.input<typeof dispatchAssignSchema>;

/** How a service item is named wherever it shows: its project's number, its own number and name ("1042-3 Hovedinngang"). */
export const serviceItemLabel = (item: { projectNumber: number; number: number; name: string }) =>
  `${item.projectNumber}-${item.number} ${item.name}`.trim();
