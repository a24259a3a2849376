import {
  type Page,
  SERVICE_WORK_PUSHES,
  type ServiceItemDto,
  type ServiceItemsChangedPush,
  type ServiceItemsSaveInput,
  type ServiceMapSettingsDto,
  type ServiceProjectSummaryDto,
  type ServiceTemplateDto,
} from '@karm/domain/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush, request } from '@/lib/socket';

/** Service items over REST (SPEC §7 /service-project/*); `service-items:changed` re-reads a project's items. */

export const serviceWorkKeys = {
  all: ['service-work'] as const,
  items: (projectId: string) => [...serviceWorkKeys.all, 'items', projectId] as const,
  projects: (page: number, search: string) => [...serviceWorkKeys.all, 'projects', page, search] as const,
  mapSettings: () => [...serviceWorkKeys.all, 'map-settings'] as const,
  templates: () => [...serviceWorkKeys.all, 'templates'] as const,
};

export const getServiceItems = (projectId: string) =>
  http<ServiceItemDto[]>('/service-project/service-items/populated', { query: { projectId } });
export const saveServiceItems = (body: ServiceItemsSaveInput) =>
  http<ServiceItemDto[]>('/service-project/service-items/save', { method: 'POST', body });

export const useServiceItems = (projectId: string | null) =>
  useQuery({
    queryKey: serviceWorkKeys.items(projectId ?? ''),
    queryFn: () => getServiceItems(projectId as string),
    enabled: projectId !== null,
  });

export const useServiceProjects = (page: number, search: string) =>
  useQuery({
    queryKey: serviceWorkKeys.projects(page, search),
    queryFn: () =>
      http<Page<ServiceProjectSummaryDto>>('/service-project/service-items/grouped-by-project', {
        query: { page, pageSize: 20, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

export const useMapSettings = () =>
  useQuery({
    queryKey: serviceWorkKeys.mapSettings(),
    queryFn: () => http<ServiceMapSettingsDto>('/service-project/map-settings'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The company's templates to choose from (the service templates' own list event, first 200 by name). */
export const useTemplateChoices = () =>
  useQuery({
    queryKey: serviceWorkKeys.templates(),
    queryFn: async (): Promise<ServiceTemplateDto[]> =>
      (await request('admin-service:find-service-templates', { page: 1, pageSize: 200 })).items,
  });

export const useSaveServiceItems = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceItems,
    onSuccess: (items, input) => queryClient.setQueryData(serviceWorkKeys.items(input.projectId), items),
  });
};

/** Another tab's or person's save: the project's items are read again (local drafts stay until saved). */
export const useServiceItemPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(SERVICE_WORK_PUSHES.itemsChanged, (payload: ServiceItemsChangedPush) => {
        void queryClient.invalidateQueries({ queryKey: serviceWorkKeys.items(payload.projectId) });
      }),
    [queryClient],
  );
};
