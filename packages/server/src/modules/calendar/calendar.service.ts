import {
  CALENDAR_LAYER_COLOURS,
  type CalendarEntryDto,
  type CalendarLayer,
  type calendarQuerySchema,
} from '@karm/domain/contract';
import { dateOnlyFromParts, yearOf } from '@karm/domain/rules';
import { and, asc, between, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, type AppContext, can } from '../../platform/context';
import { memberships, users } from '../auth/auth.tables';
import { employeeIdsOfUser } from '../employees/employees.service';
import { inquiries } from '../inquiries/inquiries.tables';
import { offers } from '../offers/offers.tables';
import { planCalendarEntries } from '../planner/planner-calendar';
import { processColumns, processEntries } from '../processes/processes.tables';
import { projects } from '../projects/projects.tables';
import { visitsDueBetween } from '../service-agreements/service-visits';
import { tasks } from '../tasks/tasks.tables';

/**
 * The calendar reads what other modules store (issue 17): one small company-scoped query per layer
 * switched on, each on the range's dates, run in parallel. A layer whose records the person may not
 * read stays empty rather than failing the whole calendar.
 */

type Query = z.output<typeof calendarQuerySchema>;
type Range = { from: string; to: string };
type LayerReader = (
  ctx: AppContext,
  companyId: string,
  range: Range,
  actor: Actor,
) => Promise<CalendarEntryDto[]>;

const entry = (
  layer: CalendarLayer,
  fields: Omit<CalendarEntryDto, 'layer' | 'allDay' | 'colour'> & { colour?: string },
): CalendarEntryDto => ({ layer, allDay: true, colour: CALENDAR_LAYER_COLOURS[layer], ...fields });

const projectDateLayer =
  (layer: CalendarLayer, column: 'startDate' | 'deliveryDate' | 'endDate'): LayerReader =>
  async (ctx, companyId, { from, to }) => {
    const rows = await ctx.db
      .select({
        id: projects.id,
        number: projects.number,
        name: projects.name,
        date: projects[column],
        version: projects.version,
      })
      .from(projects)
      .where(
        and(
          eq(projects.companyId, companyId),
          ne(projects.state, 'archived'),
          between(projects[column], from, to),
        ),
      )
      .orderBy(asc(projects[column]), asc(projects.number));
    return rows.map((row) =>
      entry(layer, {
        id: `${layer}:${row.id}`,
        title: `${row.number} ${row.name}`,
        start: row.date!,
        target: { type: 'project', id: row.id },
        ...(layer === 'projectDelivery' ? { version: row.version } : {}),
      }),
    );
  };

const processLayer: LayerReader = async (ctx, companyId, { from, to }) => {
  const rows = await ctx.db
    .select({
      entryId: processEntries.id,
      date: processEntries.date,
      projectId: projects.id,
      number: projects.number,
      name: projects.name,
      nameNo: processColumns.nameNo,
      nameEn: processColumns.nameEn,
      colour: processColumns.color,
    })
    .from(processEntries)
    .innerJoin(
      processColumns,
      and(eq(processColumns.id, processEntries.columnId), eq(processColumns.companyId, companyId)),
    )
    .innerJoin(projects, and(eq(projects.id, processEntries.projectId), eq(projects.companyId, companyId)))
    .where(
      and(
        eq(processEntries.companyId, companyId),
        eq(processEntries.isActive, true),
        eq(processColumns.isDeleted, false),
        ne(projects.state, 'archived'),
        between(processEntries.date, from, to),
      ),
    )
    .orderBy(asc(processEntries.date), asc(projects.number), asc(processColumns.position));
  return rows.map((row) =>
    entry('process', {
      id: `process:${row.entryId}`,
      title: `${row.number} ${row.name}`,
      start: row.date!,
      colour: row.colour,
      target: { type: 'project', id: row.projectId },
      detail: { nameNo: row.nameNo, nameEn: row.nameEn },
    }),
  );
};

const tasksLayer: LayerReader = async (ctx, companyId, { from, to }) => {
  const rows = await ctx.db
    .select({ id: tasks.id, name: tasks.name, date: tasks.date })
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.isDone, false), between(tasks.date, from, to)))
    .orderBy(asc(tasks.date), asc(tasks.name));
  return rows.map((row) =>
    entry('tasks', {
      id: `tasks:${row.id}`,
      title: row.name,
      start: row.date,
      target: { type: 'task', id: row.id },
    }),
  );
};

const offerDeadlinesLayer: LayerReader = async (ctx, companyId, { from, to }) => {
  const rows = await ctx.db
    .select({ id: offers.id, number: offers.number, name: offers.projectName, date: offers.offerDeadline })
    .from(offers)
    .where(
      and(
        eq(offers.companyId, companyId),
        eq(offers.archived, false),
        between(offers.offerDeadline, from, to),
      ),
    )
    .orderBy(asc(offers.offerDeadline), asc(offers.number));
  return rows.map((row) =>
    entry('offerDeadlines', {
      id: `offerDeadlines:${row.id}`,
      title: `${row.number} ${row.name}`,
      start: row.date!,
      target: { type: 'offer', id: row.id },
    }),
  );
};

