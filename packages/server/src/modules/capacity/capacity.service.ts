import type {
  CapacityDetailsDto,
  CapacityDto,
  CapacityProjectDto,
  CapacityWeekDto,
  capacityDetailsQuerySchema,
  capacityQuerySchema,
} from '@karm/domain/contract';
import {
  type CapacityDemand,
  capacityOfWeek,
  consecutiveWeeks,
  employeeCapacityOfWeek,
  HOURS_WORK_GROUP,
  type HoursKind,
  type IsoWeek,
  isoDayOfWeek,
  type PipelineLoad,
  projectColour,
  projectHoursBooked,
  redDayOf,
  weekDates,
  weekKey,
  weightedHours,
  workingDaysOf,
} from '@karm/domain/rules';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { type CapacityData, readCapacityData } from './capacity-data';

/**
 * Capacity (SPEC §2 /capacity and its info dialog, §9; issue 14). `capacity:get` answers every work
 * group in each of the weeks; `capacity:details` breaks one group's week down by project, employee
 * and offer. Both read through `readCapacityData` and run the same arithmetic (rules/planner/capacity.ts),
 * so the dialog's totals are the chart's.
 */

const weekDto = (week: IsoWeek): CapacityWeekDto => {
  const dates = weekDates(week);
  return {
    ...week,
    from: dates[0]!,
    to: dates[6]!,
    workingDays: workingDaysOf(dates).length,
    redDays: dates.flatMap((date) => {
      const redDay = redDayOf(date);
      return redDay && isoDayOfWeek(date) <= 5 ? [{ date, name: redDay.name }] : [];
    }),
  };
};

const groupOf = (kind: HoursKind) => HOURS_WORK_GROUP[kind];

/** One week: its bookings, each group's demand per project (with what is booked on it), the pipeline. */
const weekCapacity = (data: CapacityData, week: IsoWeek) => {
  const dates = weekDates(week);
  const bookings = data.bookingsByWeek.get(weekKey(week)) ?? [];
  const projectLoads = data.projectLoads.get(weekKey(week)) ?? [];
  const offerLoads = data.offerLoads.get(weekKey(week)) ?? [];
  const input = { dates, employees: data.employees, bookings };
  const demand: CapacityDemand[] = data.workGroups.flatMap((workGroup) => {
    const hoursByProject = new Map<string, number>();
    for (const load of projectLoads) {
      if (groupOf(load.kind) !== workGroup) continue;
      hoursByProject.set(load.id, (hoursByProject.get(load.id) ?? 0) + load.weekHours);
    }
    if (hoursByProject.size === 0) return [];
    const booked = projectHoursBooked({ ...input, workGroup });
    return [...hoursByProject].map(([projectId, hours]) => ({
      workGroup,
      projectId,
      hours,
      plannedHours: booked.get(projectId) ?? 0,
    }));
  });
  const pipeline: PipelineLoad[] = offerLoads.map((load) => ({
    workGroup: groupOf(load.kind),
    hours: load.weekHours,
    likelihoodPercent: load.likelihoodPercent,
    offerId: load.id,
  }));
  return {
    input,
    demand,
    projectLoads,
    offerLoads,
    groups: capacityOfWeek({ ...input, workGroups: data.workGroups, demand, pipeline }),
  };
};

/** capacity:get — every work group in each week from `fromWeek` (this week and the next one to four). */
export const getCapacity = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof capacityQuerySchema>,
): Promise<CapacityDto> => {
  const weeks = consecutiveWeeks(input.fromWeek, input.weeks);
  const data = await readCapacityData(ctx, actor.companyId, weeks);
  return {
    weeks: weeks.map(weekDto),
    workGroups: data.workGroups,
    cells: weeks.flatMap((week) => weekCapacity(data, week).groups.map((group) => ({ ...week, ...group }))),
    unplacedOfferCount: data.unplacedOfferCount,
  };
};

/** capacity:details — the capacity info dialog: one group's week by project, employee and offer. */
export const getCapacityDetails = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof capacityDetailsQuerySchema>,
): Promise<CapacityDetailsDto> => {
  const week = { year: input.year, week: input.week };
  const data = await readCapacityData(ctx, actor.companyId, [week]);
  if (!data.workGroups.includes(input.workGroup)) throw notFound('Work group');
  const { input: weekInput, demand, projectLoads, offerLoads, groups } = weekCapacity(data, week);
  const totals = groups.find((group) => group.workGroup === input.workGroup)!;
  const members = data.employees.filter((employee) => employee.workGroup === input.workGroup);
  const booked = projectHoursBooked({ ...weekInput, workGroup: input.workGroup });
  const ownDemand = new Map(
    demand.flatMap((item) =>
      item.workGroup === input.workGroup && item.projectId ? [[item.projectId, item]] : [],
    ),
  );
  const ownLoads = projectLoads.filter((load) => groupOf(load.kind) === input.workGroup);
  const projectIds = [...new Set([...ownDemand.keys(), ...booked.keys()])];
  // Projects booked without demand this week are not among the forecast's candidates: read their names.
  const others = await projectsForPlanner(
    ctx.db,
    actor.companyId,
    projectIds.filter((id) => !data.projects.has(id)),
  );
  const named = new Map<string, { number: number; name: string }>([
    ...data.projects,
    ...others.map((project) => [project.id, project] as const),
  ]);
  const projects = projectIds.flatMap((id): CapacityProjectDto[] => {
    const project = named.get(id);
    if (!project) return [];
    const load = ownLoads.find((candidate) => candidate.id === id);
    const demandHours = ownDemand.get(id)?.hours ?? 0;
    const bookedHours = booked.get(id) ?? 0;
    return [
      {
        id,
        number: project.number,
        name: project.name,
        colour: projectColour(project.number),
        kind: load?.kind ?? null,
        stepDate: load?.stepDate ?? null,
        demandHours,
        bookedHours,
        unplannedHours: Math.max(0, demandHours - bookedHours),
      },
    ];
  });
  const people = new Map(
    employeeCapacityOfWeek({ ...weekInput, employees: members }).map((person) => [person.employeeId, person]),
  );
  return {
    week: weekDto(week),
    workGroup: input.workGroup,
    totals,
    projects: projects.sort(
      (a, b) => b.unplannedHours - a.unplannedHours || b.demandHours - a.demandHours || a.number - b.number,
    ),
    taskHours: totals.bookedHours - [...booked.values()].reduce((sum, hours) => sum + hours, 0),
    employees: members.map((member) => {
      const person = people.get(member.id)!;
      return {
        id: member.id,
        name: member.name,
        availableHours: person.availableHours,
        bookedHours: person.bookedHours,
        absenceHours: person.absenceHours,
      };
    }),
    offers: offerLoads
      .filter((load) => groupOf(load.kind) === input.workGroup)
      .map((load) => ({
        id: load.id,
        number: load.number,
        projectName: load.projectName,
        statusName: load.statusName,
        likelihoodPercent: load.likelihoodPercent,
        expectedDeliveryDate: load.expectedDeliveryDate,
        hours: load.weekHours,
        weightedHours: weightedHours(load.weekHours, load.likelihoodPercent),
      }))
      .sort((a, b) => b.weightedHours - a.weightedHours || a.number - b.number),
  };
};
