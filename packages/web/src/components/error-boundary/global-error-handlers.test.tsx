import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportClientError } from '@/lib/error-reporting';
import { renderWithProviders } from '@/test/render';
import { installGlobalErrorHandlers } from './global-error-handlers';

vi.mock('@/lib/error-reporting', () => ({ reportClientError: vi.fn(async () => {}) }));

/** jsdom has no PromiseRejectionEvent; an Event carrying `reason` is what the handler reads. */
const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

describe('installGlobalErrorHandlers', () => {
  let uninstall = () => {};
  beforeEach(() => {
    renderWithProviders(<div />);
    uninstall = installGlobalErrorHandlers();
  });
  afterEach(() => {
    uninstall();
    act(() => notifications.clean());
    vi.clearAllMocks();
  });

  it('reports an unhandled rejection and shows its message', async () => {
    const reason = new Error('Socket closed');
    act(() => {
      window.dispatchEvent(rejection(reason));
    });
    expect(await screen.findByText('Socket closed')).toBeInTheDocument();
    expect(reportClientError).toHaveBeenCalledWith('unhandledrejection', reason);
  });

  it('shows the generic text when the rejection carries no message', async () => {
    act(() => {
      window.dispatchEvent(rejection(undefined));
    });
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it('reports an uncaught error event and shows its message', async () => {
    const error = new Error('Cannot read properties of undefined');
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    });
    expect(await screen.findByText('Cannot read properties of undefined')).toBeInTheDocument();
    expect(reportClientError).toHaveBeenCalledWith('window.error', error, expect.any(Object));
  });

  it('stops listening once uninstalled', () => {
    uninstall();
    act(() => {
      window.dispatchEvent(rejection(new Error('Late failure')));
    });
    expect(reportClientError).not.toHaveBeenCalled();
    expect(screen.queryByText('Late failure')).not.toBeInTheDocument();
  });
});
