import { PLANNER_WORK_GROUPS, type ProcessColumnDto } from '@karm/domain/contract';
import {
  addDays,
  type CapacityBooking,
  type CapacityStep,
  DEFAULT_PROCESS_COLUMNS,
  HOURS_KINDS,
  type HoursKind,
  type IsoWeek,
  STEP_STATUS_OF_HOURS,
  stepDateOf,
  stepLoadsByWeek,
  weekDates,
  weekKey,
} from '@karm/domain/rules';
import type { AppContext } from '../../platform/context';
import { employeesForPlanner } from '../employees/employees-for-planner';
import { pipelineOffers } from '../offers/offers-for-capacity';
import { planRowsOfWeeks } from '../planner/plan-weeks';
import { listProcessColumns } from '../processes/process-columns.service';
import { cellsOfColumns, projectIdsWithCellBetween } from '../processes/process-entries.service';
import { projectsForCapacity } from '../projects/projects-for-capacity';

/**
 * Everything the capacity forecast reads for a run of weeks, in a fixed number of statements however
 * many weeks, employees, plans, projects and offers there are: the process columns, then at once the
 * active employees, the weeks' plan rows, the candidate projects and the pipeline's offers, then the
 * candidate projects' step cells.
 *
 * Where hours land (rules/planner/capacity.ts `stepDateOf`, `stepLoad`): a project's production hours
 * in the week of its production step's process date (the column with status `production`), its
 * installation hours in the week of its agreed installation date, else of its installation step's
 * process date (status `installed`). A step taking more than one week (the column's `min`) spreads its
 * hours evenly over the weeks up to its date. A step switched off for the project, or done, has no
 * demand left. An open offer has no cells: its expected delivery date stands for the delivery date, so
 * its hours land where a project delivered then would have them.
 */

/** The column placing each kind of hours; the default column's factor and span when the company has none. */
export type StepColumn = { id: string | null; factor: number; spanWeeks: number };

const stepColumnsOf = (columns: readonly ProcessColumnDto[]): Record<HoursKind, StepColumn> => {
  const pick = (kind: HoursKind): StepColumn => {
    const status = STEP_STATUS_OF_HOURS[kind];
    const column = columns.find((candidate) => candidate.status === status);
    const rule = column ?? DEFAULT_PROCESS_COLUMNS.find((candidate) => candidate.status === status)!;
    return { id: column?.id ?? null, factor: rule.factor, spanWeeks: Math.max(1, rule.min) };
  };
  return { production: pick('production'), installation: pick('installation') };
};

/** The dates a step may have to load `from`–`to`: its date's week up to its span − 1 weeks later. */
const stepDateRange = (column: StepColumn, from: string, to: string) => ({
  from,
  to: addDays(to, 7 * (column.spanWeeks - 1)),
});

/** The delivery dates whose step of this column may load `from`–`to`. */
const deliveryRange = (column: StepColumn, from: string, to: string) => {
  const range = stepDateRange(column, from, to);
  return { from: addDays(range.from, 7 * column.factor), to: addDays(range.to, 7 * column.factor) };
};

const widest = (ranges: readonly { from: string; to: string }[]) => ({
  from: ranges.map((range) => range.from).reduce((a, b) => (a < b ? a : b)),
  to: ranges.map((range) => range.to).reduce((a, b) => (a > b ? a : b)),
});

export type ProjectStep = CapacityStep & { stepDate: string };
export type OfferStep = CapacityStep & {
  number: number;
  projectName: string;
  statusName: string | null;
  likelihoodPercent: number;
  expectedDeliveryDate: string;
};

export type CapacityData = Awaited<ReturnType<typeof readCapacityData>>;

