import { Anchor, Group, Loader, Pagination, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert, PageHeader } from '@/components';
import { useProject } from '@/lib/api/projects';
import { useCan } from '@/lib/permissions';
import { useSearchParam } from '@/lib/use-search-param';
import { DispatchView } from './dispatch-view';
import { ServiceProjectItems } from './service-project-items';
import { ServiceReportsSection } from './service-reports-section';
import { useServiceProjects } from './service-work-api';
import type { ServiceWorkLinks } from './service-work-links';

/** Opened without a project: the service projects to choose from, with their item counts (paged). */
const ServiceProjectChooser = () => {
  const { t } = useTranslation('serviceWork');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const projects = useServiceProjects(page, debounced);
  if (projects.isError)
    return (
      <LoadFailedAlert
        title={t('loadFailed')}
        retryLabel={t('actions.retry')}
        error={projects.error}
        onRetry={() => void projects.refetch()}
      />
    );
  const data = projects.data;
  return (
    <Stack gap="sm">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('chooser.search')}
        aria-label={t('chooser.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {!data ? (
        <Loader size="sm" />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('chooser.empty')}</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chooser.project')}</Table.Th>
              <Table.Th ta="right">{t('chooser.items')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((project) => (
              <Table.Tr key={project.projectId}>
                <Table.Td>
                  <Anchor component={Link} to={`?projectId=${project.projectId}`}>
                    {project.projectNumber} {project.projectName}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{project.itemCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data && data.total > data.pageSize && (
        <Pagination total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
};

/**
 * SPEC §2 /service-project-details (`?projectId=…`): a service project's items on a list and a map.
 * Opened without a project (the drawer's "Service assignment"), it lands on the service leader's
 * dispatch view (issue 19; SPEC §2 names no route of its own for it), with the service projects to
 * choose from on a second tab. Whoever may not plan (a technician) gets the projects only.
 */
export const ServiceProjectDetailsPage = ({
  links,
  renderProjectActions,
  plannerWeekHref,
}: {
  links: ServiceWorkLinks;
  /** What other features add beside the project's title (the service agreement button). */
  renderProjectActions?: (projectId: string, projectName?: string) => ReactNode;
  /** The planner's week holding a date (the dispatch view links a booking there). */
  plannerWeekHref: (date: string) => string;
}) => {
  const { t } = useTranslation('serviceWork');
  const [projectId] = useSearchParam('projectId');
  const [tab, setTab] = useSearchParam('tab');
  const mayDispatch = useCan('planner.write');
  const validId = projectId && /^[0-9a-f-]{36}$/i.test(projectId) ? projectId : null;
  // A technician may not read every project: then the heading simply has no project name.
  const project = useProject(validId);
  const projectName = project.data ? `${project.data.number} ${project.data.name}` : undefined;
  if (validId)
    return (
      <Stack gap={0}>
        <PageHeader
          title={t('title')}
          subtitle={projectName}
          actions={
            <Group gap="sm">
              {renderProjectActions?.(validId, projectName)}
              <Anchor component={Link} to="?" size="sm">
                {mayDispatch ? t('dispatch.back') : t('chooser.back')}
              </Anchor>
            </Group>
          }
        />
        <ServiceProjectItems
          projectId={validId}
          serviceItemHref={links.serviceItemHref}
          logbookHref={links.logbookHref}
        />
        <ServiceReportsSection projectId={validId} />
      </Stack>
    );
  if (!mayDispatch)
    return (
      <Stack gap={0}>
        <PageHeader title={t('title')} subtitle={t('chooser.subtitle')} />
        <ServiceProjectChooser />
      </Stack>
    );
  const shown = tab === 'projects' ? 'projects' : 'dispatch';
  return (
    <Stack gap={0}>
      <PageHeader title={t('dispatch.title')} subtitle={t('dispatch.subtitle')} />
      <Tabs
        value={shown}
        onChange={(value) => setTab(value === 'projects' ? 'projects' : null)}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="dispatch">{t('dispatch.tab')}</Tabs.Tab>
          <Tabs.Tab value="projects">{t('dispatch.projectsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="dispatch">
          <DispatchView plannerWeekHref={plannerWeekHref} />
        </Tabs.Panel>
        <Tabs.Panel value="projects">
          <ServiceProjectChooser />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
