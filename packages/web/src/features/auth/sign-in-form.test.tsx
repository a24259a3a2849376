import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, socket } from '@/lib/socket';
import { flushWrites } from '@/lib/store/encrypted-storage';
import { renderWithProviders } from '@/test/render';
import { SignInForm } from './sign-in-form';

vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn(() => () => {}),
  socket: { connect: vi.fn(async () => {}) },
}));
vi.mock('@/lib/store/encrypted-storage', () => ({
  encryptedStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  flushWrites: vi.fn(),
  forgetStorageKey: vi.fn(),
}));

const session = {
  accessToken: 'token',
  user: { id: 'u1', username: 'admin' },
  companyId: 'c1',
} as unknown as Awaited<ReturnType<typeof request<'authenticate'>>>;

describe('SignInForm', () => {
  afterEach(() => {
    vi.mocked(flushWrites).mockReset();
    vi.mocked(socket.connect).mockClear();
  });

  it('has the username focused on load, and connects once the user types, not before', async () => {
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    const username = screen.getByLabelText(/E-mail or username/);
    expect(username).toHaveFocus();
    expect(socket.connect).not.toHaveBeenCalled();
    await userEvent.setup().keyboard('k');
    expect(username).toHaveValue('k');
    expect(socket.connect).toHaveBeenCalled();
  });

  it('leaves the page only after the signed-in session is stored', async () => {
    vi.mocked(request).mockResolvedValue(session);
    let stored: (value?: undefined) => void = () => {};
    vi.mocked(flushWrites).mockReturnValue(new Promise<undefined>((resolve) => (stored = resolve)));
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail or username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'karm-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(flushWrites).toHaveBeenCalled());
    // The encrypted write is still under way: a page load now would find no session.
    expect(onSignedIn).not.toHaveBeenCalled();
    stored();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
  });
});
