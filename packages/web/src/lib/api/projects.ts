import {
  type OrderDto,
  PROJECT_PUSHES,
  type ProcessEntryDto,
  type ProjectCombinedDto,
  type ProjectDto,
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
import { processColumnsQueryOptions } from '@/lib/api/processes';
import { http } from '@/lib/http';
import { onPush, request } from '@/lib/socket';
import { newer, replaceInPages, useStoringMutation } from './cache';

/**
 * Project data (SPEC §3, §4, §7). Lives in lib because the dashboard, planner and process grid show
 * projects too. Lists page on the server; the server's pushes keep every cache fresh (DESIGN rule 7):
 * `useProjectPushes` must run on screens that show projects.
 */

export type ProjectCreateInput = SocketEventInput<'project:create'>;
export type ProjectUpdateInput = SocketEventInput<'project:update'>;
export type ProjectOrdersInput = SocketEventInput<'project:save-orders'>;
export type ProjectDatesInput = SocketEventInput<'project:update-dates'>;
export type ProjectArchiveInput = SocketEventInput<'project:archive'>;
export type ProjectUnarchiveInput = SocketEventInput<'project:unarchive'>;
export type ProjectDeleteInput = SocketEventInput<'project:delete'>;

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (filters: ProjectFilters) => [...projectKeys.lists(), filters] as const,
  active: () => [...projectKeys.all, 'active'] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (id: string) => [...projectKeys.details(), id] as const,
  combinedAll: () => [...projectKeys.all, 'combined'] as const,
  combined: (id: string) => [...projectKeys.combinedAll(), id] as const,
};

// --- fetchers -------------------------------------------------------------------------------

export const getProjects = (filters: ProjectFilters) => request('projects:filter_new', filters);
export const getActiveProjects = () => request('projects:all', { status: 'aktiv' });
export const getProject = (id: string) => request('project:get', { id });
/** SPEC §7 REST GET project/get-combined: the project, its process cells, orders and invoice summary. */
export const getProjectCombined = (projectId: string) =>
  http<ProjectCombinedDto>('/project/get-combined', { query: { projectId } });
export const createProject = (input: ProjectCreateInput) => request('project:create', input);
export const updateProject = (input: ProjectUpdateInput) => request('project:update', input);
export const updateProjectDates = (input: ProjectDatesInput) => request('project:update-dates', input);
export const saveProjectOrders = (input: ProjectOrdersInput) => request('project:save-orders', input);
export const archiveProject = (input: ProjectArchiveInput) => request('project:archive', input);
export const unarchiveProject = (input: ProjectUnarchiveInput) => request('project:unarchive', input);
export const deleteProject = (input: ProjectDeleteInput) => request('project:delete', input);

// --- query options --------------------------------------------------------------------------

export const projectsQueryOptions = (filters: ProjectFilters) =>
  queryOptions({
    queryKey: projectKeys.list(filters),
    queryFn: () => getProjects(filters),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const activeProjectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.active(), queryFn: getActiveProjects });

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => getProject(id) });

export const projectCombinedQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.combined(id),
    queryFn: () => getProjectCombined(id),
    // An open project dialog always starts from what the database holds now.
    staleTime: 0,
  });

// --- queries --------------------------------------------------------------------------------

export const useProjects = (filters: ProjectFilters, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...projectsQueryOptions(filters), enabled });

/**
 * How many projects "All" holds under the same filters, asked only while "Mine" shows none: an empty
 * "Mine" then says "none of yours" and offers the switch only when there are others to switch to. It
 * is the first page of "All", so switching finds it cached.
 */
export const useOthersProjectCount = (filters: ProjectFilters, isMineEmpty: boolean) =>
  useQuery({
    ...projectsQueryOptions({ ...filters, who: 'alle', pageNumber: 1 }),
    enabled: isMineEmpty,
    select: (page) => page.total,
  });

export const useActiveProjects = () => useQuery(activeProjectsQueryOptions());

export const useProject = (id: string | null | undefined) =>
  useQuery({ ...projectQueryOptions(id ?? ''), enabled: Boolean(id) });

export const useProjectCombined = (id: string | null | undefined) =>
  useQuery({ ...projectCombinedQueryOptions(id ?? ''), enabled: Boolean(id) });

/** The process columns (names, order) for showing a project's cells; the same cache as the process grid. */
export const useProcessColumnsLookup = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...processColumnsQueryOptions(), enabled });

// --- cache updates --------------------------------------------------------------------------

/**
 * Puts a created or changed project into the caches (detail, combined view, visible list rows);
 * lists are refetched, since filters and order are the server's.
 */
export const storeProject = (queryClient: QueryClient, project: ProjectDto, orders?: OrderDto[]) => {
  queryClient.setQueryData(projectQueryOptions(project.id).queryKey, (current) => newer(current, project));
  queryClient.setQueryData(projectCombinedQueryOptions(project.id).queryKey, (combined) => {
    if (!combined || newer(combined.project, project) !== project) return combined;
    return { ...combined, project, orders: orders ?? combined.orders };
  });
  replaceInPages(queryClient, projectKeys.lists(), project);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: activeProjectsQueryOptions().queryKey }),
  ]);
};

/** Forgets a removed project and refetches the lists it was in. */
export const forgetProject = (queryClient: QueryClient, id: string) => {
  queryClient.removeQueries({ queryKey: projectQueryOptions(id).queryKey });
  queryClient.removeQueries({ queryKey: projectCombinedQueryOptions(id).queryKey });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: activeProjectsQueryOptions().queryKey }),
  ]);
};

// --- mutations ------------------------------------------------------------------------------

const useProjectMutation = <Input>(mutationFn: (input: Input) => Promise<ProjectDto>) =>
  useStoringMutation(mutationFn, storeProject);

export const useCreateProject = () => useProjectMutation(createProject);
export const useUpdateProject = () => useProjectMutation(updateProject);
export const useUpdateProjectDates = () => useProjectMutation(updateProjectDates);
export const useArchiveProject = () => useProjectMutation(archiveProject);
export const useUnarchiveProject = () => useProjectMutation(unarchiveProject);

export const useSaveProjectOrders = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProjectOrders,
    onSuccess: ({ project, orders }) => void storeProject(queryClient, project, orders),
  });
};

export const useDeleteProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: ({ id }) => void forgetProject(queryClient, id),
  });
};

// --- pushes ---------------------------------------------------------------------------------

/** Keeps project caches in step with changes made in other browsers (DESIGN rule 7). */
export const useProjectPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onPush<ProjectDto>(PROJECT_PUSHES.projectChanged, (project) => {
        void storeProject(queryClient, project);
        // The push carries the project only; its orders may have changed with it.
        void queryClient.invalidateQueries({ queryKey: projectCombinedQueryOptions(project.id).queryKey });
      }),
      onPush<{ id: string }>(PROJECT_PUSHES.projectRemoved, ({ id }) => {
        void forgetProject(queryClient, id);
      }),
      onPush<ProcessEntryDto>(PROJECT_PUSHES.processChanged, (entry) => {
        void queryClient.invalidateQueries({
          queryKey: projectCombinedQueryOptions(entry.projectId).queryKey,
        });
        // The process filter of the list depends on the cells.
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
      }),
      onPush(PROJECT_PUSHES.processColumnsChanged, () => {
        void queryClient.invalidateQueries({ queryKey: processColumnsQueryOptions().queryKey });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
