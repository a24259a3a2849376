import type { NoteDates, ProcessColumnDto, ProcessEntryDto, ProjectDto } from '@karm/domain/contract';
import { formatDate, type NoteDateType, noteDateTypesOf, processDate } from '@karm/domain/rules';
import { Alert, Group, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppDialog,
  DateInput,
  notifyError,
  notifySuccess,
  ReadOnlyFieldset,
  useRecordQuestions,
} from '@/components';
import { getProcessGrid, storeEntry, useUpdateProcessEntry } from '@/lib/api/processes';
import { ApiError } from '@/lib/http';
import { nameIn } from './process-cell-state';
import { processErrorMessage } from './process-errors';

/** The contract's limit on a cell comment. */
const COMMENT_MAX_LENGTH = 2000;

export type ProcessEditDialogProps = {
  opened: boolean;
  onClose: () => void;
  project: Pick<ProjectDto, 'id' | 'number' | 'name' | 'deliveryDate'>;
  column: ProcessColumnDto;
  /** The cell as stored when the dialog opened; undefined when the project has no cell in this column yet. */
  entry: ProcessEntryDto | undefined;
  /** `YYYY-MM-DD`, passed to the date fields (current week, today button). */
  today?: string;
  /** For whoever may read the grid but not update it: the cell is shown, nothing saved. */
  readOnly?: boolean;
};

/**
 * SPEC §2 "process edit": one cell's date, whether the step is active, the note dates of the column's
 * type (completed; or ordered and received) and a comment. Mount it with a key per cell: the form
 * starts from the cell as it was when the dialog opened, and saves at that cell's version; a save over
 * someone else's offers to retrieve their cell instead (SPEC §4).
 */
export const ProcessEditDialog = ({
  opened,
  onClose,
  project,
  column,
  entry,
  today,
  readOnly = false,
}: ProcessEditDialogProps) => {
  const { t, i18n } = useTranslation('processes');
  const save = useUpdateProcessEntry();
  const questions = useRecordQuestions('processes');
  const queryClient = useQueryClient();
  const plannedDate = project.deliveryDate ? processDate(project.deliveryDate, column.factor) : null;
  // The cell the form started from: its version goes with the save.
  const [loaded, setLoaded] = useState(entry);
  const [date, setDate] = useState<string | null>(entry?.date ?? plannedDate);
  const [isActive, setActive] = useState(entry?.isActive ?? true);
  const [noteDates, setNoteDates] = useState<NoteDates>(entry?.noteDates ?? {});
  const [comment, setComment] = useState(entry?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const noteTypes = noteDateTypesOf(column.type);
  const processName = nameIn(i18n.language, column);

  const setNoteDate = (type: NoteDateType, value: string | null) =>
    setNoteDates((current) => ({ ...current, [type]: value ?? undefined }));

  /** Makes the stored cell the form's starting point; unsaved edits are dropped. */
  const adopt = (fresh: ProcessEntryDto) => {
    setLoaded(fresh);
    setDate(fresh.date);
    setActive(fresh.isActive);
    setNoteDates(fresh.noteDates);
    setComment(fresh.comment);
  };

  const retrieveNewer = async () => {
    try {
      const grid = await getProcessGrid([project.id]);
      const fresh = grid.entries.find((candidate) => candidate.processColumnId === column.id);
      if (!fresh) return;
      storeEntry(queryClient, fresh);
      adopt(fresh);
      notifySuccess(t('conflict.retrieved'));
    } catch (failure) {
      notifyError(failure);
    }
  };

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        projectId: project.id,
        processColumnId: column.id,
        // 0: the cell does not exist yet (a column added after the project).
        version: loaded?.version ?? 0,
        date,
        isActive,
        // Every note date of the column's type: a cleared one is sent as null and removed.
        noteDates: Object.fromEntries(noteTypes.map((type) => [type, noteDates[type] ?? null])),
        comment: comment.trim(),
      });
      notifySuccess(t('edit.saved'));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'CONFLICT') {
        if (await questions.wantsNewerVersion()) await retrieveNewer();
        return;
      }
      const message = processErrorMessage(t, failure);
      setError(message);
      notifyError(message);
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={t('edit.title', { process: processName, project: `${project.number} ${project.name}` })}
      size="lg"
      onCancel={onClose}
      onSave={submit}
      saving={save.isPending}
      readOnly={readOnly}
    >
      <ReadOnlyFieldset readOnly={readOnly}>
        <Stack gap="sm" data-process-edit>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <DateInput
            label={t('edit.date')}
            value={date}
            onChange={setDate}
            today={today}
            description={
              plannedDate
                ? t('edit.planned', { date: formatDate(plannedDate), count: column.factor })
                : t('edit.noDeliveryDate')
            }
          />
          <Switch
            label={t('edit.active')}
            description={t('edit.activeHint')}
            checked={isActive}
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, xs: noteTypes.length }} spacing="sm">
            {noteTypes.map((type) => (
              <DateInput
                key={type}
                label={t(`edit.note.${type}`)}
                value={noteDates[type] ?? null}
                onChange={(value) => setNoteDate(type, value)}
                today={today}
              />
            ))}
          </SimpleGrid>
          <Textarea
            label={t('edit.comment')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={COMMENT_MAX_LENGTH}
            // Not autosize: a fixed height the user can drag keeps the dialog steady while typing.
            rows={3}
            resize="vertical"
          />
          {column.subProcesses.length > 0 && (
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('edit.subProcesses')}
              </Text>
              <Text size="sm">{column.subProcesses.map((sub) => nameIn(i18n.language, sub)).join(', ')}</Text>
            </Group>
          )}
        </Stack>
      </ReadOnlyFieldset>
    </AppDialog>
  );
};
