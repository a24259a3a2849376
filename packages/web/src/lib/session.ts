import type { LoginResult } from '@karm/domain/contract';
import { ApiError } from './http';
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

/** What the route guard learns of the stored session. */
export type StoredSessionState = 'signedIn' | 'signedOut' | 'unreachable';

/**
 * Asks the server whether the stored token is still a live session (SPEC §2 route guard), and
 * refreshes the user. `unreachable` when the server could not be asked (offline, or no answer in
 * time): the session may well be alive, so the app says it cannot reach the server instead of
 * sending the user to sign in again.
 */
export const checkStoredSession = async (): Promise<StoredSessionState> => {
  await authStoreHydrated();
  const { accessToken } = useAuthStore.getState();
  if (!accessToken) return 'signedOut';
  if (!navigator.onLine) return 'unreachable';
  try {
    const { user, companyId } = await request('user:check-logged-in', accessToken);
    useAuthStore.setState({ user, companyId });
    return 'signedIn';
  } catch (error) {
    // The client's own time-out and a lost connection answer UPSTREAM; the server answers others.
    return error instanceof ApiError && error.code === 'UPSTREAM' ? 'unreachable' : 'signedOut';
  }
};

/** Whether the stored token is a live session: true, or false when it is not or cannot be told. */
export const verifyStoredSession = async () => (await checkStoredSession()) === 'signedIn';

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
