import type { PlannerDto } from '@karm/domain/contract';
import { localeOrDefault } from '@karm/domain/i18n';
import {
  formatDate,
  formatDateTime,
  isOverbooked,
  isoDayOfWeek,
  isValidIsoWeek,
  QUARTERS_PER_DAY,
} from '@karm/domain/rules';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components';
import { queryClient } from '@/lib/query-client';
import { useAuthStore } from '@/lib/store/auth-store';
import { buildPlannerView, lookupOf, type PlannerLookup, type PlannerView } from './planner-model';
import classes from './planner-print.module.css';
import { bookingLabel, partSign } from './planner-row';
import { usePlanner } from './use-planner';

const NO_GROUPS: readonly string[] = [];

/** A4 landscape with narrow margins; only while the sheet is shown (React removes the style with it). */
const PAGE_STYLE = '@page { size: A4 landscape; margin: 8mm; }';

const Sheet = ({
  planner,
  view,
  lookup,
}: {
  planner: PlannerDto;
  view: PlannerView;
  lookup: PlannerLookup;
}) => {
  const { t } = useTranslation(['planner', 'components']);
  const days = planner.days;
  return (
    <table className={classes.sheet}>
      <colgroup>
        <col className={classes.nameColumn} />
        {days.map((day) => (
          <col key={day.date} className={day.isWeekend ? classes.weekendColumn : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th rowSpan={2} className={classes.name}>
            {t('grid.employee')}
          </th>
          {planner.weeks.map((week) => (
            <th key={`${week.year}-${week.week}`} colSpan={7}>
              {t('grid.week', { week: week.week, year: week.year })}
            </th>
          ))}
        </tr>
        <tr>
          {days.map((day) => (
            <th key={day.date} data-off={!day.isWorkingDay || undefined}>
              {t(`weekdays.${isoDayOfWeek(day.date)}`)} {formatDate(day.date).slice(0, 5)}
              {day.redDay && <div className={classes.redDay}>{t(`components:redDays.${day.redDay}`)}</div>}
            </th>
          ))}
        </tr>
      </thead>
      {view.groups.map((group) => (
        <tbody key={group.key ?? ''}>
          <tr>
            <th scope="rowgroup" colSpan={days.length + 1} className={classes.group}>
              {group.label}
            </th>
          </tr>
          {group.employees.map((employee) => {
            const cells = view.cellsOf(employee.id);
            const tasks = view.tasksOf(employee.id);
            return (
              <tr key={employee.id}>
                <th scope="row" className={classes.name}>
                  {employee.name}
                </th>
                {days.map((day) => {
                  const bookings = cells[day.date]?.bookings ?? [];
                  return (
                    <td
                      key={day.date}
                      data-off={!day.isWorkingDay || undefined}
                      data-overbooked={isOverbooked(bookings) || undefined}
                    >
                      {bookings.map((booking) => (
                        <div
                          key={booking.id}
                          className={classes.booking}
                          style={
                            booking.kind === 'project'
                              ? ({
                                  '--project-colour': lookup.projects.get(booking.projectId)?.colour,
                                } as CSSProperties)
                              : undefined
                          }
                          data-kind={booking.kind}
                        >
                          {booking.quarters < QUARTERS_PER_DAY && <b>{partSign(booking.quarters)} </b>}
                          {bookingLabel(t, booking, lookup)}
                        </div>
                      ))}
                      {(tasks[day.date] ?? []).map((task) => (
                        <div key={task.id} className={classes.task}>
                          ☐ {task.name}
                        </div>
                      ))}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
};

const PrintedPlanner = ({ year, week }: { year: number; week: number }) => {
  const { t, i18n } = useTranslation('planner');
  const chosenGroups = useAuthStore((state) => state.user?.profile.plannerWorkGroups) ?? NO_GROUPS;
  const query = usePlanner({ year, week });
  const planner = query.data;
  if (query.error) return <Alert color="red">{errorMessageOf(query.error)}</Alert>;
  if (!planner) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('page.loading')} />
      </Group>
    );
  }
  const locale = localeOrDefault(i18n.resolvedLanguage ?? i18n.language);
  const view = buildPlannerView(planner, chosenGroups, locale, t('grid.noGroup'));
  const lookup = lookupOf(planner.projects, planner.tasks, planner.serviceItems);
  const projects = [...lookup.projects.values()];
  return (
    <Stack gap="xs" className={classes.page}>
      <style>{PAGE_STYLE}</style>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h3">
          {t('print.title', {
            first: planner.weeks[0].week,
            second: planner.weeks[1].week,
            from: formatDate(planner.days[0]!.date),
            to: formatDate(planner.days.at(-1)!.date),
          })}
        </Title>
        <Text size="xs" c="dimmed">
          {t('print.printedAt', { at: formatDateTime(new Date()) })}
        </Text>
      </Group>
      <Sheet planner={planner} view={view} lookup={lookup} />
      {projects.length > 0 && (
        <div className={classes.projects}>
          {projects.map((project) => (
            <div key={project.id}>
              <b>{project.number}</b> {project.name}
              {project.deliveryDate && ` — ${t('cell.delivery', { date: formatDate(project.deliveryDate) })}`}
              {project.noteToPlanner && ` — ${project.noteToPlanner}`}
            </div>
          ))}
        </div>
      )}
    </Stack>
  );
};

/**
 * The planner's week sheet for the workshop wall (issue 14, `/print?sheet=planner&year=&week=`): the
 * same two weeks, groups and bookings as the screen, with the projects' colours as a bar, on A4
 * landscape.
 */
export const PlannerPrintSheet = ({ search }: { search: URLSearchParams }) => {
  const { t } = useTranslation('planner');
  const year = Number(search.get('year'));
  const week = Number(search.get('week'));
  if (!isValidIsoWeek({ year, week })) return <Alert color="orange">{t('page.noSuchWeek')}</Alert>;
  return (
    <QueryClientProvider client={queryClient}>
      <PrintedPlanner year={year} week={week} />
    </QueryClientProvider>
  );
};
