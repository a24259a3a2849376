import type { PlannerDayDto, PlannerDto, PlannerEmployeeDto } from '@karm/domain/contract';
import { formatDate, isoDayOfWeek } from '@karm/domain/rules';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollHint } from '@/components';
import { useIsPhone } from '@/lib/use-is-phone';
import classes from './planner-grid.module.css';
import type { PlannerLookup, PlannerView, RowCells, RowSuggestions, RowTasks } from './planner-model';
import { GROUP_ROW_HEIGHT, PlannerRow, ROW_HEIGHT } from './planner-row';
import { PLANNER_MARKS } from './use-planner';
import type { useGridInteraction } from './use-planner-selection';
import { useRowWindow } from './use-row-window';

/**
 * Column widths: the sticky employee column (which the scroll hint leaves uncovered; narrower on a
 * phone), a weekday, a weekend day.
 */
const EMPLOYEE_COLUMN_WIDTH = 160;
const PHONE_EMPLOYEE_COLUMN_WIDTH = 112;
const DAY_WIDTH = 104;
const WEEKEND_WIDTH = 84;

export type PlannerGridProps = {
  planner: PlannerDto;
  view: PlannerView;
  lookup: PlannerLookup;
  today: string;
  selectedByRow: ReadonlyMap<string, string>;
  interaction: ReturnType<typeof useGridInteraction>;
  isSelectable: boolean;
};

/** A line of the grid's body: a work group's heading, or an employee's (or nobody's tasks') row. */
type Line =
  | { kind: 'group'; key: string; label: string }
  | {
      kind: 'row';
      employee: PlannerEmployeeDto;
      cells: RowCells;
      tasks: RowTasks;
      suggestions: RowSuggestions;
    };

const NO_CELLS: RowCells = Object.freeze({});
const NO_SUGGESTIONS: RowSuggestions = Object.freeze({});

/** The day's column header: weekday, date, and the red day's name (SPEC §9). */
const DayHeader = ({ day, isToday }: { day: PlannerDayDto; isToday: boolean }) => {
  const { t } = useTranslation(['planner', 'components']);
  return (
    <th
      scope="col"
      className={classes.dayHeader}
      data-weekend={day.isWeekend || undefined}
      data-red-day={day.redDay ? true : undefined}
      data-today={isToday || undefined}
    >
      {/* Spaces between the lines, so a screen reader reads "Thu 02.04.2026 Maundy Thursday". */}
      <span className={classes.weekday}>{t(`planner:weekdays.${isoDayOfWeek(day.date)}`)}</span>{' '}
      <span className={classes.date}>{formatDate(day.date)}</span>{' '}
      {day.redDay && <span className={classes.redDayName}>{t(`components:redDays.${day.redDay}`)}</span>}
    </th>
  );
};

/** A work group's heading across the grid; its name stays in view while the grid scrolls sideways. */
const GroupRow = ({ label, columns }: { label: string; columns: number }) => (
  <tr className={classes.groupRow} style={{ height: GROUP_ROW_HEIGHT }}>
    <th scope="colgroup" colSpan={columns} className={classes.groupHeader}>
      <span className={classes.groupLabel}>{label}</span>
    </th>
  </tr>
);

/** A stand-in for the rows not drawn, above or below the ones in view. */
const Spacer = ({ height, columns }: { height: number; columns: number }) =>
  height > 0 ? (
    <tr aria-hidden className={classes.spacer} style={{ height }}>
      <td colSpan={columns} />
    </tr>
  ) : null;

/**
 * Employees down, the fourteen days across, grouped by work group. The box scrolls both ways with the
 * day headers and the employee column sticky. Only the rows in view (and a margin) are drawn, each
 * of a fixed height, and rows are memoised: a page of 150 employees × 14 days, a push or a change of
 * selection renders only what it must. Every cell is a grid cell the table's handlers select.
 */
