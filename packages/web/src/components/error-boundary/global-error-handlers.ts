import { reportClientError } from '@/lib/error-reporting';
import { notifyError } from '../notify/notify';

/**
 * Browser noise that is not a failure of ours: Chrome reports a ResizeObserver that could not
 * deliver every notification in one frame as an error, though nothing is lost.
 */
const isNoise = (message: string) => message.startsWith('ResizeObserver loop');

/**
 * SPEC §8: unhandled errors are logged to the server and shown as a negative notification with the
 * message or "An unexpected error occurred". Returns the uninstaller (for tests and hot reload).
 */
export const installGlobalErrorHandlers = (): (() => void) => {
  const onError = (event: ErrorEvent) => {
    if (isNoise(event.message ?? '')) return;
    const error: unknown = event.error ?? event.message;
    void reportClientError('window.error', error, {
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
    notifyError(error);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    void reportClientError('unhandledrejection', event.reason);
    notifyError(event.reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
};
