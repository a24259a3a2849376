import type { UserDto } from '@karm/domain/contract';
import { setAccessToken } from '../access-token';
import { createPersistedStore } from './persisted';

type AuthState = {
  accessToken: string | null;
  user: UserDto | null;
  companyId: string | null;
  /** SPEC §4: a failed login sets the login error flag. */
  hasLoginError: boolean;
  signIn: (session: { accessToken: string; user: UserDto; companyId: string }) => void;
  setUser: (user: UserDto) => void;
  setLoginError: (hasLoginError: boolean) => void;
  clear: () => void;
};

export const useAuthStore = createPersistedStore<AuthState>('auth', (set) => ({
  accessToken: null,
  user: null,
  companyId: null,
  hasLoginError: false,
  signIn: ({ accessToken, user, companyId }) => set({ accessToken, user, companyId, hasLoginError: false }),
  setUser: (user) => set({ user }),
  setLoginError: (hasLoginError) => set({ hasLoginError }),
  clear: () => set({ accessToken: null, user: null, companyId: null }),
}));

// Transports read the token without React; keep their copy in step with the store.
useAuthStore.subscribe((state) => setAccessToken(state.accessToken));

/** Resolves once the encrypted store has been read back after a page load. */
export const authStoreHydrated = () =>
  new Promise<void>((resolve) => {
    if (useAuthStore.persist.hasHydrated()) {
      setAccessToken(useAuthStore.getState().accessToken);
      resolve();
      return;
    }
    const stop = useAuthStore.persist.onFinishHydration((state) => {
      setAccessToken(state.accessToken);
      stop();
      resolve();
    });
  });