export const PlannerGrid = ({
  planner,
  view,
  lookup,
  today,
  selectedByRow,
  interaction,
  isSelectable,
}: PlannerGridProps) => {
  const { t } = useTranslation('planner');
  const scroller = useRef<HTMLDivElement>(null);
  const { focused, tableRef, handlers } = interaction;
  const tabStop = focused ?? (view.rows[0] ? { employeeId: view.rows[0].id, date: view.dates[0] } : null);
  const columns = planner.days.length + 1;
  const widths = planner.days.map((day) => (day.isWeekend ? WEEKEND_WIDTH : DAY_WIDTH));
  const employeeWidth = useIsPhone() ? PHONE_EMPLOYEE_COLUMN_WIDTH : EMPLOYEE_COLUMN_WIDTH;

  const lines = useMemo<Line[]>(() => {
    const unassigned: Line[] =
      Object.keys(view.unassignedTasks).length > 0
        ? [
            { kind: 'group', key: 'unassigned', label: t('grid.unassignedTasks') },
            {
              kind: 'row',
              employee: { id: '', name: t('grid.nobody'), workGroup: null },
              cells: NO_CELLS,
              tasks: view.unassignedTasks,
              suggestions: NO_SUGGESTIONS,
            },
          ]
        : [];
    return [
      ...unassigned,
      ...view.groups.flatMap((group): Line[] => [
        {
          kind: 'group',
          key: group.key ?? '',
          label: t('grid.group', { name: group.label, count: group.employees.length }),
        },
        ...group.employees.map(
          (employee): Line => ({
            kind: 'row',
            employee,
            cells: view.cellsOf(employee.id),
            tasks: view.tasksOf(employee.id),
            suggestions: view.suggestionsOf(employee.id),
          }),
        ),
      ]),
    ];
  }, [view, t]);
  const heights = useMemo(
    () => lines.map((line) => (line.kind === 'group' ? GROUP_ROW_HEIGHT : ROW_HEIGHT)),
    [lines],
  );
  const rows = useRowWindow(scroller, heights);

  // The focused cell takes the keyboard focus. Moved by keyboard, it is first scrolled into view
  // below the sticky headers and beside the sticky column (its row is drawn once it is in view).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when other rows are drawn
  useEffect(() => {
    const box = scroller.current;
    const table = tableRef.current;
    if (!focused || !box || !table) return;
    if (interaction.isKeyboardMove()) {
      const index = lines.findIndex((line) => line.kind === 'row' && line.employee.id === focused.employeeId);
      const header = table.tHead?.offsetHeight ?? 0;
      const top = header + rows.offsetOf(index);
      if (top < box.scrollTop + header) box.scrollTop = top - header;
      else if (top + ROW_HEIGHT > box.scrollTop + box.clientHeight) {
        box.scrollTop = top + ROW_HEIGHT - box.clientHeight;
      }
      const day = view.dates.indexOf(focused.date);
      const left = employeeWidth + widths.slice(0, day).reduce((sum, width) => sum + width, 0);
      if (left < box.scrollLeft + employeeWidth) box.scrollLeft = left - employeeWidth;
      else if (left + (widths[day] ?? 0) > box.scrollLeft + box.clientWidth) {
        box.scrollLeft = left + (widths[day] ?? 0) - box.clientWidth;
      }
    }
    const cell = table.querySelector<HTMLElement>(
      `td[data-employee="${focused.employeeId}"][data-date="${focused.date}"]`,
    );
    if (cell && document.activeElement !== cell) {
      cell.focus({ preventScroll: true });
      // The box may reach below the window: the page follows too (the box is already right).
      if (interaction.isKeyboardMove()) cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }, [focused, rows.start, rows.end]);

  // From the data's arrival to the grid in the DOM, and to the frame after it (painted): the render
  // bench reads both measures.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured whenever the data changes
  useLayoutEffect(() => {
    const [arrived] = performance.getEntriesByName(PLANNER_MARKS.dataArrived);
    if (!arrived) return;
    performance.clearMarks(PLANNER_MARKS.dataArrived);
    const start = arrived.startTime;
    performance.measure(PLANNER_MARKS.render, { start, end: performance.now() });
    requestAnimationFrame(() =>
      setTimeout(() => performance.measure(PLANNER_MARKS.painted, { start, end: performance.now() })),
    );
  }, [planner]);

  return (
    <div className={classes.frame}>
      <div ref={scroller} className={classes.scroller}>
        <table
          ref={tableRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table, cells selected by keyboard
          role="grid"
          aria-label={t('grid.label', { first: planner.weeks[0].week, second: planner.weeks[1].week })}
          aria-multiselectable={isSelectable}
          aria-readonly={!isSelectable}
          className={classes.table}
          style={{ width: employeeWidth + widths.reduce((sum, width) => sum + width, 0) }}
          {...handlers}
        >
          <colgroup>
            <col style={{ width: employeeWidth }} />
            {planner.days.map((day, index) => (
              <col key={day.date} style={{ width: widths[index] }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className={classes.corner}>
                {t('grid.employee')}
              </th>
              {planner.weeks.map((week) => (
                <th
                  key={`${week.year}-${week.week}`}
                  scope="colgroup"
                  colSpan={7}
                  className={classes.weekHeader}
                >
                  {t('grid.week', { week: week.week, year: week.year })}
                </th>
              ))}
            </tr>
            <tr>
              {planner.days.map((day) => (
                <DayHeader key={day.date} day={day} isToday={day.date === today} />
              ))}
            </tr>
          </thead>
          <tbody>
            <Spacer height={rows.before} columns={columns} />
            {lines
              .slice(rows.start, rows.end + 1)
              .map((line) =>
                line.kind === 'group' ? (
                  <GroupRow key={`group:${line.key}`} label={line.label} columns={columns} />
                ) : (
                  <PlannerRow
                    key={line.employee.id}
                    employee={line.employee}
                    days={planner.days}
                    cells={line.cells}
                    tasks={line.tasks}
                    suggestions={line.suggestions}
                    lookup={lookup}
                    today={today}
                    selectedDates={selectedByRow.get(line.employee.id) ?? ''}
                    tabStopDate={tabStop?.employeeId === line.employee.id ? (tabStop.date ?? null) : null}
                  />
                ),
              )}
            <Spacer height={rows.after} columns={columns} />
          </tbody>
        </table>
      </div>
      <ScrollHint target={scroller} leftInset={employeeWidth} />
    </div>
  );
};
