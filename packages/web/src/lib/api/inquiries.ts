import {
  type FileDto,
  INQUIRY_PUSHES,
  type InquiryDetailsDto,
  type InquiryDto,
  type InquiryQuery,
  type SocketEventInput,
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
import { replaceInPages, useStoringMutation } from './cache';

/**
 * Inquiry data (SPEC §3). The list pages on the server; pushes keep list and open dialogs fresh
 * (DESIGN rule 7): `useInquiryPushes` runs on screens that show inquiries.
 */

export type InquiryCreateInput = SocketEventInput<'inquiry:create'>;
export type InquiryUpdateInput = SocketEventInput<'inquiry:update'>;

export const inquiryKeys = {
  all: ['inquiries'] as const,
  lists: () => [...inquiryKeys.all, 'list'] as const,
  list: (query: InquiryQuery) => [...inquiryKeys.lists(), query] as const,
  details: () => [...inquiryKeys.all, 'detail'] as const,
  detail: (id: string) => [...inquiryKeys.details(), id] as const,
};

export const getInquiries = (query: InquiryQuery) => request('inquiries:get', query);
export const getInquiry = (id: string) => request('inquiry:get', { id });
export const createInquiry = (input: InquiryCreateInput) => request('inquiry:create', input);
export const updateInquiry = (input: InquiryUpdateInput) => request('inquiry:update', input);
export const archiveInquiry = (input: { id: string; reason: string }) => request('inquiry:archive', input);
export const unarchiveInquiry = (input: { id: string }) => request('inquiry:unarchive', input);
export const convertInquiryToOffer = (input: { id: string; version: number }) =>
  request('inquiry:convert-to-offer', input);

/** Documents go through the files module; the server checks the inquiry and writes its history. */
export const uploadInquiryDocument = ({ inquiryId, file }: { inquiryId: string; file: File }) => {
  const form = new FormData();
  form.append('type', 'document');
  form.append('entityId', inquiryId);
  form.append('file', file, file.name);
  return http<FileDto>('/file', { method: 'POST', body: form });
};
export const deleteInquiryDocument = ({ fileId }: { inquiryId: string; fileId: string }) =>
  http<{ id: string }>(`/file/${fileId}`, { method: 'DELETE' });

export const inquiriesQueryOptions = (query: InquiryQuery) =>
  queryOptions({
    queryKey: inquiryKeys.list(query),
    queryFn: () => getInquiries(query),
    placeholderData: keepPreviousData,
  });

export const inquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: inquiryKeys.detail(id), queryFn: () => getInquiry(id), staleTime: 0 });

export const useInquiries = (query: InquiryQuery) => useQuery(inquiriesQueryOptions(query));
export const useInquiry = (id: string | null) =>
  useQuery({ ...inquiryQueryOptions(id ?? ''), enabled: Boolean(id) });

/** Puts a changed inquiry into the caches; lists refetch, since filters and order are the server's. */
export const storeInquiry = (queryClient: QueryClient, inquiry: InquiryDto | InquiryDetailsDto) => {
  if ('history' in inquiry) queryClient.setQueryData(inquiryKeys.detail(inquiry.id), inquiry);
  else void queryClient.invalidateQueries({ queryKey: inquiryKeys.detail(inquiry.id) });
  replaceInPages(queryClient, inquiryKeys.lists(), inquiry);
  return queryClient.invalidateQueries({ queryKey: inquiryKeys.lists() });
};

const useInquiryMutation = <Input>(mutationFn: (input: Input) => Promise<InquiryDetailsDto>) =>
  useStoringMutation(mutationFn, storeInquiry);

export const useCreateInquiry = () => useInquiryMutation(createInquiry);
export const useUpdateInquiry = () => useInquiryMutation(updateInquiry);
export const useArchiveInquiry = () => useInquiryMutation(archiveInquiry);
export const useUnarchiveInquiry = () => useInquiryMutation(unarchiveInquiry);
/** The new offer reaches the offer lists through its push; the linked inquiry is stored here. */
export const useConvertInquiryToOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertInquiryToOffer,
    onSuccess: (result) => void storeInquiry(queryClient, result.inquiry),
  });
};

const useDocumentMutation = <Input extends { inquiryId: string }, Result>(
  mutationFn: (input: Input) => Promise<Result>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) =>
      void queryClient.invalidateQueries({ queryKey: inquiryKeys.detail(input.inquiryId) }),
  });
};
export const useUploadInquiryDocument = () => useDocumentMutation(uploadInquiryDocument);
export const useDeleteInquiryDocument = () => useDocumentMutation(deleteInquiryDocument);

/** Keeps inquiry caches in step with changes made in other browsers (DESIGN rule 7). */
export const useInquiryPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush<InquiryDto>(INQUIRY_PUSHES.inquiryChanged, (inquiry) => {
        void storeInquiry(queryClient, inquiry);
      }),
    [queryClient],
  );
};
