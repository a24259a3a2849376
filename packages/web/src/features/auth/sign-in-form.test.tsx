import type { SecondFactorChallenge } from '@karm/domain/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request, socket } from '@/lib/socket';
import { flushWrites } from '@/lib/store/encrypted-storage';
import { renderWithProviders } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
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

  describe('with two-factor sign-in', () => {
    const challengeOf = (method: SecondFactorChallenge['method']): SecondFactorChallenge => ({
      challengeToken: 'challenge-token-of-forty-three-characters-x',
      method,
      expiresAt: '2026-01-01T12:05:00.000Z',
    });
    const secondFactorRequired = (method: SecondFactorChallenge['method']) => () => {
      throw new ApiError({ code: 'SECOND_FACTOR_REQUIRED', message: 'code', details: challengeOf(method) });
    };
    const wrongCode = () => {
      throw new ApiError({
        code: 'VALIDATION',
        message: 'wrong',
        details: { fields: { code: 'validation.twoFactorCodeWrong' } },
      });
    };
    const signInWithPassword = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.type(screen.getByLabelText(/E-mail or username/), 'admin');
      await user.type(screen.getByLabelText(/^Password/), 'karm-demo');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
    };

    it('asks for the code after the password, shows a wrong one at the field, and signs in with the right one', async () => {
      answer(vi.mocked(request), {
        authenticate: secondFactorRequired('code'),
        'authenticate:second-factor': ({ code }) => (code === '123456' ? session : wrongCode()),
      });
      const onSignedIn = vi.fn();
      renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
      const user = userEvent.setup();
      await signInWithPassword(user);

      const code = await screen.findByRole('textbox', { name: /^Code/ });
      expect(code).toHaveFocus();
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Required')).toBeInTheDocument();

      await user.type(code, '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText(/The code is wrong/)).toBeInTheDocument();
      expect(onSignedIn).not.toHaveBeenCalled();

      await user.clear(code);
      await user.type(code, '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
      expect(inputsOf(vi.mocked(request), 'authenticate:second-factor').at(-1)).toEqual({
        challengeToken: challengeOf('code').challengeToken,
        code: '123456',
      });
    });

    it('takes a recovery code instead, and goes back to the password when the challenge has expired', async () => {
      answer(vi.mocked(request), {
        authenticate: secondFactorRequired('code'),
        'authenticate:second-factor': () => {
          throw new ApiError({
            code: 'VALIDATION',
            message: 'expired',
            details: { fields: { challengeToken: 'validation.twoFactorChallengeExpired' } },
          });
        },
      });
      renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
      const user = userEvent.setup();
      await signInWithPassword(user);
      await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
      const recovery = screen.getByRole('textbox', { name: /^Recovery code/ });
      expect(recovery).toHaveAttribute('inputmode', 'text');
      await user.type(recovery, 'k3f9-x2mq-7hwd');
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await screen.findByText(/The sign-in took too long/)).toBeInTheDocument();
      expect(screen.getByLabelText(/E-mail or username/)).toHaveValue('admin');
      expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    });

    it('sets it up first when the company requires it, and goes in only after the recovery codes are saved', async () => {
      const codes = Array.from({ length: 10 }, (_, index) => `aaaa-bbbb-${String(index).padStart(4, '0')}`);
      answer(vi.mocked(request), {
        authenticate: secondFactorRequired('enrol'),
        'authenticate:enrol-setup': () => ({
          manualKey: 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
          otpauthUri: 'otpauth://totp/Karm:admin?secret=JBSWY3DPEHPK3PXP',
          qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        }),
        'authenticate:enrol-confirm': ({ code }) =>
          code === '123456' ? { ...session, recoveryCodes: codes } : wrongCode(),
      });
      const onSignedIn = vi.fn();
      renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
      const user = userEvent.setup();
      await signInWithPassword(user);

      expect(await screen.findByText(/Your company requires two-factor sign-in/)).toBeInTheDocument();
      expect(
        await screen.findByRole('img', { name: 'QR code for the authenticator app' }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('manual-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
      await user.type(screen.getByRole('textbox', { name: /Code from the app/ }), '123456');
      await user.click(screen.getByRole('button', { name: 'Confirm code' }));

      expect(await screen.findAllByTestId('recovery-code')).toHaveLength(10);
      const goOn = screen.getByRole('button', { name: 'Continue' });
      expect(goOn).toBeDisabled();
      expect(onSignedIn).not.toHaveBeenCalled();
      await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
      await user.click(goOn);
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
      expect(inputsOf(vi.mocked(request), 'authenticate:enrol-setup')).toHaveLength(1);
    });
  });
});
