import {
  BILLING_PUSHES,
  type CreditBandDto,
  type InvoiceSettingsDto,
  type PaymentTermsDto,
  type SocketEventInput,
} from '@karm/domain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '../socket';
import { customerKeys } from './customers';

/*
 * Billing settings (admin tabs "Invoices", "Payment terms", "Credit score"): the lists, their
 * mutations, and the pushes that keep them fresh. Customers show their effective term, so a term
 * change also refreshes the customer queries.
 */

export const paymentTermsQueryOptions = () =>
  queryOptions({ queryKey: ['payment-terms'], queryFn: () => request('payment_term:list', {}) });
export const creditBandsQueryOptions = () =>
  queryOptions({ queryKey: ['credit-bands'], queryFn: () => request('credit_band:list', {}) });
export const invoiceSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['invoice-settings'], queryFn: () => request('invoice_settings:get', {}) });

export const usePaymentTerms = () => useQuery(paymentTermsQueryOptions());
export const useCreditBands = () => useQuery(creditBandsQueryOptions());
export const useInvoiceSettings = () => useQuery(invoiceSettingsQueryOptions());

/** Customers show their effective payment term: after a term change they read again. */
const CUSTOMERS_KEY = customerKeys.all;

export const usePaymentTermMutations = () => {
  const queryClient = useQueryClient();
  const onSuccess = (list: PaymentTermsDto) => {
    queryClient.setQueryData(paymentTermsQueryOptions().queryKey, list);
    void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
  };
  return {
    add: useMutation({
      mutationFn: (input: SocketEventInput<'payment_term:add'>) => request('payment_term:add', input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: SocketEventInput<'payment_term:upd'>) => request('payment_term:upd', input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (input: SocketEventInput<'payment_term:del'>) => request('payment_term:del', input),
      onSuccess,
    }),
    setCategoryDefault: useMutation({
      mutationFn: (input: SocketEventInput<'payment_term:category'>) =>
        request('payment_term:category', input),
      onSuccess,
    }),
  };
};

export const useCreditBandMutations = () => {
  const queryClient = useQueryClient();
  const onSuccess = (list: CreditBandDto[]) =>
    queryClient.setQueryData(creditBandsQueryOptions().queryKey, list);
  return {
    add: useMutation({
      mutationFn: (input: SocketEventInput<'credit_band:add'>) => request('credit_band:add', input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: SocketEventInput<'credit_band:upd'>) => request('credit_band:upd', input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (input: SocketEventInput<'credit_band:del'>) => request('credit_band:del', input),
      onSuccess,
    }),
  };
};

export const useInvoiceSettingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SocketEventInput<'invoice_settings:upd'>) => request('invoice_settings:upd', input),
    onSuccess: (settings: InvoiceSettingsDto) => {
      queryClient.setQueryData(invoiceSettingsQueryOptions().queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
};

/** Refreshes the billing lists when anyone in the company changes them; mount once in the layout. */
export const useBillingSettingsPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh =
      (...keys: (readonly unknown[])[]) =>
      () => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      };
    const stops = [
      onPush(BILLING_PUSHES.paymentTermsChanged, refresh(paymentTermsQueryOptions().queryKey, CUSTOMERS_KEY)),
      onPush(BILLING_PUSHES.creditBandsChanged, refresh(creditBandsQueryOptions().queryKey)),
      onPush(
        BILLING_PUSHES.invoiceSettingsChanged,
        refresh(invoiceSettingsQueryOptions().queryKey, CUSTOMERS_KEY),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
