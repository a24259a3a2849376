import {
  ACCOUNT_PUSHES,
  type AccountUpdateInput,
  type FileDto,
  type UserProfile,
} from '@karm/domain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { changeLocale } from '@/lib/i18n';
import { onPush, request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';

/** Saves profile settings; the stored user (and with it the app's language and theme) follows at once. */
export const saveProfile = async (changes: UserProfile) => {
  const user = await request('user:update-profile', changes);
  useAuthStore.getState().setUser(user);
  // A new language applies at once, so the confirmation already speaks it.
  if (changes.locale) await changeLocale(changes.locale);
  return user;
};

export const saveAccount = async (input: AccountUpdateInput) => {
  const user = await request('user:update-account', input);
  useAuthStore.getState().setUser(user);
  return user;
};

/**
 * Uploads a picture and makes it the person's: the server turns it into an upright square
 * thumbnail, and the profile then names it (which deletes the picture it replaces).
 */
export const uploadAvatar = async (file: File) => {
  const form = new FormData();
  form.append('type', 'avatar');
  form.append('file', file);
  const stored = await http<FileDto>('/file', { method: 'POST', body: form });
  return saveProfile({ avatarImage: stored.id });
};

export const sessionKeys = { all: ['user', 'sessions'] as const };

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.all, queryFn: () => request('user:sessions') });

/** The person's live sessions, listed again whenever one signs in or out (DESIGN rule 8). */
export const useSessions = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(ACCOUNT_PUSHES.sessionsChanged, () => {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }),
    [queryClient],
  );
  return useQuery(sessionsQueryOptions());
};

export const useRevokeSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => request('user:revoke-session', { sessionId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
};

export const useRevokeOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('user:revoke-other-sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
};
