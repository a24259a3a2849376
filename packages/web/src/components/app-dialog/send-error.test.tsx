import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { clearRecentActions, recordRecentAction } from '@/lib/recent-actions';
import { request } from '@/lib/socket';
import { useSocketErrorStore } from '@/lib/store/socket-error-store';
import { renderWithProviders } from '@/test/render';
import { AppDialog } from './app-dialog';

vi.mock('@/lib/socket', () => ({
  request: vi.fn(async () => ({ id: 'r1' })),
  onPush: vi.fn(() => () => {}),
}));
vi.mock('@/lib/http', async (original) => ({
  ...(await original<typeof import('@/lib/http')>()),
  http: vi.fn(async () => ({ id: 'l1' })),
}));

const SEND = 'Send error to administrator';

beforeEach(() => {
  vi.mocked(request).mockClear();
  vi.mocked(http).mockClear();
  clearRecentActions();
  useSocketErrorStore.setState({ lastError: null, lastErrorAt: 0 });
});

describe('Send error to administrator', () => {
  it('appears in a dialog once a request failed, and sends that error with a comment and recent actions', async () => {
    const user = userEvent.setup();
    recordRecentAction('route', '/offers?search=secret');
    recordRecentAction('event', 'offers:save');
    renderWithProviders(<AppDialog opened onClose={() => {}} title="Edit offer" onCancel={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit offer' });
    expect(within(dialog).queryByRole('button', { name: SEND })).not.toBeInTheDocument();

    // A wrong entry is no error to report; a refusal the person did not expect is.
    act(() => useSocketErrorStore.getState().recordFailure({ code: 'VALIDATION', message: 'Required' }));
    expect(within(dialog).queryByRole('button', { name: SEND })).not.toBeInTheDocument();
    act(() =>
      useSocketErrorStore.getState().recordFailure({ code: 'CONFLICT', message: 'Changed elsewhere' }),
    );
    await user.click(within(dialog).getByRole('button', { name: SEND }));

    const report = await screen.findByRole('dialog', { name: SEND });
    expect(within(report).getByText('CONFLICT: Changed elsewhere')).toBeInTheDocument();
    await user.type(within(report).getByRole('textbox', { name: 'Comment (optional)' }), 'I only saved');
    await user.click(within(report).getByRole('button', { name: SEND }));

    expect(await screen.findByText('The error was sent to the administrator')).toBeInTheDocument();
    expect(vi.mocked(request)).toHaveBeenCalledWith('logs:report', {
      error: { code: 'CONFLICT', message: 'Changed elsewhere', details: undefined },
      route: '/',
      recentActions: [
        { kind: 'route', name: '/offers', at: expect.any(String) },
        { kind: 'event', name: 'offers:save', at: expect.any(String) },
      ],
      comment: 'I only saved',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SEND })).not.toBeInTheDocument());
  });

  it('does not offer failures from before the dialog opened', () => {
    useSocketErrorStore.setState({
      lastError: { code: 'INTERNAL', message: 'old' },
      lastErrorAt: Date.now() - 60_000,
    });
    renderWithProviders(<AppDialog opened onClose={() => {}} title="Edit offer" onCancel={() => {}} />);
    expect(screen.queryByRole('button', { name: SEND })).not.toBeInTheDocument();
  });
});

describe('automatic error reports', () => {
  it('are rate-limited: the same failure once per quiet period, and a few per minute at most', async () => {
    const { reportClientError, resetReportLimits, CLIENT_REPORTS_PER_MINUTE } = await import(
      '@/lib/error-reporting'
    );
    resetReportLimits();
    await reportClientError('render', new Error('same'));
    await reportClientError('render', new Error('same'));
    expect(vi.mocked(http)).toHaveBeenCalledTimes(1);
    for (let index = 0; index < CLIENT_REPORTS_PER_MINUTE + 5; index++)
      await reportClientError('render', new Error(`failure ${index}`));
    expect(vi.mocked(http)).toHaveBeenCalledTimes(CLIENT_REPORTS_PER_MINUTE);
  });
});
