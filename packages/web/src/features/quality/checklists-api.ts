import type {
  ChecklistCompleteInput,
  ChecklistDetailDto,
  ChecklistDto,
  ChecklistItemInput,
  ChecklistListQuery,
  ChecklistStartInput,
  ChecklistStepDto,
  Page,
  ServiceTemplateDto,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { qualityKeys, queryOf } from './quality-api';

/**
 * Quality checklists over REST (`/api/quality/checklists…`, issue 16). They live under the quality
 * keys, so the `quality:changed` push and every saved change refresh them with the rest.
 */

export const checklistKeys = {
  list: (query: ChecklistListQuery) => [...qualityKeys.all, 'checklists', query] as const,
  one: (id: string) => [...qualityKeys.all, 'checklist', id] as const,
  templates: () => [...qualityKeys.all, 'checklist-templates'] as const,
  steps: () => [...qualityKeys.all, 'checklist-steps'] as const,
};

export const getChecklist = (id: string) => http<ChecklistDetailDto>(`/quality/checklists/${id}`);
export const startChecklist = (body: ChecklistStartInput) =>
  http<ChecklistDetailDto>('/quality/checklists', { method: 'POST', body });
export const saveChecklistItem = ({
  id,
  rowId,
  ...body
}: { id: string; rowId: string } & ChecklistItemInput) =>
  http<ChecklistDetailDto>(`/quality/checklists/${id}/items/${rowId}`, { method: 'PUT', body });
export const raiseChecklistDeviation = ({
  id,
  rowId,
  version,
}: {
  id: string;
  rowId: string;
  version: number;
}) =>
  http<ChecklistDetailDto>(`/quality/checklists/${id}/items/${rowId}/deviation`, {
    method: 'POST',
    body: { version },
  });
export const completeChecklist = ({ id, ...body }: { id: string } & ChecklistCompleteInput) =>
  http<ChecklistDetailDto>(`/quality/checklists/${id}/complete`, { method: 'POST', body });

export const useChecklists = (query: ChecklistListQuery) =>
  useQuery({
    queryKey: checklistKeys.list(query),
    queryFn: () => http<Page<ChecklistDto>>('/quality/checklists', { query: queryOf(query) }),
    placeholderData: keepPreviousData,
  });

export const checklistQueryOptions = (id: string) =>
  queryOptions({ queryKey: checklistKeys.one(id), queryFn: () => getChecklist(id), staleTime: 0 });

export const useChecklist = (id: string | null) =>
  useQuery({ ...checklistQueryOptions(id ?? ''), enabled: Boolean(id) });

/** The checklist templates (the service template editor's templates of purpose "checklist"). */
export const useChecklistTemplates = () =>
  useQuery({
    queryKey: checklistKeys.templates(),
    queryFn: () =>
      http<Page<ServiceTemplateDto>>('/quality/checklists/templates', { query: { pageSize: 100 } }),
    staleTime: 60_000,
  });

/** The process steps a checklist is run at (the project's process columns). */
export const useChecklistSteps = () =>
  useQuery({
    queryKey: checklistKeys.steps(),
    queryFn: () => http<ChecklistStepDto[]>('/quality/checklists/steps'),
    staleTime: 60_000,
  });
