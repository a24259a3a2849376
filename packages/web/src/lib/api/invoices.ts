import {
  INVOICE_PUSHES,
  type InvoiceConfirmationDto,
  type InvoiceDto,
  type InvoiceListQuery,
  type InvoicesChangedPush,
  type SocketEventInput,
} from '@karm/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../http';
import { onPush, request } from '../socket';
import { projectKeys } from './projects';

/*
 * Invoices per order square (issue 13): a project's confirmations with their squares (REST), the
 * company's invoice list (socket, paged on the server), and the administrators' actions. The
 * `invoices:changed` push refreshes squares, lists and the project list's squares.
 */

export const invoiceKeys = {
  all: ['invoices'] as const,
  ofProject: (projectId: string) => [...invoiceKeys.all, 'project', projectId] as const,
  list: (query: InvoiceListQuery) => [...invoiceKeys.all, 'list', query] as const,
};

export const projectInvoicesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: invoiceKeys.ofProject(projectId),
    queryFn: () => http<InvoiceConfirmationDto[]>(`/invoices-confirmations/project/${projectId}`),
  });

export const useProjectInvoices = (projectId: string | null, isEnabled = true) =>
  useQuery({ ...projectInvoicesQueryOptions(projectId ?? ''), enabled: Boolean(projectId) && isEnabled });

export const useInvoiceList = (query: InvoiceListQuery, isEnabled = true) =>
  useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: () => request('invoices:get', query),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });

/** After any invoice change: squares, lists and the project list's squares are read again. */
const useInvoiceMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
};

export const useCreateInvoice = () =>
  useInvoiceMutation((input: { confirmationId: string; paymentRuleId: string; requestId: string }) =>
    http<InvoiceDto>('/invoices', { method: 'POST', body: input }),
  );
export const useCreditInvoice = () =>
  useInvoiceMutation((input: SocketEventInput<'invoices:del'>) => request('invoices:del', input));
export const useUpdateInvoice = () =>
  useInvoiceMutation((input: SocketEventInput<'invoices:upd'>) => request('invoices:upd', input));
/** The project's own invoice plan (administrators): made or replaced, and deleted. */
export const useSaveInvoicePlan = () =>
  useInvoiceMutation((input: SocketEventInput<'invoice-plan:save'>) => request('invoice-plan:save', input));
export const useDeleteInvoicePlan = () =>
  useInvoiceMutation((input: SocketEventInput<'invoice-plan:del'>) => request('invoice-plan:del', input));
export const useAttachPurchaseOrder = () =>
  useInvoiceMutation(({ invoiceId, file }: { invoiceId: string; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return http<InvoiceDto>(`/invoices/${invoiceId}/createOrder`, { method: 'POST', body: form });
  });

/** Keeps squares and lists in step with other people and with the accounting sync; mount once. */
export const useInvoicePushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush<InvoicesChangedPush>(INVOICE_PUSHES.changed, ({ projectId }) => {
        void queryClient.invalidateQueries({ queryKey: invoiceKeys.ofProject(projectId) });
        void queryClient.invalidateQueries({ queryKey: [...invoiceKeys.all, 'list'] });
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
      }),
    [queryClient],
  );
};