export const readCapacityData = async (ctx: AppContext, companyId: string, weeks: readonly IsoWeek[]) => {
  const dates = weeks.flatMap(weekDates);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const columns = stepColumnsOf(await listProcessColumns(ctx, companyId));
  const cellRanges = HOURS_KINDS.flatMap((kind) => {
    const column = columns[kind];
    return column.id ? [{ columnId: column.id, ...stepDateRange(column, from, to) }] : [];
  });
  const deliveries = widest(HOURS_KINDS.map((kind) => deliveryRange(columns[kind], from, to)));
  const [employees, planRows, projectRows, pipeline] = await Promise.all([
    employeesForPlanner(ctx.db, companyId),
    planRowsOfWeeks(ctx.db, companyId, weeks),
    projectsForCapacity(ctx.db, companyId, {
      cellProjectIds: projectIdsWithCellBetween(ctx.db, companyId, cellRanges),
      agreedInstallation: stepDateRange(columns.installation, from, to),
      delivery: deliveries,
    }),
    pipelineOffers(ctx.db, companyId, deliveries.from, deliveries.to),
  ]);
  const cells = await cellsOfColumns(
    ctx.db,
    companyId,
    projectRows.map((project) => project.id),
    HOURS_KINDS.flatMap((kind) => (columns[kind].id ? [columns[kind].id] : [])),
  );
  const cellOf = new Map(cells.map((cell) => [`${cell.projectId}|${cell.columnId}`, cell]));

  const projectSteps = projectRows.flatMap((project) =>
    HOURS_KINDS.flatMap((kind): ProjectStep[] => {
      const hours = (kind === 'production' ? project.productionHours : project.installationHours) ?? 0;
      const column = columns[kind];
      const cell = column.id ? cellOf.get(`${project.id}|${column.id}`) : undefined;
      // A step switched off for this project, or already done, asks nothing more of anyone.
      if (!(hours > 0) || (cell && (!cell.isActive || cell.isDone))) return [];
      const date = stepDateOf({
        kind,
        cellDate: cell?.date ?? null,
        deliveryDate: project.deliveryDate,
        factorWeeks: column.factor,
        agreedInstallationDate: project.agreedInstallationDate,
      });
      return date ? [{ id: project.id, kind, date, stepDate: date, hours, spanWeeks: column.spanWeeks }] : [];
    }),
  );
  const offerSteps = pipeline.offers.flatMap((offer) =>
    HOURS_KINDS.flatMap((kind): OfferStep[] => {
      const hours = (kind === 'production' ? offer.productionHours : offer.installationHours) ?? 0;
      const column = columns[kind];
      const date = stepDateOf({
        kind,
        cellDate: null,
        deliveryDate: offer.expectedDeliveryDate,
        factorWeeks: column.factor,
      });
      if (!(hours > 0) || !date) return [];
      return [{ ...offer, kind, date, hours, spanWeeks: column.spanWeeks }];
    }),
  );

  // Each week's bookings, dated by the week's own dates (read once per week, not per day slot).
  // Plans of an employee no longer active stay stored but count for nobody.
  const bookingsByWeek = new Map<string, CapacityBooking[]>(weeks.map((week) => [weekKey(week), []]));
  const datesOf = new Map(weeks.map((week) => [weekKey(week), weekDates(week)]));
  for (const row of planRows) {
    const bookings = bookingsByWeek.get(weekKey(row));
    const days = datesOf.get(weekKey(row));
    if (!bookings || !days) continue;
    row.days.forEach((slot, index) => {
      for (const booking of slot.bookings) {
        bookings.push({
          employeeId: row.employeeId,
          date: days[index]!,
          kind: booking.kind,
          quarters: booking.quarters,
          projectId: booking.kind === 'project' ? booking.projectId : undefined,
        });
      }
    });
  }

  const knownGroups = new Set<string>(PLANNER_WORK_GROUPS);
  const otherGroups = [
    ...new Set(employees.flatMap((employee) => (employee.workGroup ? [employee.workGroup] : []))),
  ]
    .filter((group) => !knownGroups.has(group))
    .sort((a, b) => a.localeCompare(b));

  return {
    employees,
    workGroups: [...PLANNER_WORK_GROUPS, ...otherGroups],
    bookingsByWeek,
    projects: new Map(projectRows.map((project) => [project.id, project])),
    projectLoads: stepLoadsByWeek(projectSteps, weeks),
    offerLoads: stepLoadsByWeek(offerSteps, weeks),
    unplacedOfferCount: pipeline.unplacedCount,
  };
};
