import {
  type Page,
  PROJECT_PUSHES,
  type ProcessColumnDto,
  type ProcessEntryDto,
  type ProjectDto,
  type ProjectListItemDto,
  type SocketEventInput,
} from '@karm/domain/contract';
import type { ProjectFilters } from '@karm/domain/rules';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';
import { newer } from './cache';

/**
 * The process grid ("project control", SPEC §2, §3, §5) and the admin's process columns. The grid is
 * two queries: one page of projects (`projects:filter_new`, paged on the server) and the process
 * columns with every cell of that page (`mongo:project_process`, one request per page — never per
 * cell). `useProcessPushes` keeps both in step with other browsers (DESIGN rule 7).
 */

export type ProcessGrid = { columns: ProcessColumnDto[]; entries: ProcessEntryDto[] };
export type ProcessEntryUpdate = SocketEventInput<'process:update-entry'>;
export type DeliveryWeekInput = SocketEventInput<'project:set-delivery-week'>;
export type ProcessColumnInput = SocketEventInput<'process-columns:create'>;
export type ProcessColumnUpdate = SocketEventInput<'process-columns:update'>;
export type SubProcessCreate = SocketEventInput<'process-columns:create-sub'>;

export const processKeys = {
  all: ['processes'] as const,
  projectPages: () => [...processKeys.all, 'projects'] as const,
  projectPage: (filters: ProjectFilters) => [...processKeys.projectPages(), filters] as const,
  grids: () => [...processKeys.all, 'grid'] as const,
  grid: (projectIds: readonly string[]) => [...processKeys.grids(), projectIds] as const,
  columns: () => [...processKeys.all, 'columns'] as const,
};

// --- fetchers -------------------------------------------------------------------------------

export const getGridProjects = (filters: ProjectFilters) => request('projects:filter_new', filters);
export const getProcessGrid = (projectIds: readonly string[]) =>
  request('mongo:project_process', { projectIds: [...projectIds] });
export const getProcessColumns = () => request('process-columns:get', {});
export const updateProcessEntry = (input: ProcessEntryUpdate) => request('process:update-entry', input);
export const setDeliveryWeek = (input: DeliveryWeekInput) => request('project:set-delivery-week', input);
export const createProcessColumn = (input: ProcessColumnInput) => request('process-columns:create', input);
export const updateProcessColumn = (input: ProcessColumnUpdate) => request('process-columns:update', input);
export const reorderProcessColumns = (ids: string[]) => request('process-columns:reorder', { ids });
export const deleteProcessColumn = (id: string) => request('process-columns:delete', { id });
export const createSubProcess = (input: SubProcessCreate) => request('process-columns:create-sub', input);
export const deleteSubProcess = (id: string) => request('process-columns:delete-sub', { id });

// --- query options --------------------------------------------------------------------------

