import { DASHBOARD_PROJECT_LISTS } from '@karm/domain/contract';
import { PROJECT_GROUPS, PROJECT_STATES, type ProjectGroup } from '@karm/domain/rules';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDashboardProjects } from './use-dashboard';
import { type ChartWidgetProps, FigureLink, WidgetCard } from './widget-card';

export const GROUP_COLORS: Record<ProjectGroup, string> = {
  completed: 'teal.6',
  inProgress: 'blue.6',
  pastDue: 'red.6',
  startingSoon: 'yellow.6',
};

/** Project status overview: active, completed and archived, and the four dashboard groups (SPEC §1). */
export const ProjectStatusWidget = ({ links, onShowPie }: ChartWidgetProps) => {
  const { t } = useTranslation('dashboard');
  const query = useDashboardProjects({ enabled: true });
  const data = query.data;
  const title = t('projects.title');
  return (
    <WidgetCard
      widget="projects"
      title={title}
      query={query}
      href={links.projects(DASHBOARD_PROJECT_LISTS.state('active'))}
      linkLabel={t('projects.openList')}
      onShowPie={() =>
        data &&
        onShowPie({
          title: t('projects.groupsTitle'),
          slices: PROJECT_GROUPS.map((group) => ({
            name: t(`projects.group.${group}`),
            value: data.groups[group],
            color: GROUP_COLORS[group],
          })),
        })
      }
    >
      {data && (
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t('projects.groupsTitle')}
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            {PROJECT_GROUPS.map((group) => (
              <FigureLink
                key={group}
                testId={`group-${group}`}
                href={links.projects(DASHBOARD_PROJECT_LISTS.group(group))}
                label={t(`projects.group.${group}`)}
                value={data.groups[group]}
                color={group === 'pastDue' && data.groups.pastDue > 0 ? 'red.7' : undefined}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" fw={500}>
            {t('projects.statesTitle')}
          </Text>
          <SimpleGrid cols={3} spacing="xs">
            {PROJECT_STATES.map((state) => (
              <FigureLink
                key={state}
                testId={`state-${state}`}
                href={links.projects(DASHBOARD_PROJECT_LISTS.state(state))}
                label={t(`projects.state.${state}`)}
                value={data.states[state]}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </WidgetCard>
  );
};
