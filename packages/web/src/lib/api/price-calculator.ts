import { PRICE_MATRIX_PUSHES, type PriceMatrixDto, type SocketEventInput } from '@karm/domain/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';
import { newer } from './cache';

/**
 * The company's price matrix and the price calculation (SPEC §1 price calculator). In lib because
 * the calculator dialog is opened from the calculator page and from offers.
 */

export type PriceCalculationInput = SocketEventInput<'price-calculator:calculate'>;
export type PriceMatrixUpdateInput = SocketEventInput<'price-matrix:update'>;

export const priceMatrixKeys = { matrix: ['price-matrix'] as const };

export const getPriceMatrix = () => request('price-matrix:get');
export const updatePriceMatrix = (input: PriceMatrixUpdateInput) => request('price-matrix:update', input);
export const calculatePrice = (input: PriceCalculationInput) => request('price-calculator:calculate', input);

export const priceMatrixQueryOptions = () =>
  queryOptions({ queryKey: priceMatrixKeys.matrix, queryFn: getPriceMatrix });

export const usePriceMatrix = () => useQuery(priceMatrixQueryOptions());

/** A saved or pushed matrix replaces the cached one unless the cache already holds a newer version. */
export const storePriceMatrix = (queryClient: QueryClient, matrix: PriceMatrixDto) =>
  queryClient.setQueryData(priceMatrixQueryOptions().queryKey, (current) => newer(current, matrix));

export const useUpdatePriceMatrix = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePriceMatrix,
    onSuccess: (matrix) => void storePriceMatrix(queryClient, matrix),
  });
};

export const useCalculatePrice = () => useMutation({ mutationFn: calculatePrice });

/** Keeps the matrix in step with saves made in other browsers (DESIGN rule 7). */
export const usePriceMatrixPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush<PriceMatrixDto>(PRICE_MATRIX_PUSHES.changed, (matrix) => {
        storePriceMatrix(queryClient, matrix);
      }),
    [queryClient],
  );
};