export const gridProjectsQueryOptions = (filters: ProjectFilters) =>
  queryOptions({
    queryKey: processKeys.projectPage(filters),
    queryFn: () => getGridProjects(filters),
    // The previous page stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

export const processGridQueryOptions = (projectIds: readonly string[]) =>
  queryOptions({
    queryKey: processKeys.grid(projectIds),
    queryFn: () => getProcessGrid(projectIds),
    placeholderData: keepPreviousData,
  });

export const processColumnsQueryOptions = () =>
  queryOptions({ queryKey: processKeys.columns(), queryFn: getProcessColumns });

// --- queries --------------------------------------------------------------------------------

/** One server page of projects for the grid's rows. */
export const useGridProjects = (filters: ProjectFilters) => useQuery(gridProjectsQueryOptions(filters));

/** The columns and every cell of the listed projects; waits until the project page is known. */
export const useProcessGrid = (projectIds: readonly string[] | undefined) =>
  useQuery({ ...processGridQueryOptions(projectIds ?? []), enabled: projectIds !== undefined });

export const useProcessColumns = () => useQuery(processColumnsQueryOptions());

// --- cache updates --------------------------------------------------------------------------

const byPosition = (columns: readonly ProcessColumnDto[]) =>
  [...columns].sort((left, right) => left.position - right.position);

const isSameCell = (left: ProcessEntryDto, right: ProcessEntryDto) =>
  left.projectId === right.projectId && left.processColumnId === right.processColumnId;

/** Puts one cell into every loaded grid that shows its project; other cells keep their identity. */
export const storeEntry = (queryClient: QueryClient, entry: ProcessEntryDto) => {
  for (const [queryKey, grid] of queryClient.getQueriesData<ProcessGrid>({ queryKey: processKeys.grids() })) {
    const projectIds = queryKey[2] as readonly string[] | undefined;
    if (!grid || !projectIds?.includes(entry.projectId)) continue;
    const index = grid.entries.findIndex((candidate) => isSameCell(candidate, entry));
    const current = index === -1 ? undefined : grid.entries[index];
    const next = newer(current, entry);
    if (next === current) continue;
    const entries =
      index === -1 ? [...grid.entries, entry] : grid.entries.map((item, at) => (at === index ? entry : item));
    queryClient.setQueryData<ProcessGrid>(queryKey, { ...grid, entries });
  }
};

/** Replaces the cells of some projects in every loaded grid (after their delivery date moved). */
const storeProjectEntries = (queryClient: QueryClient, projectIds: readonly string[], fresh: ProcessGrid) => {
  const changed = new Set(projectIds);
  for (const [queryKey, grid] of queryClient.getQueriesData<ProcessGrid>({ queryKey: processKeys.grids() })) {
    const shown = queryKey[2] as readonly string[] | undefined;
    if (!grid || !shown?.some((id) => changed.has(id))) continue;
    const kept = grid.entries.filter((entry) => !changed.has(entry.projectId));
    const added = fresh.entries.filter((entry) => shown.includes(entry.projectId));
    queryClient.setQueryData<ProcessGrid>(queryKey, { columns: fresh.columns, entries: [...kept, ...added] });
  }
};

/** Asks for one project's cells (the server re-dates them when its delivery date changes). */
export const refreshProjectEntries = async (queryClient: QueryClient, projectId: string) =>
  storeProjectEntries(queryClient, [projectId], await getProcessGrid([projectId]));

/** The cached copy of a project, from any loaded page of the grid. */
export const cachedGridProject = (queryClient: QueryClient, projectId: string) => {
  for (const [, page] of queryClient.getQueriesData<Page<ProjectListItemDto>>({
    queryKey: processKeys.projectPages(),
  })) {
    const project = page?.items.find((item) => item.id === projectId);
    if (project) return project;
  }
  return undefined;
};

/**
 * Puts a changed project into the grid's pages. Returns whether its delivery date differs from the
 * cached copy (so its cells need new dates); an older copy than the cached one changes nothing.
 */
export const storeProject = (queryClient: QueryClient, project: ProjectDto) => {
  const cached = cachedGridProject(queryClient, project.id);
  if (cached && cached.version >= project.version) return false;
  queryClient.setQueriesData<Page<ProjectListItemDto>>({ queryKey: processKeys.projectPages() }, (page) =>
    page
      ? {
          ...page,
          // The pushed project has no squares: the row keeps those it was listed with.
          items: page.items.map((item) =>
            item.id === project.id ? { ...item, ...newer(item, project) } : item,
          ),
        }
      : page,
  );
  return cached === undefined || cached.deliveryDate !== project.deliveryDate;
};

/** Puts the whole column list (a push or a reorder answer) into the columns query and every grid. */
export const storeColumns = (queryClient: QueryClient, columns: readonly ProcessColumnDto[]) => {
  const sorted = byPosition(columns);
  queryClient.setQueryData(processColumnsQueryOptions().queryKey, sorted);
  queryClient.setQueriesData<ProcessGrid>({ queryKey: processKeys.grids() }, (grid) =>
    grid ? { ...grid, columns: sorted } : grid,
  );
};

/** Puts one created or changed column into the caches. */
export const storeColumn = (queryClient: QueryClient, column: ProcessColumnDto) => {
  const current = queryClient.getQueryData(processColumnsQueryOptions().queryKey);
  if (!current) return;
  const exists = current.some((item) => item.id === column.id);
  storeColumns(
    queryClient,
    exists ? current.map((item) => (item.id === column.id ? column : item)) : [...current, column],
  );
};

const removeColumn = (queryClient: QueryClient, id: string) => {
  const current = queryClient.getQueryData(processColumnsQueryOptions().queryKey);
  if (current)
    storeColumns(
      queryClient,
      current.filter((column) => column.id !== id),
    );
};

// --- mutations ------------------------------------------------------------------------------

export const useUpdateProcessEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProcessEntry,
    onSuccess: (entry) => storeEntry(queryClient, entry),
  });
};

