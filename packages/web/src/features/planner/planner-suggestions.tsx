import type { PlannerDto, PlanSuggestionDto } from '@karm/domain/contract';
import { formatDate, isWorkingDay } from '@karm/domain/rules';
import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconCalendarShare, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DateInput, notifyError, notifySuccess, useConfirm } from '@/components';
import {
  planRefusalOf,
  useAcceptSuggestion,
  useDismissSuggestion,
  useMoveSuggestion,
} from './plan-mutations';
import { daysSign, partSign } from './planner-row';

/**
 * Suggested plans of the fortnight (issues 14, 19): due agreement visits proposed for a service
 * worker on a day with room. They show dashed in the grid; here a planner accepts one (it becomes a
 * booking — a full day asks first, never an overbooking unseen), moves it or dismisses it (asked
 * first). Everyone else sees them listed.
 */
export const PlannerSuggestions = ({
  planner,
  mayWrite,
  today,
}: {
  planner: PlannerDto;
  mayWrite: boolean;
  /** `YYYY-MM-DD` in Oslo: a suggestion moves to a working day from here on. */
  today: string;
}) => {
  const { t } = useTranslation('planner');
  const confirm = useConfirm();
  const accept = useAcceptSuggestion();
  const dismiss = useDismissSuggestion();
  const [moving, setMoving] = useState<PlanSuggestionDto | null>(null);
  const suggestions = planner.suggestions ?? [];
  if (suggestions.length === 0) return null;
  const nameOf = (employeeId: string) =>
    planner.employees.find((employee) => employee.id === employeeId)?.name ?? '';

  const onAccept = async (suggestion: PlanSuggestionDto) => {
    const send = (isOverbookingConfirmed: boolean) =>
      accept.mutateAsync({ id: suggestion.id, version: suggestion.version, isOverbookingConfirmed });
    const what = { name: nameOf(suggestion.employeeId), date: formatDate(suggestion.date) };
    try {
      try {
        await send(false);
      } catch (error) {
        const refusal = planRefusalOf(error);
        if (refusal?.reason !== 'overbooked') throw error;
        const isSure = await confirm({
          title: t('suggestions.overbookedTitle'),
          message: t('suggestions.overbookedQuestion', {
            ...what,
            days: daysSign(refusal.cells[0]?.quarters ?? 0),
          }),
          confirmLabel: t('suggestions.bookAnyway'),
          color: 'orange',
        });
        if (!isSure) return;
        await send(true);
      }
      notifySuccess(t('suggestions.accepted', what));
    } catch (error) {
      notifyError(error, { title: t('suggestions.failed') });
    }
  };

  const onDismiss = async (suggestion: PlanSuggestionDto) => {
    const isSure = await confirm({
      title: t('suggestions.dismissTitle'),
      message: t('suggestions.dismissQuestion', { title: suggestion.title }),
      confirmLabel: t('suggestions.dismiss'),
      color: 'red',
    });
    if (!isSure) return;
    try {
      await dismiss.mutateAsync({ id: suggestion.id, version: suggestion.version });
      notifySuccess(t('suggestions.dismissed', { title: suggestion.title }));
    } catch (error) {
      notifyError(error, { title: t('suggestions.failed') });
    }
  };

  return (
    <Paper withBorder p="xs" data-testid="planner-suggestions">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('suggestions.title', { count: suggestions.length })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('suggestions.hint')}
        </Text>
        {suggestions.map((suggestion) => (
          <Group
            key={suggestion.id}
            justify="space-between"
            gap="xs"
            wrap="wrap"
            data-testid="planner-suggestion"
            data-suggestion={suggestion.id}
          >
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Text size="sm" fw={500} truncate>
                {suggestion.title}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {t('suggestions.who', {
                    name: nameOf(suggestion.employeeId),
                    date: formatDate(suggestion.date),
                    part: partSign(suggestion.quarters),
                  })}
                </Text>
                {suggestion.isOverbooked && (
                  <Badge color="red" variant="light" size="xs">
                    {t('suggestions.full')}
                  </Badge>
                )}
              </Group>
            </Stack>
            {mayWrite && (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  leftSection={<IconCalendarCheck size={14} />}
                  loading={accept.isPending && accept.variables?.id === suggestion.id}
                  onClick={() => void onAccept(suggestion)}
                  aria-label={t('suggestions.acceptOne', { title: suggestion.title })}
                >
                  {t('suggestions.accept')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconCalendarShare size={14} />}
                  onClick={() => setMoving(suggestion)}
                  aria-label={t('suggestions.moveOne', { title: suggestion.title })}
                >
                  {t('suggestions.move')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={14} />}
                  onClick={() => void onDismiss(suggestion)}
                  aria-label={t('suggestions.dismissOne', { title: suggestion.title })}
                >
                  {t('suggestions.dismiss')}
                </Button>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
      {moving && (
        <MoveSuggestionDialog
          planner={planner}
          suggestion={moving}
          today={today}
          onClose={() => setMoving(null)}
        />
      )}
    </Paper>
  );
};

/** Another worker or day for a suggestion; it stays a suggestion (its room is checked again). */
const MoveSuggestionDialog = ({
  planner,
  suggestion,
  today,
  onClose,
}: {
  planner: PlannerDto;
  suggestion: PlanSuggestionDto;
  today: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('planner');
  const move = useMoveSuggestion();
  const [employeeId, setEmployeeId] = useState<string | null>(suggestion.employeeId);
  const [date, setDate] = useState<string | null>(suggestion.date);
  const [missing, setMissing] = useState(false);
  const save = async () => {
    setMissing(!employeeId || !date);
    if (!employeeId || !date) return;
    try {
      const moved = await move.mutateAsync({
        id: suggestion.id,
        version: suggestion.version,
        employeeId,
        date,
      });
      const name = planner.employees.find((employee) => employee.id === moved.employeeId)?.name ?? '';
      notifySuccess(t('suggestions.moved', { name, date: formatDate(moved.date) }));
      onClose();
    } catch (error) {
      notifyError(error, { title: t('suggestions.failed') });
    }
  };
  return (
    <AppDialog
      opened
      size="sm"
      title={t('suggestions.moveTitle')}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={move.isPending}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {suggestion.title}
        </Text>
        <Select
          label={t('suggestions.employee')}
          data={planner.employees.map((employee) => ({ value: employee.id, label: employee.name }))}
          value={employeeId}
          onChange={setEmployeeId}
          searchable
          withAsterisk
          error={missing && !employeeId ? t('validation:required') : undefined}
          data-autofocus
        />
        <DateInput
          label={t('suggestions.day')}
          value={date}
          onChange={setDate}
          // The server refuses the others too (movedSuggestionDayProblem): the picker does not offer them.
          minDate={today}
          excludeDate={(day) => !isWorkingDay(day)}
          withAsterisk
          error={missing && !date ? t('validation:required') : undefined}
        />
      </Stack>
    </AppDialog>
  );
};
