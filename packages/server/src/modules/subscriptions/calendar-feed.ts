import type { FeedLayer } from '@karm/domain/contract';
import { addDays, isoWeekOf } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import ical from 'ical-generator';
import { hashToken } from '../../platform/auth/tokens';
import { BUSINESS_TIME_ZONE, todayIn } from '../../platform/clock';
import { type Actor, type AppContext, can } from '../../platform/context';
import { resolveMember } from '../auth/sessions.service';
import { calendarEntries } from '../calendar/calendar.service';
import { employeeIdsOfUser } from '../employees/employees.service';
import { cellsOfRows, planRowsOfWeeks } from '../planner/plan-weeks';
import { plannerServiceItems } from '../planner/planner.service';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { dueServiceVisits } from '../service-agreements/service-visits';
import { taskNamesByIds, tasksBetween } from '../tasks/tasks.service';
import { calendarFeeds } from './subscriptions.tables';

/**
 * The personal calendar feed (RFC 5545) behind a secret URL: what a person's calendar program
 * (Outlook, Google Calendar, Apple Calendar) polls. Every entry is a whole day (VALUE=DATE), with a
 * UID that stays the same across polls so programs update entries instead of duplicating them.
 * The feed reads with the person's own permissions as they are now: a role that loses a permission
 * loses the layer, and a person whose sign-in is switched off or who left the company gets nothing.
 */

/** The window a feed covers: a month back (what was done), half a year ahead (what is coming). */
const PAST_DAYS = 31;
const FUTURE_DAYS = 183;
/** More service visits than this in half a year is not a personal calendar any more. */
const MAX_SERVICE_VISITS = 500;

type FeedEvent = { uid: string; date: string; summary: string; description?: string; url: string };
type Range = { from: string; to: string; today: string };
type LayerReader = (ctx: AppContext, actor: Actor, range: Range) => Promise<FeedEvent[]>;

/** What a layer needs; a layer the person's role does not allow stays empty. */
export const FEED_LAYER_ACCESS: Record<FeedLayer, (actor: Actor) => boolean> = {
  plans: (actor) => can(actor, 'planner.read', 'planner.read-own'),
  tasks: (actor) => can(actor, 'tasks.read', 'tasks.own', 'tasks.write'),
  deliveries: (actor) => can(actor, 'projects.read'),
  serviceVisits: (actor) => can(actor, 'service.read'),
};

const myEmployeeIds = async (ctx: AppContext, actor: Actor) =>
  (await employeeIdsOfUser(ctx.db, actor.companyId, actor.userId)).map((row) => row.id);

/** The ISO weeks touching the range, for the planner's one-row-per-week plans. */
const weeksOf = ({ from, to }: Range) => {
  const weeks = new Map<string, { year: number; week: number }>();
  for (let date = from; date <= to; date = addDays(date, 7)) {
    const week = isoWeekOf(date);
    weeks.set(`${week.year}-${week.week}`, week);
  }
  const last = isoWeekOf(to);
  weeks.set(`${last.year}-${last.week}`, last);
  return [...weeks.values()];
};

/** My plans: each day I am booked on a project, a task or a service item. */
const plansLayer: LayerReader = async (ctx, actor, range) => {
  const employeeIds = await myEmployeeIds(ctx, actor);
  if (employeeIds.length === 0) return [];
  const cells = cellsOfRows(
    await planRowsOfWeeks(ctx.db, actor.companyId, weeksOf(range), employeeIds),
  ).filter((cell) => cell.date >= range.from && cell.date <= range.to && cell.bookings.length > 0);
  const bookings = cells.flatMap((cell) => cell.bookings.map((booking) => ({ cell, booking })));
  const idsOf = (kind: string, pick: (booking: never) => string) =>
    bookings.filter(({ booking }) => booking.kind === kind).map(({ booking }) => pick(booking as never));
  const [projects, taskNames, items] = await Promise.all([
    projectsForPlanner(
      ctx.db,
      actor.companyId,
      idsOf('project', (b: { projectId: string }) => b.projectId),
    ),
    taskNamesByIds(
      ctx.db,
      actor.companyId,
      idsOf('task', (b: { taskId: string }) => b.taskId),
    ),
    plannerServiceItems(
      ctx.db,
      actor.companyId,
      idsOf('serviceItem', (b: { serviceItemId: string }) => b.serviceItemId),
    ),
  ]);
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const itemById = new Map(items.map((item) => [item.id, item]));
  return bookings.flatMap(({ cell, booking }) => {
    // A booking is a whole day, half or a quarter of one (the planner's day parts).
    const part = booking.quarters >= 4 ? '' : booking.quarters >= 2 ? ' (½)' : ' (¼)';
    switch (booking.kind) {
      case 'project': {
        const project = projectById.get(booking.projectId);
        return project
          ? [
              {
                uid: `plan-${booking.id}-${cell.date}`,
                date: cell.date,
                summary: `${project.number} ${project.name}${part}`,
                url: `/planner`,
              },
            ]
          : [];
      }
      case 'task': {
        const name = taskNames.get(booking.taskId);
        return name
          ? [
              {
                uid: `plan-${booking.id}-${cell.date}`,
                date: cell.date,
                summary: `${name}${part}`,
                url: '/planner',
              },
            ]
          : [];
      }
      case 'serviceItem': {
        const item = itemById.get(booking.serviceItemId);
        return item
          ? [
              {
                uid: `plan-${booking.id}-${cell.date}`,
                date: cell.date,
                summary: `${item.projectNumber} ${item.projectName}: ${item.number} ${item.name}${part}`,
                url: '/planner',
              },
            ]
          : [];
      }
      default:
        return [];
    }
  });
};

