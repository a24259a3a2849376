import type { SocketEventInput, TwoFactorStatus } from '@karm/domain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/socket';

export const twoFactorKeys = { status: ['two-factor', 'status'] as const };

export const getTwoFactorStatus = () => request('two-factor:status');

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: twoFactorKeys.status, queryFn: getTwoFactorStatus });

/** The signed-in person's two-factor sign-in, for the profile. */
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());

/** A mutation whose answer carries the new status, which replaces the cached one. */
const useStatusMutation = <Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  statusOf: (result: Result) => TwoFactorStatus,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => queryClient.setQueryData(twoFactorStatusQueryOptions().queryKey, statusOf(result)),
  });
};

/** A new secret to scan (nothing changes until the first code confirms it). */
export const useBeginTwoFactorSetup = () => useMutation({ mutationFn: () => request('two-factor:setup') });

export const useEnableTwoFactor = () =>
  useStatusMutation(
    (input: SocketEventInput<'two-factor:enable'>) => request('two-factor:enable', input),
    (result) => result.status,
  );

export const useDisableTwoFactor = () =>
  useStatusMutation(
    (input: SocketEventInput<'two-factor:disable'>) => request('two-factor:disable', input),
    (status) => status,
  );

export const useRegenerateRecoveryCodes = () =>
  useStatusMutation(
    (input: SocketEventInput<'two-factor:regenerate-recovery-codes'>) =>
      request('two-factor:regenerate-recovery-codes', input),
    (result) => result.status,
  );