/** Sets the delivery week; the server re-dates the project's cells, which are then read again. */
export const useSetDeliveryWeek = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDeliveryWeek,
    onSuccess: async ({ project }) => {
      storeProject(queryClient, project);
      await refreshProjectEntries(queryClient, project.id);
    },
  });
};

export const useCreateProcessColumn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProcessColumn,
    onSuccess: (column) => storeColumn(queryClient, column),
  });
};

export const useUpdateProcessColumn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProcessColumn,
    onSuccess: (column) => storeColumn(queryClient, column),
  });
};

/** Moves columns at once; the server's order (or the old one, on failure) follows. */
export const useReorderProcessColumns = () => {
  const queryClient = useQueryClient();
  const { queryKey } = processColumnsQueryOptions();
  return useMutation({
    mutationFn: reorderProcessColumns,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) {
        const byId = new Map(previous.map((column) => [column.id, column]));
        const moved = ids.flatMap((id, index) => {
          const column = byId.get(id);
          return column ? [{ ...column, position: index + 1 }] : [];
        });
        queryClient.setQueryData(queryKey, moved);
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (columns) => storeColumns(queryClient, columns),
  });
};

export const useDeleteProcessColumn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProcessColumn,
    onSuccess: ({ id }) => removeColumn(queryClient, id),
  });
};

export const useCreateSubProcess = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubProcess,
    onSuccess: (column) => storeColumn(queryClient, column),
  });
};

export const useDeleteSubProcess = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubProcess,
    onSuccess: (column) => storeColumn(queryClient, column),
  });
};

// --- pushes ---------------------------------------------------------------------------------

/**
 * Keeps the grid and the column list in step with other browsers: a pushed cell replaces its cell, a
 * pushed project its row (and, when its delivery date moved, its cells are read again), a removed or
 * new project refetches the page, and pushed columns replace the columns everywhere.
 */
export const useProcessPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetchPages = () => queryClient.invalidateQueries({ queryKey: processKeys.projectPages() });
    const stops = [
      onPush<ProcessEntryDto>(PROJECT_PUSHES.processChanged, (entry) => storeEntry(queryClient, entry)),
      onPush<ProjectDto>(PROJECT_PUSHES.projectChanged, (project) => {
        const isKnown = cachedGridProject(queryClient, project.id) !== undefined;
        if (storeProject(queryClient, project) && isKnown) {
          void refreshProjectEntries(queryClient, project.id);
        }
        // A new project, or one that now matches the filters or sorts elsewhere: the server decides.
        void refetchPages();
      }),
      onPush<{ id: string }>(PROJECT_PUSHES.projectRemoved, () => void refetchPages()),
      onPush<ProcessColumnDto[]>(PROJECT_PUSHES.processColumnsChanged, (columns) =>
        storeColumns(queryClient, columns),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
