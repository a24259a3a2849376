import {
  type PlanBookingDto,
  type PlannerDayDto,
  type PlannerEmployeeDto,
  type PlanSuggestionDto,
  serviceItemLabel,
  type TaskDto,
} from '@karm/domain/contract';
import { formatDate, isOverbooked, QUARTERS_PER_DAY, quartersOfDay } from '@karm/domain/rules';
import type { TFunction } from 'i18next';
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './planner-grid.module.css';
import type { PlannerLookup, RowCells, RowSuggestions, RowTasks } from './planner-model';

/** A day part as people write it: ¼, ½, ¾ or a whole day. */
export const PART_SIGNS: Readonly<Record<number, string>> = { 1: '¼', 2: '½', 3: '¾', 4: '1/1' };
export const partSign = (quarters: number) => PART_SIGNS[quarters] ?? `${quarters}/${QUARTERS_PER_DAY}`;

/** A day's total in days: 1¼ for five quarters, 2 for eight. */
export const daysSign = (quarters: number) => {
  const whole = Math.floor(quarters / QUARTERS_PER_DAY);
  const rest = quarters % QUARTERS_PER_DAY;
  return rest === 0 ? String(whole) : `${whole > 0 ? whole : ''}${PART_SIGNS[rest]}`;
};

type Lookup = PlannerLookup;

/** What a booking is called on the screen, the print sheet and in a cell's tooltip. */
export const bookingLabel = (t: TFunction<'planner'>, booking: PlanBookingDto, lookup: Lookup) => {
  switch (booking.kind) {
    case 'project': {
      const project = lookup.projects.get(booking.projectId);
      return project ? `${project.number} ${project.name}` : t('cell.unknownProject');
    }
    case 'task':
      return lookup.tasks.get(booking.taskId)?.name ?? t('cell.task');
    case 'serviceItem': {
      const item = lookup.serviceItems.get(booking.serviceItemId);
      return item ? serviceItemLabel(item) : t('cell.serviceItem');
    }
    case 'absence':
      return t(`absence.${booking.absence}`);
  }
};

/** A cell's tooltip: every booking with its day part, the delivery date and the note to the planner. */
const cellTitle = (
  t: TFunction<'planner'>,
  bookings: readonly PlanBookingDto[],
  tasks: readonly TaskDto[],
  lookup: Lookup,
  suggestions: readonly PlanSuggestionDto[] = [],
) =>
  [
    ...bookings.map((booking) => {
      const line = `${bookingLabel(t, booking, lookup)} (${partSign(booking.quarters)})`;
      if (booking.kind !== 'project') return line;
      const project = lookup.projects.get(booking.projectId);
      return [
        line,
        project?.deliveryDate ? t('cell.delivery', { date: formatDate(project.deliveryDate) }) : null,
        project?.noteToPlanner ? t('cell.note', { note: project.noteToPlanner }) : null,
      ]
        .filter(Boolean)
        .join('\n');
    }),
    ...tasks.map((task) => t(task.isDone ? 'cell.taskDone' : 'cell.taskOn', { name: task.name })),
    ...suggestions.map((suggestion) =>
      t('cell.suggested', { name: suggestion.title, part: partSign(suggestion.quarters) }),
    ),
  ].join('\n');

const Booking = ({
  t,
  booking,
  lookup,
}: {
  t: TFunction<'planner'>;
  booking: PlanBookingDto;
  lookup: Lookup;
}) => {
  // A whole day is the usual booking: only a part of a day is marked (the tooltip names every part).
  const part =
    booking.quarters < QUARTERS_PER_DAY ? (
      <span className={classes.part}>{partSign(booking.quarters)}</span>
    ) : null;
  if (booking.kind === 'project') {
    const project = lookup.projects.get(booking.projectId);
    return (
      <div
        className={classes.project}
        style={{ '--project-colour': project?.colour ?? 'var(--mantine-color-gray-6)' } as CSSProperties}
        data-booking="project"
      >
        {project?.deliveryColour && (
          <span className={classes.delivery} data-colour={project.deliveryColour} aria-hidden />
        )}
        <span className={classes.label}>
          <b>{project?.number}</b> {project?.name ?? t('cell.unknownProject')}
        </span>
        {project?.noteToPlanner && (
          <span className={classes.noteMark} aria-hidden>
            *
          </span>
        )}
        {part}
      </div>
    );
  }
  if (booking.kind === 'serviceItem') {
    // A service item is drawn like its project: the project's colour, "1042-3 Hovedinngang".
    const item = lookup.serviceItems.get(booking.serviceItemId);
    return (
      <div
        className={classes.project}
        style={{ '--project-colour': item?.colour ?? 'var(--mantine-color-gray-6)' } as CSSProperties}
        data-booking="serviceItem"
      >
        <span className={classes.label}>
          {item ? (
            <>
              <b>
                {item.projectNumber}-{item.number}
              </b>{' '}
              {item.name}
            </>
          ) : (
            t('cell.serviceItem')
          )}
        </span>
        {part}
      </div>
    );
  }
  return (
    <div className={classes.other} data-booking={booking.kind}>
      <span className={classes.label}>{bookingLabel(t, booking, lookup)}</span>
      {part}
    </div>
  );
};

/**
 * Rows have fixed heights, so the grid can draw only those in view: a cell shows two lines (a
 * booking or a task each); with more, the second line says how many more (the tooltip lists all).
 */
export const ROW_HEIGHT = 46;
export const GROUP_ROW_HEIGHT = 28;
const LINES_PER_CELL = 2;