/** My tasks: open tasks assigned to me, on their date. */
const tasksLayer: LayerReader = async (ctx, actor, range) => {
  const employeeIds = new Set(await myEmployeeIds(ctx, actor));
  if (employeeIds.size === 0) return [];
  const tasks = await tasksBetween(ctx, actor, range.from, range.to);
  return tasks
    .filter((task) => !task.isDone && task.assigneeId !== null && employeeIds.has(task.assigneeId))
    .map((task) => ({
      uid: `task-${task.id}`,
      date: task.date,
      summary: task.entityName
        ? `${task.name} · ${task.entityNumber ?? ''} ${task.entityName}`.trim()
        : task.name,
      description: task.description || undefined,
      url: `/tasks?open=${task.id}`,
    }));
};

/** The company's deliveries: each project's delivery date (the calendar screen's layer, reused). */
const deliveriesLayer: LayerReader = async (ctx, actor, range) =>
  (await calendarEntries(ctx, actor, { from: range.from, to: range.to, layers: ['projectDelivery'] })).map(
    (entry) => ({
      uid: `delivery-${entry.target.id}`,
      date: entry.start,
      summary: entry.title,
      url: `/projects?open=${entry.target.id}`,
    }),
  );

/** Service visits due (the due-service list, reused), overdue ones on their due date. */
const serviceVisitsLayer: LayerReader = async (ctx, actor, range) => {
  const due = await dueServiceVisits(ctx.db, actor.companyId, {
    today: range.today,
    to: range.to,
    page: 1,
    pageSize: MAX_SERVICE_VISITS,
  });
  return due.items
    .filter((visit) => visit.nextVisitDate >= range.from)
    .map((visit) => ({
      uid: `service-visit-${visit.agreementId}-${visit.nextVisitDate}`,
      date: visit.nextVisitDate,
      summary: `${visit.projectNumber} ${visit.projectName}`,
      description: visit.serviceWorkers.map((worker) => worker.displayName).join(', ') || undefined,
      url: '/service-due',
    }));
};

const LAYERS: Record<FeedLayer, LayerReader> = {
  plans: plansLayer,
  tasks: tasksLayer,
  deliveries: deliveriesLayer,
  serviceVisits: serviceVisitsLayer,
};

/** Layer titles, in the person's language, prefixing each entry so one calendar can hold them all. */
const LAYER_PREFIX: Record<FeedLayer, string> = {
  plans: '',
  tasks: '☐ ',
  deliveries: '🚚 ',
  serviceVisits: '🔧 ',
};

/** The feed's entries for one person, by the layers switched on and allowed. */
export const feedEvents = async (ctx: AppContext, actor: Actor, layers: readonly FeedLayer[]) => {
  const today = todayIn(ctx.clock);
  const range = { today, from: addDays(today, -PAST_DAYS), to: addDays(today, FUTURE_DAYS) };
  const allowed = layers.filter((layer) => FEED_LAYER_ACCESS[layer](actor));
  const perLayer = await Promise.all(
    allowed.map(async (layer) =>
      (await LAYERS[layer](ctx, actor, range)).map((event) => ({
        ...event,
        summary: `${LAYER_PREFIX[layer]}${event.summary}`,
      })),
    ),
  );
  return perLayer.flat().sort((a, b) => a.date.localeCompare(b.date) || a.uid.localeCompare(b.uid));
};

const midnightUtc = (date: string) => new Date(`${date}T00:00:00Z`);

/** RFC 5545 text of the entries: whole days, a stable UID on Karm's host, DTSTAMP in UTC. */
export const toIcs = (ctx: AppContext, events: readonly FeedEvent[]) => {
  const host = new URL(ctx.config.publicUrl).hostname;
  const calendar = ical({
    name: 'Karm',
    prodId: { company: 'Karm', product: 'Karm', language: 'EN' },
    // Calendar programs poll this often at most; Outlook and Google choose their own interval.
    ttl: 60 * 60,
    // Every entry is a whole day; the zone tells Google and Outlook whose days they are.
    x: { 'X-WR-TIMEZONE': BUSINESS_TIME_ZONE },
  });
  const stamp = ctx.clock.now();
  for (const event of events) {
    calendar.createEvent({
      id: `${event.uid}@${host}`,
      start: midnightUtc(event.date),
      end: midnightUtc(addDays(event.date, 1)),
      allDay: true,
      summary: event.summary,
      description: event.description ?? null,
      url: new URL(event.url, ctx.config.publicUrl).toString(),
      stamp,
    });
  }
  return calendar.toString();
};

/** A feed URL's file name is the secret and `.ics`; anything else is simply unknown. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * GET /api/feeds/{secret}.ics: the feed of whoever holds the secret, or null (404) for an unknown
 * or revoked secret or a person who may no longer sign in to the company.
 */
export const readFeed = async (ctx: AppContext, file: string): Promise<string | null> => {
  const secret = FEED_FILE.exec(file)?.[1];
  if (!secret) return null;
  const [feed] = await ctx.db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(secret)));
  if (!feed) return null;
  const actor = await resolveMember(ctx, feed.userId, feed.companyId);
  if (!actor) return null;
  const events = await feedEvents(ctx, actor, feed.layers);
  await ctx.db
    .update(calendarFeeds)
    .set({ lastReadAt: ctx.clock.now() })
    .where(eq(calendarFeeds.id, feed.id));
  return toIcs(ctx, events);
};
