import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import './calendar.css';
import FullCalendar, {
  type DatesSetInfo,
  type EventClickInfo,
  type EventDropInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import nbLocale from '@fullcalendar/react/locales/nb';
import formaTheme from '@fullcalendar/react/themes/forma';
import type { CalendarEntryDto, CalendarTargetType } from '@karm/domain/contract';
import { formatDate, type RedDayName } from '@karm/domain/rules';
import { Card, LoadingOverlay, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  errorMessageOf,
  LoadFailedAlert,
  notifyError,
  notifySuccess,
  PageHeader,
  useConfirm,
} from '@/components';
import { calendarKeys, useCalendarEntries } from '@/lib/api/calendar';
import { updateProject } from '@/lib/api/projects';
import { useCan } from '@/lib/permissions';
import { useCalendarLayersStore } from '@/lib/store/work-stores';
import { useIsPhone } from '@/lib/use-is-phone';
import { availableLayers, entryEvents, knownLayers, rangeOf, redDayEvents } from './calendar-events';
import { LayerSwitches } from './layer-switches';
import { useCalendarPushes } from './use-calendar-pushes';

/** Where an entry's record opens; null when it has no screen (a person's birthday). */
export type TargetHref = (target: { type: CalendarTargetType; id: string }) => string | null;

const VIEWS = 'dayGridMonth,dayGridWeek,listMonth';

/**
 * SPEC §2 /calendar (issue 17): month, week and list views of what the modules store, by layers the
 * person switches on, over the Norwegian red days. An entry opens its record's dialog; a delivery date
 * is dragged to another day and saved through `project:update` after asking, like the project dialog.
 */
export const CalendarPage = ({ targetHref }: { targetHref: TargetHref }) => {
  const { t, i18n } = useTranslation(['calendar', 'components']);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  useCalendarPushes();
  const isPhone = useIsPhone();
  const mayMoveDeliveries = useCan('projects.write');
  const mayReadPlanner = useCan('planner.read');
  const mayReadOwnPlans = useCan('planner.read-own');
  const mayReadService = useCan('service.read');
  const offered = useMemo(
    () =>
      availableLayers(
        (permission) =>
          ({
            'planner.read': mayReadPlanner,
            'planner.read-own': mayReadOwnPlans,
            'service.read': mayReadService,
          })[permission],
      ),
    [mayReadPlanner, mayReadOwnPlans, mayReadService],
  );
  const storedLayers = useCalendarLayersStore((state) => state.layers);
  const setLayers = useCalendarLayersStore((state) => state.setLayers);
  const layers = knownLayers(storedLayers);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [isList, setList] = useState(false);
  const entries = useCalendarEntries(range, layers);
  const isNorwegian = i18n.language.startsWith('nb');

  const events = useMemo(() => {
    const titleOf = (entry: CalendarEntryDto) => {
      const detail = entry.detail ? ` · ${isNorwegian ? entry.detail.nameNo : entry.detail.nameEn}` : '';
      // An absence is named in the person's language; the server sends whose it is.
      const absence = entry.absence ? t(`calendar:absence.${entry.absence}`) : '';
      const title = [absence, entry.title].filter(Boolean).join(entry.layer === 'allPlans' ? ' — ' : ': ');
      return `${t(`calendar:layers.${entry.layer}.short`)}: ${title}${detail}`;
    };
    return [
      ...entryEvents(entries.data ?? [], { mayMoveDeliveries, titleOf }),
      ...(range ? redDayEvents(range, (name: RedDayName) => t(`components:redDays.${name}`), isList) : []),
    ];
  }, [entries.data, mayMoveDeliveries, range, isList, t, isNorwegian]);

  const onDatesSet = (info: DatesSetInfo) => {
    const next = rangeOf(info);
    setList(info.view.type.startsWith('list'));
    setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
  };

  const onClick = (info: EventClickInfo) => {
    const entry = info.event.extendedProps.entry as CalendarEntryDto | undefined;
    if (!entry) return;
    info.jsEvent.preventDefault();
    const to = targetHref(entry.target);
    if (to) navigate(to);
  };

  const onDrop = async (info: EventDropInfo) => {
    const entry = info.event.extendedProps.entry as CalendarEntryDto;
    const date = info.event.startStr.slice(0, 10);
    const isSure = await confirm({
      title: t('calendar:move.title'),
      message: t('calendar:move.message', {
        project: entry.title,
        from: formatDate(entry.start),
        to: formatDate(date),
      }),
      confirmLabel: t('calendar:move.confirm'),
    });
    if (!isSure) {
      info.revert();
      return;
    }
    try {
      await updateProject({ id: entry.target.id, version: entry.version!, changes: { deliveryDate: date } });
      notifySuccess(t('calendar:move.saved', { project: entry.title, date: formatDate(date) }));
    } catch (error) {
      info.revert();
      notifyError(errorMessageOf(error));
    } finally {
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    }
  };

  return (
    <Stack gap="sm">
      <PageHeader title={t('calendar:page.title')} subtitle={t('calendar:page.subtitle')} />
      <LayerSwitches
        layers={layers.filter((layer) => offered.includes(layer))}
        available={offered}
        onChange={setLayers}
      />
      {entries.isError && (
        <LoadFailedAlert
          title={t('calendar:page.loadFailed')}
          error={entries.error}
          retryLabel={t('calendar:page.retry')}
          onRetry={() => entries.refetch()}
        />
      )}
      <Card withBorder padding={isPhone ? 'xs' : 'sm'} pos="relative" className="karm-calendar">
        <LoadingOverlay visible={entries.isFetching && !entries.data} />
        <FullCalendar
          // A phone is known only after the first paint; the calendar starts again in its view then.
          key={isPhone ? 'phone' : 'wide'}
          plugins={[formaTheme, dayGridPlugin, listPlugin, interactionPlugin]}
          locales={[enGbLocale, nbLocale]}
          locale={isNorwegian ? 'nb' : 'en-gb'}
          initialView={isPhone ? 'listMonth' : 'dayGridMonth'}
          headerToolbar={
            isPhone
              ? { start: 'title', end: 'prev,next' }
              : { start: 'prev,next today', center: 'title', end: VIEWS }
          }
          footerToolbar={isPhone ? { start: 'today', end: VIEWS } : undefined}
          todayText={t('calendar:views.today')}
          monthText={t('calendar:views.month')}
          weekTextLong={t('calendar:views.week')}
          listText={t('calendar:views.list')}
          // Every entry is a whole day: no "all-day" column taking a phone's width.
          displayEventTime={false}
          firstDay={1}
          weekNumbers
          weekNumberCalculation="ISO"
          height="auto"
          dayMaxEvents={4}
          events={events}
          eventClick={onClick}
          eventDrop={onDrop}
          datesSet={onDatesSet}
        />
      </Card>
    </Stack>
  );
};
