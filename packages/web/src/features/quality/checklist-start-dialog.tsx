import { DEVIATION_CATEGORIES, type DeviationCategory } from '@karm/domain/contract';
import { Alert, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess } from '@/components';
import { applyServerFieldErrors, translateMessage } from '@/lib/forms';
import { startChecklist, useChecklistSteps, useChecklistTemplates } from './checklists-api';
import { ProjectPicker } from './deviation-fields';
import { useQualityMutation } from './quality-api';

/**
 * "Run checklist": which checklist template, on which project, at which of the project's process
 * steps ("before delivery", "after installation"), and what a deviation raised from it is filed under.
 */
export const StartChecklistDialog = ({
  opened,
  project,
  onClose,
  onStarted,
}: {
  opened: boolean;
  /** A project's own list starts on it. */
  project?: { id: string; label: string };
  onClose: () => void;
  onStarted: (id: string) => void;
}) => (opened ? <StartWindow project={project} onClose={onClose} onStarted={onStarted} /> : null);

const StartWindow = ({
  project,
  onClose,
  onStarted,
}: {
  project?: { id: string; label: string };
  onClose: () => void;
  onStarted: (id: string) => void;
}) => {
  const { t, i18n } = useTranslation('quality');
  const { t: tAll } = useTranslation();
  const templates = useChecklistTemplates();
  const steps = useChecklistSteps();
  const start = useQualityMutation(startChecklist);
  const [projectId, setProjectId] = useState<string | null>(project?.id ?? null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [stepId, setStepId] = useState<string | null>(null);
  const [category, setCategory] = useState<DeviationCategory>('installation');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isNorwegian = i18n.language.startsWith('nb');
  const hasNoTemplates = templates.isSuccess && templates.data.items.length === 0;

  const save = async () => {
    const missing = {
      ...(projectId ? {} : { projectId: t('validation:required') }),
      ...(templateId ? {} : { templateId: t('validation:required') }),
    };
    setErrors(missing);
    if (!projectId || !templateId) return;
    try {
      const run = await start.mutateAsync({
        projectId,
        templateId,
        processColumnId: stepId,
        deviationCategory: category,
      });
      notifySuccess(t('checklists.toast.started', { number: run.number }));
      onStarted(run.id);
    } catch (error) {
      const shown = applyServerFieldErrors(
        {
          setFieldError: (path, message) =>
            setErrors((before) => ({ ...before, [path]: translateMessage(tAll, message) })),
        },
        error,
      );
      if (!shown) notifyError(error);
    }
  };

  return (
    <AppDialog
      opened
      size="md"
      title={t('checklists.startTitle')}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={start.isPending}
    >
      <Stack gap="sm">
        {hasNoTemplates && <Alert color="yellow">{t('checklists.noTemplates')}</Alert>}
        {project ? (
          <Text size="sm">
            {t('fields.project')}: <b>{project.label}</b>
          </Text>
        ) : (
          <ProjectPicker value={projectId} label={null} onChange={setProjectId} error={errors.projectId} />
        )}
        <Select
          label={t('checklists.template')}
          withAsterisk
          data-autofocus
          searchable
          value={templateId}
          onChange={setTemplateId}
          error={errors.templateId}
          data={(templates.data?.items ?? []).map((template) => ({
            value: template.id,
            label: template.name,
          }))}
        />
        <Select
          label={t('checklists.step')}
          description={t('checklists.stepHint')}
          clearable
          value={stepId}
          onChange={setStepId}
          error={errors.processColumnId}
          data={(steps.data ?? []).map((step) => ({
            value: step.id,
            label: isNorwegian ? step.nameNo : step.nameEn,
          }))}
        />
        <Select
          label={t('checklists.deviationCategory')}
          description={t('checklists.deviationCategoryHint')}
          allowDeselect={false}
          value={category}
          onChange={(value) => value && setCategory(value as DeviationCategory)}
          data={DEVIATION_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
        />
      </Stack>
    </AppDialog>
  );
};
