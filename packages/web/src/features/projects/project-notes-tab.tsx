import { Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectForm } from './project-form';

/** SPEC §3: the note to the resource planner and the work order notes. */
export const ProjectNotesTab = ({ form }: { form: ProjectForm }) => {
  const { t } = useTranslation('projects');
  return (
    <Stack gap="sm">
      <Textarea
        label={t('fields.noteToPlanner')}
        description={t('fields.noteToPlannerHint')}
        rows={3}
        resize="vertical"
        {...form.getInputProps('noteToPlanner')}
      />
      <Textarea
        label={t('fields.workOrderNotes')}
        description={t('fields.workOrderNotesHint')}
        rows={5}
        resize="vertical"
        {...form.getInputProps('workOrderNotes')}
      />
    </Stack>
  );
};
