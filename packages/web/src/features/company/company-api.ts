import { COMPANY_PUSHES, type CompanyDto, type FileDto, type SocketEventInput } from '@karm/domain/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { newer } from '@/lib/api/cache';
import { http } from '@/lib/http';
import { onPush, request } from '@/lib/socket';
import { useCompanyStore } from '@/lib/store/company-store';

export type CompanyUpdate = SocketEventInput<'company:update'>;

export const companyKeys = { info: ['company', 'info'] as const, history: ['company', 'history'] as const };

export const getCompany = () => request('company:get-info');
export const updateCompany = (input: CompanyUpdate) => request('company:update', input);
export const getCompanyHistory = () => request('company:history');

export const companyQueryOptions = () => queryOptions({ queryKey: companyKeys.info, queryFn: getCompany });
export const companyHistoryQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.history, queryFn: getCompanyHistory });

export const useCompany = () => useQuery(companyQueryOptions());

/** The settings' history; only administrators may read it, so nobody else asks. */
export const useCompanyHistory = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...companyHistoryQueryOptions(), enabled });

/**
 * A saved or pushed company replaces the cached one (and the header's) unless the cache is newer;
 * a save is a new history row.
 */
const storeCompany = (queryClient: QueryClient, company: CompanyDto) => {
  queryClient.setQueryData(companyQueryOptions().queryKey, (current) => newer(current, company));
  useCompanyStore.getState().setCompany(company);
  void queryClient.invalidateQueries({ queryKey: companyHistoryQueryOptions().queryKey });
};

export const useUpdateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => storeCompany(queryClient, company),
  });
};

/** Keeps the settings in step with saves made in other browsers (DESIGN rule 8). */
export const useCompanyPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () => onPush<CompanyDto>(COMPANY_PUSHES.changed, (company) => storeCompany(queryClient, company)),
    [queryClient],
  );
};

/** Uploads a logo or footer image; it becomes the company's only when the settings are saved. */
export const uploadCompanyImage = (type: 'logo' | 'footer', file: File) => {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file);
  return http<FileDto>('/file', { method: 'POST', body: form });
};

export const useUploadCompanyImage = () =>
  useMutation({
    mutationFn: ({ type, file }: { type: 'logo' | 'footer'; file: File }) => uploadCompanyImage(type, file),
  });
