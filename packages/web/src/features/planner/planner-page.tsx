import { localeOrDefault } from '@karm/domain/i18n';
import { formatDate, type IsoWeek, isoWeekOf, isValidIsoWeek, osloDateOf } from '@karm/domain/rules';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailedAlert, notifyError, PageHeader } from '@/components';
import { useCan } from '@/lib/permissions';
import { useAuthStore } from '@/lib/store/auth-store';
import { BookDialog } from './book-dialog';
import { PlannerActions } from './planner-actions';
import { PlannerGrid } from './planner-grid';
import { PlannerLegend } from './planner-legend';
import { buildPlannerView, lookupOf } from './planner-model';
import { PlannerSuggestions } from './planner-suggestions';
import { PlannerWeekNav } from './planner-week-nav';
import { plannerKeys, refreshPlanner, usePlanner } from './use-planner';
import { usePlannerPushes } from './use-planner-pushes';
import { useGridInteraction, usePlannerSelection } from './use-planner-selection';

export type PlannerPageProps = {
  /** The address of a fortnight (`/planner/:year/:week`). */
  weekHref: (week: IsoWeek) => string;
  /** The print sheet of a fortnight (`/print`). */
  printHref: (week: IsoWeek) => string;
  /** Where a person picks the work groups they see. */
  profilePath: string;
  /** `YYYY-MM-DD`; the current week and the highlighted day. @default today in Europe/Oslo */
  today?: string;
};

const NO_GROUPS: readonly string[] = [];

/** The week in the address (`/planner/:year/:week`), this week without one, null for one that does not exist. */
const useShownWeek = (today: string): IsoWeek | null => {
  const params = useParams();
  if (params.year === undefined && params.week === undefined) return isoWeekOf(today);
  const week = { year: Number(params.year), week: Number(params.week) };
  return /^\d{4}$/.test(params.year ?? '') && /^\d{1,2}$/.test(params.week ?? '') && isValidIsoWeek(week)
    ? week
    : null;
};

/**
 * SPEC §2 /planner and /planner/:year/:week, the resource planner: two consecutive ISO weeks of the
 * employees of the person's work groups, a cell per employee and day with its bookings. Leaders
 * (`planner.write`) select cells and book a project, a task or an absence for a day part, clear
 * cells and push a project's cells off; everyone else reads. Every open planner follows the
 * company's changes as they are pushed.
 */
export const PlannerPage = ({ weekHref, printHref, profilePath, today: todayProp }: PlannerPageProps) => {
  const { t, i18n } = useTranslation(['planner', 'nav']);
  const today = todayProp ?? osloDateOf(new Date());
  const shownWeek = useShownWeek(today);
  usePlannerPushes();
  const queryClient = useQueryClient();
  const mayWrite = useCan('planner.write');
  const chosenGroups = useAuthStore((state) => state.user?.profile.plannerWorkGroups) ?? NO_GROUPS;
  const query = usePlanner(shownWeek ?? isoWeekOf(today), { enabled: shownWeek !== null });
  const planner = query.data;
  const locale = localeOrDefault(i18n.resolvedLanguage ?? i18n.language);
  const noGroup = t('grid.noGroup');
  const view = useMemo(
    () => (planner ? buildPlannerView(planner, chosenGroups, locale, noGroup) : null),
    [planner, chosenGroups, locale, noGroup],
  );
  const lookup = useMemo(
    () => (planner ? lookupOf(planner.projects, planner.tasks, planner.serviceItems) : null),
    [planner?.projects, planner?.tasks, planner],
  );
  const selection = usePlannerSelection(view);
  const [isBooking, setBooking] = useState(false);
  const interaction = useGridInteraction({
    view,
    isSelectable: mayWrite,
    onEnter: () => {
      if (selection.cells.length > 0) setBooking(true);
    },
  });
  const [isRefreshing, setRefreshing] = useState(false);

  if (!shownWeek) {
    return (
      <Stack>
        <PageHeader title={t('nav:resourcePlanner')} />
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('page.noSuchWeek')}>
          <Anchor component={Link} to={weekHref(isoWeekOf(today))}>
            {t('page.toThisWeek')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }

  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(plannerKeys.week(shownWeek), await refreshPlanner(shownWeek));
    } catch (error) {
      notifyError(error);
    } finally {
      setRefreshing(false);
    }
  };

  const days = planner?.days ?? [];
  const shownGroups = view?.groups.filter((group) => group.key !== null).map((group) => group.label) ?? [];
  const isFiltered =
    chosenGroups.length > 0 && planner?.workGroups.some((group) => chosenGroups.includes(group.key));

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('nav:resourcePlanner')}
        subtitle={
          days.length > 0
            ? t('page.subtitle', {
                first: planner?.weeks[0].week,
                second: planner?.weeks[1].week,
                from: formatDate(days[0]!.date),
                to: formatDate(days.at(-1)!.date),
              })
            : undefined
        }
        actions={
          <>
            {query.isFetching && <Loader size="sm" aria-label={t('page.loading')} />}
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={isRefreshing}
              onClick={() => void refresh()}
            >
              {t('page.refresh')}
            </Button>
            <Button
              component={Link}
              to={printHref(shownWeek)}
              variant="default"
              leftSection={<IconPrinter size={16} />}
            >
              {t('page.print')}
            </Button>
          </>
        }
      />
      <PlannerWeekNav week={shownWeek} today={today} weekHref={weekHref} />
      <Text size="sm" c="dimmed">
        {isFiltered ? t('page.groupsShown', { groups: shownGroups.join(', ') }) : t('page.allGroupsShown')}{' '}
        <Anchor component={Link} to={profilePath} size="sm">
          {t('page.chooseGroups')}
        </Anchor>
      </Text>
      {mayWrite && planner && view && lookup && (
        <PlannerActions
          planner={planner}
          view={view}
          lookup={lookup}
          selected={selection.cells}
          onBook={() => setBooking(true)}
        />
      )}
      {planner && <PlannerSuggestions planner={planner} mayWrite={mayWrite} today={today} />}
      {query.error && !planner ? (
        <LoadFailedAlert
          title={t('page.loadFailed')}
          error={query.error}
          retryLabel={t('page.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : planner && view && lookup ? (
        view.rows.length === 0 ? (
          <Alert color="gray">{t('page.noEmployees')}</Alert>
        ) : (
          <PlannerGrid
            planner={planner}
            view={view}
            lookup={lookup}
            today={today}
            selectedByRow={selection.byRow}
            interaction={interaction}
            isSelectable={mayWrite}
          />
        )
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={t('page.loading')} />
        </Group>
      )}
      {planner && lookup && <PlannerLegend planner={planner} lookup={lookup} />}
      {isBooking && planner && view && (
        <BookDialog
          planner={planner}
          view={view}
          selected={selection.cells}
          onClose={() => setBooking(false)}
        />
      )}
    </Stack>
  );
};
