import { z } from 'zod';
import { type IsoWeek, isValidIsoWeek } from '../rules/iso-week';
import { CAPACITY_MAX_WEEKS, type HoursKind, type WorkGroupCapacity } from '../rules/planner/capacity';
import type { RedDayName } from '../rules/red-days';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';
import { isoWeekSchema } from './planner';

/**
 * Capacity (SPEC §2 /capacity and the capacity info dialog, §9 "now plus 1 to 4 weeks", issue 14):
 * per work group and week, the hours the employees have, what is booked in the planner, the
 * production and installation hours of active projects not booked yet, and the open offers' hours
 * weighted by their status's likelihood (rules/planner/capacity.ts has the arithmetic).
 */

const workGroup = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(40, messageWithParams(MESSAGES.tooLong, { max: 40 }));

/** `capacity:get`: the week to start from and how many weeks (this week plus the next one to four). */
export const capacityQuerySchema = z.object({
  fromWeek: isoWeekSchema,
  weeks: z.number().int().min(1).max(CAPACITY_MAX_WEEKS),
});
export type CapacityQuery = z.input<typeof capacityQuerySchema>;

/** `capacity:details`: one week of one work group, broken down by project, employee and offer. */
export const capacityDetailsQuerySchema = z
  .object({ year: z.number().int().min(2000).max(2100), week: z.number().int().min(1).max(53), workGroup })
  .refine(isValidIsoWeek, { message: MESSAGES.weekInvalid, path: ['week'] });
export type CapacityDetailsQuery = z.input<typeof capacityDetailsQuerySchema>;

export type CapacityWeekDto = IsoWeek & {
  /** Monday and Sunday. */
  from: string;
  to: string;
  workingDays: number;
  /** The week's Norwegian red days on weekdays (they take a day off everyone's hours). */
  redDays: { date: string; name: RedDayName }[];
};

/** One work group in one week. */
export type CapacityCellDto = WorkGroupCapacity & IsoWeek;

export type CapacityDto = {
  weeks: CapacityWeekDto[];
  /** produksjon, montasje, service, admin, then any other group an employee is in. */
  workGroups: string[];
  /** Every work group in every week. */
  cells: CapacityCellDto[];
  /** Open offers with hours but no expected delivery date: the forecast cannot place them. */
  unplacedOfferCount: number;
};

/** A project's demand on the group in the week, and what the group has booked on it. */
export type CapacityProjectDto = {
  id: string;
  number: number;
  name: string;
  colour: string;
  /** Which hours the week's demand is: production or installation; null for a booking without demand. */
  kind: HoursKind | null;
  /** The process date (or agreed installation date) that places the demand. */
  stepDate: string | null;
  demandHours: number;
  bookedHours: number;
  unplannedHours: number;
};

export type CapacityEmployeeDto = {
  id: string;
  name: string;
  availableHours: number;
  bookedHours: number;
  absenceHours: number;
};

export type CapacityOfferDto = {
  id: string;
  number: number;
  projectName: string;
  statusName: string | null;
  likelihoodPercent: number;
  expectedDeliveryDate: string;
  hours: number;
  weightedHours: number;
};

/** `capacity:details`: the capacity info dialog's breakdown of one group's week. */
export type CapacityDetailsDto = {
  week: CapacityWeekDto;
  workGroup: string;
  totals: WorkGroupCapacity;
  projects: CapacityProjectDto[];
  /** Hours booked on tasks (they count as booked; a task has no demand of its own). */
  taskHours: number;
  employees: CapacityEmployeeDto[];
  offers: CapacityOfferDto[];
};

export const capacityEvents = {
  'capacity:get': socketEvent<CapacityDto>()(capacityQuerySchema),
  'capacity:details': socketEvent<CapacityDetailsDto>()(capacityDetailsQuerySchema),
};
