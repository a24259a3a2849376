import type { ProjectFieldsInput } from '@karm/domain/contract';
import { DEFAULT_PROJECT_FILTERS, osloDateOf, type ProjectFilters } from '@karm/domain/rules';
import { Button, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconPlus, IconUserSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ExportMenu, LoadFailedAlert, PageHeader, PrintLink } from '@/components';
import { useOthersProjectCount, useProjectPushes, useProjects } from '@/lib/api/projects';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import { ProjectDialog, type ProjectDialogProps } from './project-dialog';
import { ProjectFilterBar } from './project-filter-bar';
import { ProjectTable } from './project-table';
import { linkedFilters, useProjectFilters } from './use-project-filters';

export type ProjectListKind = 'projects' | 'service';

const SERVICE_DEFAULTS: Partial<ProjectFieldsInput> = { isService: true };

type DialogState = { opened: false } | { opened: true; projectId: string | null };

/**
 * SPEC §2 /projects and /serviceProjects: the filtered, server-paged project list, and the project
 * dialog for a clicked row or a new project.
 */
export const ProjectListScreen = ({
  kind,
  offerHref,
  renderTasks,
  renderQuality,
  renderExpenses,
  printHref,
  listPrintHref,
}: {
  kind: ProjectListKind;
  offerHref?: (offerId: string) => string;
  renderTasks?: ProjectDialogProps['renderTasks'];
  renderQuality?: ProjectDialogProps['renderQuality'];
  renderExpenses?: ProjectDialogProps['renderExpenses'];
  printHref?: ProjectDialogProps['printHref'];
  listPrintHref?: (filters: ProjectFilters) => string;
}) => {
  const { t } = useTranslation(['projects', 'nav']);
  useProjectPushes();
  const mayAdd = useCan('projects.write');
  const { filters, setFilters, resetFilters, isReady } = useProjectFilters();
  const isService = kind === 'service';
  // Both lists share the stored filters; the service list only adds its flag when it asks.
  const listed = isService ? { ...filters, isService: true } : filters;
  const projects = useProjects(listed, { enabled: isReady });
  // An empty "Mine" says so, and offers "All", only when others have projects under the same filters.
  const isMineEmpty = isReady && filters.who === 'mine' && projects.isSuccess && projects.data.total === 0;
  const others = useOthersProjectCount(listed, isMineEmpty);
  const othersCount = isMineEmpty ? (others.data ?? 0) : 0;
  const [dialog, setDialog] = useState<DialogState>({ opened: false });
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('open');
  const linked = searchParams.get('filters');
  // `?filters=<json>` (a dashboard card) sets the list to those filters over the defaults once; the
  // parameter then goes, and the filters stay as if chosen here (reset brings the defaults back).
  useEffect(() => {
    if (!linked || !isReady) return;
    const changes = linkedFilters(linked);
    if (changes) setFilters({ ...DEFAULT_PROJECT_FILTERS, pageSize: filters.pageSize, ...changes });
    setSearchParams(
      (params) => {
        params.delete('filters');
        return params;
      },
      { replace: true },
    );
  }, [linked, isReady, setFilters, setSearchParams, filters.pageSize]);
  // `?open=<id>` (a global search hit, a link) opens that project's dialog once; the parameter then
  // goes, so closing the dialog and going back do not reopen it.
  useEffect(() => {
    if (!openId) return;
    setDialog({ opened: true, projectId: openId });
    setSearchParams(
      (params) => {
        params.delete('open');
        return params;
      },
      { replace: true },
    );
  }, [openId, setSearchParams]);
  const today = osloDateOf(new Date());

  return (
    <Stack>
      <PageHeader
        title={t(isService ? 'nav:serviceProjects' : 'nav:projects')}
        subtitle={t(isService ? 'page.serviceSubtitle' : 'page.subtitle')}
        actions={
          <Group gap="xs">
            {isReady && <ExportMenu list="projects" filters={listed} />}
            {isReady && listPrintHref && <PrintLink to={listPrintHref(listed)} label={t('print.list')} />}
            {mayAdd && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setDialog({ opened: true, projectId: null })}
              >
                {t(isService ? 'page.newServiceProject' : 'page.newProject')}
              </Button>
            )}
          </Group>
        }
      />
      {isReady ? (
        <>
          <ProjectFilterBar filters={filters} setFilters={setFilters} resetFilters={resetFilters} />
          {projects.isError ? (
            <LoadFailedAlert
              title={t('page.loadFailed')}
              error={projects.error}
              retryLabel={t('page.retry')}
              onRetry={() => void projects.refetch()}
            />
          ) : othersCount > 0 ? (
            <Paper withBorder radius="sm">
              <EmptyState
                icon={<IconUserSearch size={30} />}
                title={t('page.noneOfYoursTitle')}
                description={t('page.noneOfYours', { count: othersCount })}
              >
                <Button variant="light" onClick={() => setFilters({ who: 'alle' })}>
                  {t('page.showAll')}
                </Button>
              </EmptyState>
            </Paper>
          ) : (
            <ProjectTable
              projects={projects.data?.items ?? []}
              total={projects.data?.total ?? 0}
              filters={filters}
              setFilters={setFilters}
              isLoadingRows={areRowsLoading(projects)}
              today={today}
              onOpen={(project) => setDialog({ opened: true, projectId: project.id })}
            />
          )}
        </>
      ) : (
        <Loader aria-label={t('page.loading')} />
      )}
      <ProjectDialog
        opened={dialog.opened}
        projectId={dialog.opened ? dialog.projectId : null}
        defaults={isService ? SERVICE_DEFAULTS : undefined}
        offerHref={offerHref}
        renderTasks={renderTasks}
        renderQuality={renderQuality}
        renderExpenses={renderExpenses}
        printHref={printHref}
        onClose={() => setDialog({ opened: false })}
      />
    </Stack>
  );
};
