import {
  type AdminServiceCreateInput,
  type AdminServiceDeleteInput,
  type AdminServiceUpdateInput,
  type FileDto,
  type GlobalAnswerGroupDto,
  type GlobalServiceAnswerDto,
  SERVICE_TEMPLATE_PUSHES,
  type ServiceFunctionsDto,
  type ServiceTemplateFullDto,
  type ServiceTemplateListQuery,
  type ServiceTemplatesChangedPush,
} from '@karm/domain/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush, request } from '@/lib/socket';

/**
 * Service templates over the socket (SPEC §7 admin-service:*) and REST (copies, reorders, global
 * answers, function lists). Every change of a template answers the whole template, which replaces
 * the cached one; the `service-templates:changed` push makes other tabs read again what changed.
 */

export const serviceTemplateKeys = {
  all: ['service-templates'] as const,
  lists: () => [...serviceTemplateKeys.all, 'list'] as const,
  list: (query: ServiceTemplateListQuery) => [...serviceTemplateKeys.lists(), query] as const,
  full: (id: string) => [...serviceTemplateKeys.all, 'full', id] as const,
  globalAnswers: () => [...serviceTemplateKeys.all, 'global-answers'] as const,
  functions: () => [...serviceTemplateKeys.all, 'functions'] as const,
};

// --- fetchers -------------------------------------------------------------------------------------

export const findServiceTemplates = (query: ServiceTemplateListQuery) =>
  request('admin-service:find-service-templates', query);
export const getFullServiceTemplate = (id: string) =>
  request('admin-service:get-full-service-template', { id });
export const createServiceEntity = (input: AdminServiceCreateInput) => request('admin-service:create', input);
export const updateServiceEntity = (input: AdminServiceUpdateInput) => request('admin-service:update', input);
/** Deletes a group, row or answer: the answer is the template as it is now. */
export const deleteServiceEntity = (input: Exclude<AdminServiceDeleteInput, { entity: 'template' }>) =>
  request('admin-service:delete', input) as Promise<ServiceTemplateFullDto>;
/** Deletes a template (refused while projects use it). */
export const deleteServiceTemplate = (input: { id: string; version: number }) =>
  request('admin-service:delete', { entity: 'template', ...input });
export const deleteServiceGroups = (ids: string[]) => request('admin-service:delete-service-groups', { ids });

const post = <Result>(path: string, body: unknown) => http<Result>(path, { method: 'POST', body });
export const copyServiceTemplate = (body: { id: string; name?: string }) =>
  post<ServiceTemplateFullDto>('/service-templates/copy', body);
export const copyServiceGroup = (body: { id: string; targetTemplateId?: string }) =>
  post<ServiceTemplateFullDto>('/service-templates/service-groups/copy', body);
export const copyServiceRow = (body: { id: string; targetGroupId?: string }) =>
  post<ServiceTemplateFullDto>('/service-templates/service-rows/copy', body);
export const copyAnswersFromGlobalGroup = (body: {
  rowId: string;
  globalGroupId: string;
  isNotOkFirstConfirmed?: boolean;
}) => post<ServiceTemplateFullDto>('/service-templates/service-answers/copy/from-global-group', body);
export const reorderServiceGroups = (body: { templateId: string; ids: string[] }) =>
  post<ServiceTemplateFullDto>('/service-templates/service-groups/reorder', body);
export const reorderServiceRows = (body: { groupId: string; ids: string[] }) =>
  post<ServiceTemplateFullDto>('/service-templates/service-rows/reorder', body);
export const reorderServiceAnswers = (body: {
  rowId: string;
  ids: string[];
  isNotOkFirstConfirmed?: boolean;
}) => post<ServiceTemplateFullDto>('/service-templates/service-answers/reorder', body);

/** Uploads a row's attachment (a wiring diagram, a manual) as a `service-file`. */
export const uploadServiceFile = (file: File) => {
  const form = new FormData();
  form.append('type', 'service-file');
  form.append('file', file);
  return http<FileDto>('/file', { method: 'POST', body: form });
};

export const getGlobalAnswerGroups = () => http<GlobalAnswerGroupDto[]>('/global-service-answers/groups');
type AnswerFields = Pick<
  GlobalServiceAnswerDto,
  'name' | 'color' | 'isCommentRequired' | 'isPictureRequired' | 'isDeviationRequired'
>;
type Confirmed = { isNotOkFirstConfirmed?: boolean };
const sendGroups = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) =>
  http<GlobalAnswerGroupDto[]>(path, { method, body });
export const createGlobalAnswerGroup = (name: string) =>
  sendGroups('/global-service-answers/groups', 'POST', { name });
export const renameGlobalAnswerGroup = ({
  id,
  version,
  name,
}: {
  id: string;
  version: number;
  name: string;
}) => sendGroups(`/global-service-answers/groups/${id}`, 'PATCH', { version, changes: { name } });
export const deleteGlobalAnswerGroup = ({ id, version }: { id: string; version: number }) =>
  sendGroups(`/global-service-answers/groups/${id}?version=${version}`, 'DELETE');
export const reorderGlobalAnswerGroups = (ids: string[]) =>
  sendGroups('/global-service-answers/groups/reorder', 'POST', { ids });
export const createGlobalAnswer = (body: { groupId: string } & Partial<AnswerFields> & Confirmed) =>
  sendGroups('/global-service-answers', 'POST', body);
export const updateGlobalAnswer = ({
  id,
  version,
  changes,
  isNotOkFirstConfirmed,
}: { id: string; version: number; changes: Partial<AnswerFields> } & Confirmed) =>
  sendGroups(`/global-service-answers/${id}`, 'PATCH', { version, changes, isNotOkFirstConfirmed });
