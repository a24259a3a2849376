import type { DispatchEntryDto } from '@karm/domain/contract';
import { DAY_PARTS, type DayPart, formatDate, osloDateOf } from '@karm/domain/rules';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DateInput, notifyError, notifySuccess, useConfirm } from '@/components';
import { useServiceWorkers } from '@/lib/api/service-items';
import { ApiError } from '@/lib/http';
import { useAssignDispatch } from './dispatch-api';

/** The planner's refusal of a day that would hold more than a whole day (plan:add's rule). */
const overbookedDays = (error: unknown) => {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const details = error.details as { reason?: string; cells?: { quarters: number }[] } | undefined;
  return details?.reason === 'overbooked' ? (details.cells?.[0]?.quarters ?? 0) / 4 : null;
};

/**
 * Books a dispatch entry for a service worker (SPEC §7 GET employee/service) on a day for ¼, ½ or a
 * whole day. It is the planner's booking: a day that would hold more than a whole day asks first.
 */
export const DispatchAssignDialog = ({
  entry,
  onClose,
  onBooked,
}: {
  entry: DispatchEntryDto;
  onClose: () => void;
  /** After the booking: the day and worker, so the page can offer the planner's week. */
  onBooked: (booked: { date: string; employeeName: string }) => void;
}) => {
  const { t } = useTranslation('serviceWork');
  const confirm = useConfirm();
  const workers = useServiceWorkers();
  const assign = useAssignDispatch();
  const today = osloDateOf(new Date());
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(entry.date > today ? entry.date : today);
  const [dayPart, setDayPart] = useState<DayPart>(4);
  const [missing, setMissing] = useState(false);

  const book = async () => {
    setMissing(!employeeId || !date);
    if (!employeeId || !date) return;
    const send = (isOverbookingConfirmed: boolean) =>
      assign.mutateAsync({ subject: entry.subject, employeeId, date, dayPart, isOverbookingConfirmed });
    const employeeName = workers.data?.find((worker) => worker.id === employeeId)?.displayName ?? '';
    try {
      try {
        await send(false);
      } catch (error) {
        const days = overbookedDays(error);
        if (days === null) throw error;
        const isConfirmed = await confirm({
          title: t('dispatch.overbookedTitle'),
          message: t('dispatch.overbookedQuestion', { name: employeeName, date: formatDate(date), days }),
          confirmLabel: t('dispatch.bookAnyway'),
          color: 'orange',
        });
        if (!isConfirmed) return;
        await send(true);
      }
      notifySuccess(t('dispatch.booked', { name: employeeName, date: formatDate(date) }));
      onBooked({ date, employeeName });
      onClose();
    } catch (error) {
      notifyError(error, { title: t('dispatch.bookFailed') });
    }
  };

  return (
    <AppDialog
      opened
      size="sm"
      title={t('dispatch.assignTitle')}
      onClose={onClose}
      onCancel={onClose}
      onSave={book}
      saving={assign.isPending}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {entry.title}
        </Text>
        {entry.projectLabel && (
          <Text size="sm" c="dimmed">
            {entry.projectLabel}
          </Text>
        )}
        <Select
          label={t('dispatch.worker')}
          placeholder={t('dispatch.workerPlaceholder')}
          data={(workers.data ?? []).map((worker) => ({ value: worker.id, label: worker.displayName }))}
          value={employeeId}
          onChange={setEmployeeId}
          searchable
          nothingFoundMessage={workers.isLoading ? t('dispatch.loadingWorkers') : t('dispatch.noWorkers')}
          error={missing && !employeeId ? t('validation:required') : undefined}
          withAsterisk
          data-autofocus
        />
        <DateInput
          label={t('dispatch.day')}
          value={date}
          onChange={setDate}
          error={missing && !date ? t('validation:required') : undefined}
          withAsterisk
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('dispatch.dayPart')}
          </Text>
          <SegmentedControl
            value={String(dayPart)}
            onChange={(value) => setDayPart(Number(value) as DayPart)}
            data={DAY_PARTS.map((part) => ({ value: String(part), label: t(`dispatch.dayParts.${part}`) }))}
            aria-label={t('dispatch.dayPart')}
            fullWidth
          />
        </Stack>
      </Stack>
    </AppDialog>
  );
};
