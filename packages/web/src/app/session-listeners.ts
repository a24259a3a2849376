import {
  type ErrorPayload,
  type ErrorReportedPush,
  INVOICE_PUSHES,
  LOG_PUSHES,
  type ReadyToInvoicePush,
  USERS_PUSHES,
  type UserDto,
} from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import { notifications } from '@mantine/notifications';
import { i18n } from '@/lib/i18n';
import { checkStoredSession, clearLocalSession, verifyStoredSession } from '@/lib/session';
import { onPush, SERVER_PUSHES, socket } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { useSocketErrorStore } from '@/lib/store/socket-error-store';
import { href } from './routes';
import { useNewVersionStore } from './shell/new-version-store';

type Navigate = (to: string) => unknown;

/** A report to the administrators stays up longer than a toast: it is news, not feedback. */
const REPORT_NOTICE_MS = 10_000;

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
    // The push goes to every tab of the person, in whichever company each is signed in to: the role
    // and permissions are this tab's company's, so they are kept; the rest is the person's own.
    onPush<UserDto>(SERVER_PUSHES.userUpdated, (user) => {
      const current = useAuthStore.getState().user;
      useAuthStore
        .getState()
        .setUser(current ? { ...user, role: current.role, permissions: current.permissions } : user);
    }),
    // An administrator gave this person a new role in this tab's company: take it whole.
    onPush<UserDto>(USERS_PUSHES.roleChanged, (user) => useAuthStore.getState().setUser(user)),
    // The company's role permissions changed: fetch our own again, so the screens hide what is now refused.
    onPush(USERS_PUSHES.permissionsChanged, () => void verifyStoredSession()),
    // Someone sent an error to the administrators (only they get this push; a mail follows).
    onPush<ErrorReportedPush>(LOG_PUSHES.reported, ({ reporter, message }) =>
      notifications.show({
        title: i18n.t('logs.reportedTitle', { name: reporter }),
        message,
        color: 'orange',
        autoClose: REPORT_NOTICE_MS,
      }),
    ),
    // A completed process step made payment parts due (only administrators get this push).
    onPush<ReadyToInvoicePush>(INVOICE_PUSHES.readyToInvoice, ({ projectNumber, projectName, parts }) =>
      notifications.show({
        title: i18n.t('invoices:ready.title'),
        message: i18n.t('invoices:ready.message', {
          number: projectNumber,
          name: projectName,
          parts: parts.map((part) => `${part.description} ${formatNok(part.amount)}`).join(', '),
        }),
        color: 'orange',
        autoClose: REPORT_NOTICE_MS,
      }),
    ),
    onPush<{ buildId: string }>(SERVER_PUSHES.build, ({ buildId }) => {
      if (buildId !== __KARM_BUILD_ID__ && buildId !== 'dev') useNewVersionStore.getState().setAvailable();
    }),
  ];
  const onReconnect = async () => {
    if (useAuthStore.getState().accessToken && (await checkStoredSession()) === 'signedOut')
      await goToLogin();
  };
  socket.io.on('reconnect', onReconnect);
  return () => {
    for (const stop of stops) stop();
    socket.io.off('reconnect', onReconnect);
  };
};