export const deleteGlobalAnswer = ({
  id,
  version,
  isNotOkFirstConfirmed,
}: { id: string; version: number } & Confirmed) =>
  sendGroups(
    `/global-service-answers/${id}?version=${version}&isNotOkFirstConfirmed=${Boolean(isNotOkFirstConfirmed)}`,
    'DELETE',
  );
export const reorderGlobalAnswers = (body: { groupId: string; ids: string[] } & Confirmed) =>
  sendGroups('/global-service-answers/reorder', 'POST', body);

export const getServiceFunctions = () => http<ServiceFunctionsDto>('/service-templates/functions');
/** The three function lists, by the name their routes carry. */
export type FunctionList = 'function-groups' | 'functions' | 'function-statuses';
const sendFunctions = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) =>
  http<ServiceFunctionsDto>(`/service-templates/${path}`, { method, body });
export const createFunctionEntry = (
  list: FunctionList,
  body: { name: string; groupId?: string; color?: string },
) => sendFunctions(list, 'POST', body);
export const updateFunctionEntry = (
  list: FunctionList,
  { id, version, changes }: { id: string; version: number; changes: { name?: string; color?: string } },
) => sendFunctions(`${list}/${id}`, 'PATCH', { version, changes });
export const deleteFunctionEntry = (list: FunctionList, { id, version }: { id: string; version: number }) =>
  sendFunctions(`${list}/${id}?version=${version}`, 'DELETE');

// --- queries --------------------------------------------------------------------------------------

export const serviceTemplatesQueryOptions = (query: ServiceTemplateListQuery) =>
  queryOptions({
    queryKey: serviceTemplateKeys.list(query),
    queryFn: () => findServiceTemplates(query),
    placeholderData: keepPreviousData,
  });
export const fullServiceTemplateQueryOptions = (id: string) =>
  queryOptions({ queryKey: serviceTemplateKeys.full(id), queryFn: () => getFullServiceTemplate(id) });
export const globalAnswerGroupsQueryOptions = () =>
  queryOptions({ queryKey: serviceTemplateKeys.globalAnswers(), queryFn: getGlobalAnswerGroups });
export const serviceFunctionsQueryOptions = () =>
  queryOptions({ queryKey: serviceTemplateKeys.functions(), queryFn: getServiceFunctions });

export const useServiceTemplates = (query: ServiceTemplateListQuery) =>
  useQuery(serviceTemplatesQueryOptions(query));
export const useFullServiceTemplate = (id: string | null) =>
  useQuery({ ...fullServiceTemplateQueryOptions(id ?? ''), enabled: Boolean(id) });
export const useGlobalAnswerGroups = () => useQuery(globalAnswerGroupsQueryOptions());
export const useServiceFunctions = () => useQuery(serviceFunctionsQueryOptions());

// --- cache ----------------------------------------------------------------------------------------

/** A template as the server answered a change: it replaces the cached one; lists read again. */
export const storeTemplate = (queryClient: QueryClient, template: ServiceTemplateFullDto) => {
  queryClient.setQueryData(serviceTemplateKeys.full(template.id), template);
  return queryClient.invalidateQueries({ queryKey: serviceTemplateKeys.lists() });
};

const storeAnswer = (
  queryClient: QueryClient,
  answer: ServiceTemplateFullDto | ServiceTemplateFullDto[] | { id: string },
) => {
  if (Array.isArray(answer)) for (const template of answer) void storeTemplate(queryClient, template);
  else if ('groups' in answer) void storeTemplate(queryClient, answer);
  else {
    queryClient.removeQueries({ queryKey: serviceTemplateKeys.full(answer.id) });
    void queryClient.invalidateQueries({ queryKey: serviceTemplateKeys.lists() });
  }
};

/** A change of templates whose answer (the whole template, several, or a deleted one's id) goes into the cache. */
export const useTemplateMutation = <Input, Result extends Parameters<typeof storeAnswer>[1]>(
  mutationFn: (input: Input) => Promise<Result>,
) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (answer) => storeAnswer(queryClient, answer) });
};

/** A change of the global answers or the function lists, whose answer is the whole list. */
export const useListMutation = <Input, Result>(
  key: readonly unknown[],
  mutationFn: (input: Input) => Promise<Result>,
) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (list) => queryClient.setQueryData(key, list) });
};

/**
 * Keeps what is shown in step with changes made elsewhere: a template is read again unless the cache
 * already has the pushed version; lists, global answers and functions whenever they changed.
 */
export const useServiceTemplatePushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush<ServiceTemplatesChangedPush>(SERVICE_TEMPLATE_PUSHES.changed, (change) => {
        void queryClient.invalidateQueries({ queryKey: serviceTemplateKeys.lists() });
        for (const { id, version } of change.templates) {
          const cached = queryClient.getQueryData<ServiceTemplateFullDto>(serviceTemplateKeys.full(id));
          if (version === null) queryClient.removeQueries({ queryKey: serviceTemplateKeys.full(id) });
          else if (!cached || cached.version < version) {
            void queryClient.invalidateQueries({ queryKey: serviceTemplateKeys.full(id) });
          }
        }
        if (change.isGlobalAnswersChanged) {
          void queryClient.invalidateQueries({ queryKey: serviceTemplateKeys.globalAnswers() });
        }
        if (change.isFunctionsChanged) {
          void queryClient.invalidateQueries({ queryKey: serviceTemplateKeys.functions() });
        }
      }),
    [queryClient],
  );
};
