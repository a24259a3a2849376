import {
  type DeviationCreateInput,
  type DeviationDto,
  type DeviationListQuery,
  type DeviationPatchInput,
  type FileDto,
  type Page,
  type ParetoDto,
  type ParetoQuery,
  type ProcedureCreateInput,
  type ProcedureDetailDto,
  type ProcedureDto,
  type ProcedureListQuery,
  type ProcedurePatchInput,
  type ProcedureVersionCreateInput,
  QUALITY_PUSHES,
  type QualityHistoryDto,
  type QualityPersonDto,
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
import { onPush } from '@/lib/socket';

/**
 * The quality screen over REST (`/api/quality/…`); the server's `quality:changed` push refreshes
 * every list, chart and open dialog (DESIGN rule 7).
 */

export const qualityKeys = {
  all: ['quality'] as const,
  deviations: (query: DeviationListQuery) => [...qualityKeys.all, 'deviations', query] as const,
  deviation: (id: string) => [...qualityKeys.all, 'deviation', id] as const,
  history: (id: string) => [...qualityKeys.all, 'history', id] as const,
  pareto: (query: ParetoQuery) => [...qualityKeys.all, 'pareto', query] as const,
  procedures: (query: ProcedureListQuery) => [...qualityKeys.all, 'procedures', query] as const,
  procedure: (id: string) => [...qualityKeys.all, 'procedure', id] as const,
  people: () => [...qualityKeys.all, 'people'] as const,
};

/** A list query without its empty values, as the REST routes read it. */
export const queryOf = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== '' && value !== null),
  ) as Record<string, string | number>;

export const getDeviations = (query: DeviationListQuery) =>
  http<Page<DeviationDto>>('/quality/deviations', { query: queryOf(query) });
export const getDeviation = (id: string) => http<DeviationDto>(`/quality/deviations/${id}`);
export const createDeviation = (body: DeviationCreateInput) =>
  http<DeviationDto>('/quality/deviations', { method: 'POST', body });
export const updateDeviation = ({ id, ...body }: { id: string } & DeviationPatchInput) =>
  http<DeviationDto>(`/quality/deviations/${id}`, { method: 'PATCH', body });
export const getPareto = (query: ParetoQuery) =>
  http<ParetoDto>('/quality/pareto', { query: queryOf(query) });
export const getProcedures = (query: ProcedureListQuery) =>
  http<Page<ProcedureDto>>('/quality/procedures', { query: queryOf(query) });
export const getProcedure = (id: string) => http<ProcedureDetailDto>(`/quality/procedures/${id}`);
export const createProcedure = (body: ProcedureCreateInput) =>
  http<ProcedureDetailDto>('/quality/procedures', { method: 'POST', body });
export const updateProcedure = ({ id, ...body }: { id: string } & ProcedurePatchInput) =>
  http<ProcedureDetailDto>(`/quality/procedures/${id}`, { method: 'PATCH', body });
export const publishProcedureVersion = ({ id, ...body }: { id: string } & ProcedureVersionCreateInput) =>
  http<ProcedureDetailDto>(`/quality/procedures/${id}/versions`, { method: 'POST', body });
export const acknowledgeProcedure = ({ id, versionNumber }: { id: string; versionNumber: number }) =>
  http<ProcedureDetailDto>(`/quality/procedures/${id}/acknowledge`, {
    method: 'POST',
    body: { versionNumber },
  });

/** A deviation's picture goes through the files module first; the deviation then names it. */
export const uploadPicture = (file: File) => {
  const form = new FormData();
  form.append('type', 'picture');
  form.append('file', file, file.name);
  return http<FileDto>('/file', { method: 'POST', body: form });
};

export const useDeviations = (query: DeviationListQuery) =>
  useQuery({
    queryKey: qualityKeys.deviations(query),
    queryFn: () => getDeviations(query),
    placeholderData: keepPreviousData,
  });

export const deviationQueryOptions = (id: string) =>
  queryOptions({ queryKey: qualityKeys.deviation(id), queryFn: () => getDeviation(id), staleTime: 0 });

export const useDeviationHistory = (id: string | null) =>
  useQuery({
    queryKey: qualityKeys.history(id ?? ''),
    queryFn: () => http<QualityHistoryDto[]>(`/quality/deviations/${id}/history`),
    enabled: Boolean(id),
  });

export const usePareto = (query: ParetoQuery) =>
  useQuery({
    queryKey: qualityKeys.pareto(query),
    queryFn: () => getPareto(query),
    placeholderData: keepPreviousData,
  });

export const useProcedures = (query: ProcedureListQuery) =>
  useQuery({
    queryKey: qualityKeys.procedures(query),
    queryFn: () => getProcedures(query),
    placeholderData: keepPreviousData,
  });

export const procedureQueryOptions = (id: string) =>
  queryOptions({ queryKey: qualityKeys.procedure(id), queryFn: () => getProcedure(id), staleTime: 0 });

export const useProcedure = (id: string | null) =>
  useQuery({ ...procedureQueryOptions(id ?? ''), enabled: Boolean(id) });

export const useQualityPeople = () =>
  useQuery({
    queryKey: qualityKeys.people(),
    queryFn: () => http<QualityPersonDto[]>('/quality/people'),
    staleTime: 60_000,
  });

const refreshQuality = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: qualityKeys.all });

/** A mutation that refreshes the quality screen once it is saved. */
export const useQualityMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void refreshQuality(queryClient) });
};

/** Keeps the screen in step with changes made in other browsers. */
export const useQualityPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => onPush(QUALITY_PUSHES.changed, () => void refreshQuality(queryClient)), [queryClient]);
};
