import type { ErrorPayload, UserDto } from '@karm/domain/contract';
import { clearLocalSession, verifyStoredSession } from '@/lib/session';
import { onPush, SERVER_PUSHES, socket } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { useSocketErrorStore } from '@/lib/store/socket-error-store';
import { href } from './routes';
import { useNewVersionStore } from './shell/new-version-store';

type Navigate = (to: string) => unknown;

/**
 * App-wide reactions to the server: a not-authorized push signs the browser out (SPEC §4), an
 * error push opens the error dialog, a reconnect re-verifies the session, user updates refresh the stored user, and a different build
 * id raises the new-version notice.
 */
export const installSessionListeners = (navigate: Navigate) => {
  const goToLogin = async () => {
    await clearLocalSession();
    await navigate(href.login());
  };
  const stops = [
    onPush(SERVER_PUSHES.notAuthorized, () => {
      if (useAuthStore.getState().accessToken) void goToLogin();
    }),
    onPush<ErrorPayload>(SERVER_PUSHES.error, (error) => useSocketErrorStore.getState().showPushed(error)),
    onPush<UserDto>(SERVER_PUSHES.userUpdated, (user) => useAuthStore.getState().setUser(user)),
    onPush<{ buildId: string }>(SERVER_PUSHES.build, ({ buildId }) => {
      if (buildId !== __KARM_BUILD_ID__ && buildId !== 'dev') useNewVersionStore.getState().setAvailable();
    }),
  ];
  const onReconnect = async () => {
    if (useAuthStore.getState().accessToken && !(await verifyStoredSession())) await goToLogin();
  };
  socket.io.on('reconnect', onReconnect);
  return () => {
    for (const stop of stops) stop();
    socket.io.off('reconnect', onReconnect);
  };
};