const inquiryDeadlinesLayer: LayerReader = async (ctx, companyId, { from, to }) => {
  const rows = await ctx.db
    .select({
      id: inquiries.id,
      number: inquiries.number,
      name: inquiries.projectName,
      date: inquiries.deadline,
    })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.companyId, companyId),
        isNull(inquiries.archivedAt),
        between(inquiries.deadline, from, to),
      ),
    )
    .orderBy(asc(inquiries.deadline), asc(inquiries.number));
  return rows.map((row) =>
    entry('inquiryDeadlines', {
      id: `inquiryDeadlines:${row.id}`,
      title: `${row.number} ${row.name}`,
      start: row.date!,
      target: { type: 'inquiry', id: row.id },
    }),
  );
};

/**
 * A birthday falls on the same month and day each year; 29 February is kept on 28 February in other
 * years. A company has tens of people, so their dates are read and placed here rather than in SQL.
 */
const birthdaysLayer: LayerReader = async (ctx, companyId, { from, to }) => {
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, born: users.dateOfBirth })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, companyId)))
    .where(and(isNotNull(users.dateOfBirth), isNull(users.deletedAt), eq(users.isActive, true)));
  const years = [...new Set([yearOf(from), yearOf(to)])];
  return rows.flatMap((row) => {
    const [, month, day] = row.born!.split('-').map(Number) as [number, number, number];
    return years.flatMap((year) => {
      const date = dateOnlyFromParts(year, month, day) ?? dateOnlyFromParts(year, month, day - 1)!;
      if (date < from || date > to) return [];
      return [
        entry('birthdays', {
          id: `birthdays:${row.id}:${year}`,
          title: `${row.firstName} ${row.lastName}`.trim(),
          start: date,
          target: { type: 'user', id: row.id },
        }),
      ];
    });
  });
};

/**
 * The planner's bookings: the person's own rows (`myPlans`, one entry per booking) or everybody's
 * (`allPlans`, one entry per day and subject naming who is on it). Read through the planner module.
 */
const plansLayer =
  (layer: 'myPlans' | 'allPlans'): LayerReader =>
  async (ctx, companyId, range, actor) => {
    const employeeIds =
      layer === 'myPlans'
        ? (await employeeIdsOfUser(ctx.db, companyId, actor.userId)).map((row) => row.id)
        : undefined;
    const entries = await planCalendarEntries(ctx, companyId, range, {
      employeeIds,
      perPerson: layer === 'myPlans',
    });
    return entries.map((plan) =>
      entry(layer, {
        id: `${layer}:${plan.key}`,
        title:
          layer === 'myPlans'
            ? plan.title
            : `${plan.title}${plan.title ? ' — ' : ''}${plan.employeeNames.join(', ')}`,
        start: plan.date,
        target: plan.target,
        ...(plan.absence ? { absence: plan.absence } : {}),
      }),
    );
  };

const serviceVisitsLayer: LayerReader = async (ctx, companyId, range) =>
  (await visitsDueBetween(ctx.db, companyId, range)).map((visit) =>
    entry('serviceVisits', {
      id: `serviceVisits:${visit.agreementId}`,
      title: visit.title,
      start: visit.date,
      target: { type: 'serviceProject', id: visit.projectId },
    }),
  );

/** Each layer with what it reads and the permission that reading needs. */
const LAYERS: Record<CalendarLayer, { read: LayerReader; allowed: (actor: Actor) => boolean }> = {
  projectStart: {
    read: projectDateLayer('projectStart', 'startDate'),
    allowed: (a) => can(a, 'projects.read'),
  },
  projectDelivery: {
    read: projectDateLayer('projectDelivery', 'deliveryDate'),
    allowed: (a) => can(a, 'projects.read'),
  },
  projectEnd: { read: projectDateLayer('projectEnd', 'endDate'), allowed: (a) => can(a, 'projects.read') },
  process: { read: processLayer, allowed: (a) => can(a, 'projects.read') },
  tasks: { read: tasksLayer, allowed: (a) => can(a, 'tasks.read') },
  offerDeadlines: { read: offerDeadlinesLayer, allowed: (a) => can(a, 'offers.read') },
  inquiryDeadlines: { read: inquiryDeadlinesLayer, allowed: (a) => can(a, 'inquiries.read') },
  birthdays: { read: birthdaysLayer, allowed: () => true },
  myPlans: {
    read: plansLayer('myPlans'),
    allowed: (a) => can(a, 'planner.read') || can(a, 'planner.read-own'),
  },
  allPlans: { read: plansLayer('allPlans'), allowed: (a) => can(a, 'planner.read') },
  serviceVisits: { read: serviceVisitsLayer, allowed: (a) => can(a, 'service.read') },
};

/** GET /calendar: the entries of the layers asked for, in the range, sorted by date. */
export const calendarEntries = async (
  ctx: AppContext,
  actor: Actor,
  query: Query,
): Promise<CalendarEntryDto[]> => {
  const layers = [...new Set(query.layers)].filter((layer) => LAYERS[layer].allowed(actor));
  const range = { from: query.from, to: query.to };
  const perLayer = await Promise.all(
    layers.map((layer) => LAYERS[layer].read(ctx, actor.companyId, range, actor)),
  );
  return perLayer.flat().sort((a, b) => a.start.localeCompare(b.start));
};
