import type { ProcessColumnDto, ProjectListItemDto } from '@karm/domain/contract';
import { osloDateOf } from '@karm/domain/rules';
import { Alert, Button, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, errorMessageOf, PageHeader } from '@/components';
import { processKeys, useGridProjects, useProcessGrid, useProcessPushes } from '@/lib/api/processes';
import { useOthersProjectCount } from '@/lib/api/projects';
import { useCan } from '@/lib/permissions';
import { DeliveryWeekDialog } from './delivery-week-dialog';
import { GridFilterBar } from './grid-filter-bar';
import { GridLegend } from './grid-legend';
import { ProcessEditDialog } from './process-edit-dialog';
import { ProcessGrid } from './process-grid';
import { useGridFilters } from './use-grid-filters';

export type ProjectControlPageProps = {
  /** `YYYY-MM-DD`; decides overdue cells and reachable weeks. @default today in Europe/Oslo */
  today?: string;
  /** Opens a project from its name in the grid (the app shows the project dialog over the grid). */
  onOpenProject?: (projectId: string) => void;
};

type SelectedCell = { project: ProjectListItemDto; column: ProcessColumnDto };

const NO_COLUMNS: readonly ProcessColumnDto[] = [];

/**
 * SPEC §2 /project/control, "project control": one server page of projects (rows) against the process
 * columns, each cell with its process date and state, a delivery week picker per project, and the
 * process edit dialog. Other browsers' changes arrive as pushes (no polling). Without process.update
 * the cells open read only and there is no delivery week to pick.
 */
export const ProjectControlPage = ({ today: todayProp, onOpenProject }: ProjectControlPageProps) => {
  const { t } = useTranslation(['processes', 'nav']);
  const queryClient = useQueryClient();
  useProcessPushes();
  const today = todayProp ?? osloDateOf(new Date());
  const mayUpdate = useCan('process.update');
  const { filters, search, setSearch, setWho, setStatus, setPageNumber } = useGridFilters();

  const projects = useGridProjects(filters);
  const items = projects.data?.items;
  const projectIds = useMemo(() => items?.map((project) => project.id), [items]);
  const grid = useProcessGrid(projectIds);
  const columns = useMemo(
    () =>
      grid.data ? [...grid.data.columns].sort((left, right) => left.position - right.position) : NO_COLUMNS,
    [grid.data],
  );

  // The open dialogs keep the row they were opened from, should it leave the page meanwhile; while it is
  // there they follow its newest copy (the delivery week is saved at the project's current version).
  const shown = useRef({ items, columns });
  shown.current = { items, columns };
  const [selected, setSelected] = useState<SelectedCell | null>(null);
  const [weekProject, setWeekProject] = useState<ProjectListItemDto | null>(null);
  const findProject = (id: string | undefined) => shown.current.items?.find((project) => project.id === id);
  const openCell = useCallback((projectId: string, columnId: string) => {
    const project = shown.current.items?.find((item) => item.id === projectId);
    const column = shown.current.columns.find((item) => item.id === columnId);
    if (project && column) setSelected({ project, column });
  }, []);
  const openWeek = useCallback((projectId: string) => {
    setWeekProject(shown.current.items?.find((item) => item.id === projectId) ?? null);
  }, []);

  const selectedEntry = grid.data?.entries.find(
    (entry) => entry.projectId === selected?.project.id && entry.processColumnId === selected?.column.id,
  );

  const total = projects.data?.total ?? 0;
  // "None of yours" and the switch to All only when others have projects under the same filters.
  const isMineEmpty = filters.who === 'mine' && projects.isSuccess && total === 0;
  const others = useOthersProjectCount(filters, isMineEmpty);
  const hasOthers = isMineEmpty && (others.data ?? 0) > 0;
  const pageCount = Math.max(1, Math.ceil(total / filters.pageSize));
  const from = total === 0 ? 0 : (filters.pageNumber - 1) * filters.pageSize + 1;
  const to = Math.min(total, filters.pageNumber * filters.pageSize);
  const error = projects.error ?? grid.error;

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('nav:projectControl')}
        subtitle={t(mayUpdate ? 'page.subtitle' : 'page.subtitleReadOnly')}
        actions={
          (projects.isFetching || grid.isFetching) && <Loader size="sm" aria-label={t('page.loading')} />
        }
      />
      <GridFilterBar
        who={filters.who}
        status={filters.status}
        search={search}
        onWhoChange={setWho}
        onStatusChange={setStatus}
        onSearchChange={setSearch}
      />
      <GridLegend />
      {error ? (
        <Alert color="red" variant="light" title={t('page.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessageOf(error)}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void queryClient.invalidateQueries({ queryKey: processKeys.all })}
            >
              {t('page.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : projects.isSuccess && total === 0 ? (
        <EmptyState
          icon={<IconLayoutGrid size={30} />}
          title={t('page.emptyTitle')}
          description={hasOthers ? t('page.emptyMine') : t('page.emptyText')}
        >
          {hasOthers && (
            <Button variant="light" onClick={() => setWho('alle')}>
              {t('page.showAll')}
            </Button>
          )}
        </EmptyState>
      ) : items && grid.data ? (
        <>
          <ProcessGrid
            projects={items}
            columns={columns}
            entries={grid.data.entries}
            today={today}
            onCellClick={openCell}
            onDeliveryWeek={mayUpdate ? openWeek : undefined}
            onOpenProject={onOpenProject}
          />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('page.summary', { from, to, total })}
            </Text>
            <Pagination
              total={pageCount}
              value={filters.pageNumber}
              onChange={setPageNumber}
              hideWithOnePage
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`page.${control}Page`) })}
              getItemProps={(page) => ({ 'aria-label': t('page.page', { page }) })}
            />
          </Group>
        </>
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={t('page.loading')} />
        </Group>
      )}
      {selected && (
        <ProcessEditDialog
          key={`${selected.project.id}:${selected.column.id}`}
          opened
          onClose={() => setSelected(null)}
          project={findProject(selected.project.id) ?? selected.project}
          column={selected.column}
          entry={selectedEntry}
          today={today}
          readOnly={!mayUpdate}
        />
      )}
      {mayUpdate && weekProject && (
        <DeliveryWeekDialog
          key={weekProject.id}
          opened
          onClose={() => setWeekProject(null)}
          project={findProject(weekProject.id) ?? weekProject}
          columns={columns}
          today={today}
          onStale={() => void queryClient.invalidateQueries({ queryKey: processKeys.projectPages() })}
        />
      )}
    </Stack>
  );
};