type CellProps = {
  t: TFunction<'planner'>;
  employee: PlannerEmployeeDto;
  day: PlannerDayDto;
  /** The day as the cell's name says it (dd.MM.yyyy), worked out once per row. */
  dateText: string;
  bookings: readonly PlanBookingDto[];
  tasks: readonly TaskDto[];
  suggestions: readonly PlanSuggestionDto[];
  lookup: Lookup;
  isSelected: boolean;
  isTabStop: boolean;
  isToday: boolean;
};

const NO_BOOKINGS: readonly PlanBookingDto[] = [];
const NO_TASKS: readonly TaskDto[] = [];
const NO_SUGGESTIONS: readonly PlanSuggestionDto[] = [];

/** One employee on one day: plain markup, no hooks, no handlers (the table handles the events). */
const PlannerCell = ({
  t,
  employee,
  day,
  dateText,
  bookings,
  tasks,
  suggestions,
  lookup,
  isSelected,
  isTabStop,
  isToday,
}: CellProps) => {
  const isOver = isOverbooked(bookings);
  const title = cellTitle(t, bookings, tasks, lookup, suggestions);
  const lines = [
    ...bookings.map((booking) => <Booking key={booking.id} t={t} booking={booking} lookup={lookup} />),
    ...tasks.map((task) => (
      <div key={task.id} className={classes.taskChip} data-done={task.isDone || undefined}>
        <span className={classes.label}>{task.name}</span>
      </div>
    )),
    // A suggested plan books nothing yet: dashed and pale until a planner accepts it.
    ...suggestions.map((suggestion) => (
      <div
        key={suggestion.id}
        className={classes.suggestion}
        data-suggestion={suggestion.id}
        data-overbooked={suggestion.isOverbooked || undefined}
      >
        <span className={classes.label}>{suggestion.title}</span>
        <span className={classes.part}>{partSign(suggestion.quarters)}</span>
      </div>
    )),
  ];
  const shown =
    lines.length <= LINES_PER_CELL
      ? lines
      : [
          ...lines.slice(0, LINES_PER_CELL - 1),
          <div key="more" className={classes.more}>
            {t('cell.more', { count: lines.length - LINES_PER_CELL + 1 })}
          </div>,
        ];
  const overbooked = isOver ? t('cell.overbooked', { days: daysSign(quartersOfDay(bookings)) }) : '';
  return (
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the ARIA grid (planner-grid.tsx)
      role="gridcell"
      className={classes.cell}
      data-employee={employee.id}
      data-date={day.date}
      data-weekend={day.isWeekend || undefined}
      data-red-day={day.redDay ? true : undefined}
      data-today={isToday || undefined}
      data-overbooked={isOver || undefined}
      aria-selected={isSelected}
      aria-label={`${employee.name}, ${dateText}: ${title ? title.replaceAll('\n', ', ') : t('cell.free')}${overbooked && `, ${overbooked}`}`}
      title={[title, overbooked].filter(Boolean).join('\n') || undefined}
      tabIndex={isTabStop ? 0 : -1}
    >
      {shown}
    </td>
  );
};

export type PlannerRowProps = {
  employee: PlannerEmployeeDto;
  days: readonly PlannerDayDto[];
  cells: RowCells;
  tasks: RowTasks;
  suggestions: RowSuggestions;
  lookup: Lookup;
  today: string;
  /** The row's selected dates, each followed by a space ("" when none): cheap to compare. */
  selectedDates: string;
  /** The date whose cell is the grid's tab stop, when it is in this row. */
  tabStopDate: string | null;
};

const PlannerRowView = ({
  employee,
  days,
  cells,
  tasks,
  suggestions,
  lookup,
  today,
  selectedDates,
  tabStopDate,
}: PlannerRowProps) => {
  const { t } = useTranslation('planner');
  return (
    <tr data-employee-row={employee.id} style={{ height: ROW_HEIGHT }}>
      <th scope="row" className={classes.rowHeader} title={employee.name}>
        {employee.name}
      </th>
      {days.map((day, index) => (
        <PlannerCell
          // By column: moving a week on keeps the cells' elements and changes their content.
          // biome-ignore lint/suspicious/noArrayIndexKey: the column is the cell's identity
          key={index}
          t={t}
          employee={employee}
          day={day}
          dateText={formatDate(day.date)}
          bookings={cells[day.date]?.bookings ?? NO_BOOKINGS}
          tasks={tasks[day.date] ?? NO_TASKS}
          suggestions={suggestions[day.date] ?? NO_SUGGESTIONS}
          lookup={lookup}
          isSelected={selectedDates.includes(day.date)}
          isTabStop={tabStopDate === day.date}
          isToday={day.date === today}
        />
      ))}
    </tr>
  );
};

const sameByDate = <T,>(
  left: Readonly<Record<string, T>>,
  right: Readonly<Record<string, T>>,
  isSame: (a: T | undefined, b: T | undefined) => boolean = (a, b) => a === b,
) => {
  if (left === right) return true;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => isSame(left[key], right[key]));
};

const sameList = <T,>(a: readonly T[] | undefined, b: readonly T[] | undefined) =>
  a === b || (a?.length === b?.length && (a ?? []).every((item, index) => item === b?.[index]));

/**
 * One employee's fortnight. Memoised on its own cells and selection: a pushed cell or a changed
 * selection renders its row only, which keeps 150 employees × 14 days quick.
 */
export const PlannerRow = memo(
  PlannerRowView,
  (previous, next) =>
    previous.employee === next.employee &&
    previous.days === next.days &&
    previous.lookup === next.lookup &&
    previous.today === next.today &&
    previous.selectedDates === next.selectedDates &&
    previous.tabStopDate === next.tabStopDate &&
    sameByDate(previous.cells, next.cells) &&
    sameByDate(previous.tasks, next.tasks, sameList) &&
    sameByDate(previous.suggestions, next.suggestions, sameList),
);
