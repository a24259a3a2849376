import type { PlannerDayDto, PlannerDto } from '@karm/domain/contract';
import { formatDate, isoDayOfWeek } from '@karm/domain/rules';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollHint } from '@/components';
import { useIsPhone } from '@/lib/use-is-phone';
import classes from './planner-grid.module.css';
import type { PlannerLookup, PlannerView } from './planner-model';
import { PlannerRow } from './planner-row';
import { PLANNER_MARKS } from './use-planner';
import type { useGridInteraction } from './use-planner-selection';

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

/** A row spanning the grid: a work group's name, or the tasks nobody is assigned. */
const SpanningRow = ({ label, columns }: { label: ReactNode; columns: number }) => (
  <tr className={classes.groupRow}>
    <th scope="rowgroup" colSpan={columns} className={classes.groupHeader}>
      <span className={classes.groupLabel}>{label}</span>
    </th>
  </tr>
);

/**
 * Employees down, the fourteen days across, grouped by work group. The box scrolls both ways with the
 * day headers and the employee column sticky. Every cell is a grid cell the table's handlers select;
 * rows are memoised, so a push or a selection renders only the rows it changes.
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

  // From the data's arrival to the rendered grid (the render bench reads the measure).
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured whenever the data changes
  useLayoutEffect(() => {
    if (performance.getEntriesByName(PLANNER_MARKS.dataArrived).length === 0) return;
    performance.mark(PLANNER_MARKS.rendered);
    performance.measure(PLANNER_MARKS.render, PLANNER_MARKS.dataArrived, PLANNER_MARKS.rendered);
    performance.clearMarks(PLANNER_MARKS.dataArrived);
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
          {Object.keys(view.unassignedTasks).length > 0 && (
            <tbody>
              <SpanningRow label={t('grid.unassignedTasks')} columns={columns} />
              <PlannerRow
                employee={{ id: '', name: t('grid.nobody'), workGroup: null }}
                days={planner.days}
                cells={{}}
                tasks={view.unassignedTasks}
                lookup={lookup}
                today={today}
                selectedDates=""
                tabStopDate={null}
              />
            </tbody>
          )}
          {view.groups.map((group) => (
            <tbody key={group.key ?? ''} data-work-group={group.key ?? ''}>
              <SpanningRow
                label={t('grid.group', { name: group.label, count: group.employees.length })}
                columns={columns}
              />
              {group.employees.map((employee) => (
                <PlannerRow
                  key={employee.id}
                  employee={employee}
                  days={planner.days}
                  cells={view.cellsOf(employee.id)}
                  tasks={view.tasksOf(employee.id)}
                  lookup={lookup}
                  today={today}
                  selectedDates={selectedByRow.get(employee.id) ?? ''}
                  tabStopDate={tabStop?.employeeId === employee.id ? (tabStop.date ?? null) : null}
                />
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <ScrollHint target={scroller} leftInset={employeeWidth} />
    </div>
  );
};
