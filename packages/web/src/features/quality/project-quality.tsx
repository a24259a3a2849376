import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/permissions';
import { ChecklistsList } from './checklists-tab';
import { DeviationsList } from './deviations-tab';
import { useQualityPushes } from './quality-api';

/**
 * A project's quality (its dialog's Quality tab, issue 16): the project's deviations — a row opens
 * the deviation view, "New deviation" starts one on the project — and the checklists run on it.
 */
export const ProjectQuality = ({ project }: { project: { id: string; number: number; name: string } }) => {
  const { t } = useTranslation('quality');
  useQualityPushes();
  const mayRead = useCan('quality.read');
  if (!mayRead) return null;
  const label = `${project.number} ${project.name}`;
  return (
    <Stack gap="lg" data-project-quality>
      <Stack gap="xs">
        <Title order={5}>{t('tabs.deviations')}</Title>
        <DeviationsList
          fixed={{ projectId: project.id }}
          defaults={{ projectId: project.id, projectLabel: label }}
          isCompact
        />
      </Stack>
      <Stack gap="xs">
        <Title order={5}>{t('tabs.checklists')}</Title>
        <ChecklistsList project={{ id: project.id, label }} isCompact />
      </Stack>
    </Stack>
  );
};
