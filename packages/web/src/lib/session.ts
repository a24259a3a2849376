import type { LoginResult } from '@karm/domain/contract';
import { i18n } from './i18n';
import { rememberLocale } from './locale-preference';
import { request, socket } from './socket';
import { authStoreHydrated, useAuthStore } from './store/auth-store';
import { flushWrites, forgetStorageKey } from './store/encrypted-storage';

/**
 * Stores a fresh sign-in: token, user and company (SPEC §4). Resolves once the session is written
 * to the encrypted storage (which is asynchronous), so a page load that follows finds it.
 */
export const acceptSession = async (session: LoginResult) => {
  useAuthStore.getState().signIn(session);
  await flushWrites();
};

/**
 * Asks the server whether the stored token is still a live session (SPEC §2 route guard). Resolves
 * true and refreshes the user, or false when there is no token or the server says "not logged in".
 */
export const verifyStoredSession = async () => {
  await authStoreHydrated();
  const { accessToken } = useAuthStore.getState();
  if (!accessToken) return false;
  try {
    const { user, companyId } = await request('user:check-logged-in', accessToken);
    useAuthStore.setState({ user, companyId });
    return true;
  } catch {
    return false;
  }
};

/**
 * Forgets everything this browser knows of the session: stores, cached queries, local and
 * session storage and the storage key (SPEC §4 logout).
 */
export const clearLocalSession = async () => {
  useAuthStore.getState().clear();
  // The query cache belongs to the signed-in app's code, loaded with it (not with /login).
  const { queryClient } = await import('./query-client');
  queryClient.clear();
  // After the stores are cleared, so their pending encrypted writes are dropped rather than landing.
  await forgetStorageKey();
  localStorage.clear();
  sessionStorage.clear();
  // The interface language is this browser's, not the session's: the login page keeps it.
  rememberLocale(i18n.language);
  // Reconnect without a token so the server drops this socket from the company's rooms.
  socket.disconnect();
};

/** Logs out on the server (ending the session for every tab) and locally. */
export const signOut = async () => {
  try {
    if (useAuthStore.getState().accessToken) await request('user:logout');
  } catch {
    // The session may already be gone; the local clean-up below is what matters.
  }
  await clearLocalSession();
};

/**
 * Adopts a session whose token was obtained elsewhere (the end-to-end tests sign in over the API
 * and hand the token in). The server verifies it first, so nothing is gained without a real token.
 */
export const adoptSession = async (accessToken: string) => {
  const { user, companyId } = await request('user:check-logged-in', accessToken);
  await acceptSession({ accessToken, user, companyId });
};
