import type { PlannerDto } from '@karm/domain/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCalendarPlus, IconEraser, IconPlayerTrackNext, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, useConfirm } from '@/components';
import { useIsPhone } from '@/lib/use-is-phone';
import { useRemovePlan } from './plan-mutations';
import { type CellRef, currentCell, type PlannerLookup, type PlannerView } from './planner-model';
import { PushOffDialog } from './push-off-dialog';
import { clearPlannerSelection } from './use-planner-selection';

/**
 * What a leader does with the selected cells: book them (the planner dialog), push a project's
 * bookings off to the next free working days, remove their bookings (asks first), or clear the
 * selection. The keyboard hint says how to select without a mouse.
 */
export const PlannerActions = ({
  planner,
  view,
  lookup,
  selected,
  onBook,
}: {
  planner: PlannerDto;
  view: PlannerView;
  lookup: PlannerLookup;
  selected: readonly CellRef[];
  onBook: () => void;
}) => {
  const { t } = useTranslation('planner');
  const confirm = useConfirm();
  const removePlan = useRemovePlan();
  const [isPushingOff, setPushingOff] = useState(false);
  const booked = selected.map((cell) => currentCell(view, cell)).filter((cell) => cell.bookings.length > 0);
  const projectIds = [
    ...new Set(
      booked.flatMap((cell) =>
        cell.bookings.flatMap((booking) => (booking.kind === 'project' ? [booking.projectId] : [])),
      ),
    ),
  ];
  const count = selected.length;
  const isPhone = useIsPhone();

  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('remove.title'),
      message: t('remove.confirm', { count: booked.length }),
      confirmLabel: t('remove.action'),
    });
    if (!isConfirmed) return;
    try {
      await removePlan.mutateAsync({
        cells: booked.map(({ employeeId, date, version }) => ({ employeeId, date, version })),
      });
      clearPlannerSelection();
      notifySuccess(t('remove.done', { count: booked.length }));
    } catch (error) {
      notifyError(error, { title: t('remove.failed') });
    }
  };

  return (
    // The same lines whether or not cells are selected: the grid below never moves under the mouse.
    <Paper withBorder p="xs" data-planner-actions>
      <Text size="xs" c="dimmed" mb={6}>
        {t(isPhone ? 'actions.hintPhone' : 'actions.hint')}
      </Text>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" fw={600} c={count > 0 ? undefined : 'dimmed'} aria-live="polite">
          {t('actions.selected', { count })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            leftSection={<IconCalendarPlus size={16} />}
            disabled={count === 0}
            onClick={onBook}
          >
            {t('actions.book')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerTrackNext size={16} />}
            disabled={projectIds.length === 0}
            onClick={() => setPushingOff(true)}
          >
            {t('actions.pushOff')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconEraser size={16} />}
            disabled={booked.length === 0}
            loading={removePlan.isPending}
            onClick={() => void remove()}
          >
            {t('actions.remove')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconX size={16} />}
            disabled={count === 0}
            onClick={clearPlannerSelection}
          >
            {t('actions.clear')}
          </Button>
        </Group>
      </Group>
      {isPushingOff && (
        <PushOffDialog
          planner={planner}
          view={view}
          lookup={lookup}
          selected={selected}
          projectIds={projectIds}
          onClose={() => setPushingOff(false)}
        />
      )}
    </Paper>
  );
};
