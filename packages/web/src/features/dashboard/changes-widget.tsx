import type { ProjectChangeDto } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Anchor, ScrollArea, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardLinks } from './dashboard-links';
import { useDashboardChanges } from './use-dashboard';
import { WidgetCard } from './widget-card';

const whatChanged = (t: TFunction, change: ProjectChangeDto) => {
  // An action this version has no words for (a newer module's) shows as stored rather than not at all.
  const action = t(`changes.action.${change.action}`, { defaultValue: change.action });
  if (change.fields.length === 0) return action;
  const fields = change.fields.map((field) => t(`projects:fields.${field}`, { defaultValue: field }));
  return `${action}: ${fields.join(', ')}`;
};

/** Changes in projects (SPEC §1): the latest project history rows — who changed what, and when. */
export const ChangesWidget = ({ links }: { links: DashboardLinks }) => {
  const { t } = useTranslation(['dashboard', 'projects']);
  const query = useDashboardChanges({ enabled: true });
  const items = query.data?.items ?? [];
  return (
    <WidgetCard widget="changes" title={t('changes.title')} query={query}>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('changes.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={300} type="auto">
          <Stack gap={8}>
            {items.map((change) => (
              <Stack key={change.id} gap={0} data-change={change.action}>
                <Anchor component={Link} to={links.project(change.projectId)} size="sm" fw={500} truncate>
                  {change.projectNumber} {change.projectName}
                </Anchor>
                <Text size="xs">{whatChanged(t, change)}</Text>
                <Text size="xs" c="dimmed">
                  {t('changes.byAt', {
                    who: change.userName ?? t('changes.someone'),
                    at: formatDateTime(change.at),
                  })}
                </Text>
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </WidgetCard>
  );
};
