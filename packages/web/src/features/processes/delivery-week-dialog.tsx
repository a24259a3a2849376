import type { ProcessColumnDto, ProjectDto } from '@karm/domain/contract';
import { formatDate, isoWeekOf } from '@karm/domain/rules';
import { Alert, Stack, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DeliveryWeekPicker, notifyError, notifySuccess } from '@/components';
import { useSetDeliveryWeek } from '@/lib/api/processes';
import { ApiError } from '@/lib/http';
import { processErrorMessage } from './process-errors';

export type DeliveryWeekDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The project as the grid has it now (its version is sent with the change). */
  project: Pick<ProjectDto, 'id' | 'number' | 'name' | 'deliveryDate' | 'version'>;
  columns: readonly Pick<ProcessColumnDto, 'factor' | 'min'>[];
  today: string;
  /** Called after a CONFLICT, so the grid can read the newer project. */
  onStale?: () => void;
};

const weekOf = (date: string | null, today: string) => {
  const { year, week } = isoWeekOf(date ?? today);
  return { year, week: date ? week : null };
};

/**
 * Chooses a project's delivery week (its Friday becomes the delivery date; the server re-dates every
 * process cell). When the process cannot reach it, the server postpones the date and the dialog stays
 * open with SPEC §8's message and the new date.
 */
export const DeliveryWeekDialog = ({
  opened,
  onClose,
  project,
  columns,
  today,
  onStale,
}: DeliveryWeekDialogProps) => {
  const { t } = useTranslation(['processes', 'validation']);
  const setWeek = useSetDeliveryWeek();
  const [postponedTo, setPostponedTo] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The chosen week may sit far down the picker: bring the message into view.
  useEffect(() => {
    if (postponedTo) alertRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [postponedTo]);
  const chosen = weekOf(project.deliveryDate, today);
  const label = `${project.number} ${project.name}`;

  const choose = async (year: number, week: number) => {
    setPostponedTo(null);
    try {
      const { project: saved, isPostponed } = await setWeek.mutateAsync({
        id: project.id,
        version: project.version,
        year,
        week,
      });
      const date = saved.deliveryDate ?? '';
      if (isPostponed) {
        setPostponedTo(date);
        return;
      }
      notifySuccess(t('deliveryWeek.saved', { date: formatDate(date), week: isoWeekOf(date).week }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') onStale?.();
      notifyError(processErrorMessage(t, error));
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={t('deliveryWeek.title', { project: label })}
      size="xl"
      onCancel={onClose}
      busy={setWeek.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">
          {project.deliveryDate
            ? t('deliveryWeek.current', {
                date: formatDate(project.deliveryDate),
                week: isoWeekOf(project.deliveryDate).week,
              })
            : t('deliveryWeek.none')}
        </Text>
        {postponedTo && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconCalendarDue size={18} />}
            role="alert"
            data-postponed
          >
            <Text size="sm" fw={600}>
              {t('validation:deliveryPostponed')}
            </Text>
            <Text size="sm">
              {t('deliveryWeek.postponedTo', {
                date: formatDate(postponedTo),
                week: isoWeekOf(postponedTo).week,
              })}
            </Text>
          </Alert>
        )}
        <DeliveryWeekPicker
          year={chosen.year}
          week={chosen.week}
          columns={columns}
          today={today}
          onChange={(year, week) => void choose(year, week)}
          disabled={setWeek.isPending}
        />
      </Stack>
    </AppDialog>
  );
};
