import type { TwoFactorStatus } from '@karm/domain/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { TwoFactorSection } from './two-factor-section';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const OFF: TwoFactorStatus = { isEnabled: false, enabledAt: null, recoveryCodesLeft: 0, isRequired: false };
const ON: TwoFactorStatus = {
  isEnabled: true,
  enabledAt: '2026-03-14T09:30:00.000Z',
  recoveryCodesLeft: 10,
  isRequired: false,
};
const CODES = Array.from({ length: 10 }, (_, index) => `k3f9-x2mq-${String(index).padStart(4, '0')}`);
const SETUP = {
  manualKey: 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
  otpauthUri: 'otpauth://totp/Karm:kari?secret=JBSWY3DPEHPK3PXP',
  qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

const fieldError = (field: string, key: string) =>
  new ApiError({ code: 'VALIDATION', message: key, details: { fields: { [field]: `validation.${key}` } } });

const render = () =>
  renderWithProviders(
    <QueryClientProvider client={createTestQueryClient()}>
      <TwoFactorSection username="kari" />
    </QueryClientProvider>,
  );

beforeEach(() => {
  requestMock.mockReset();
});

describe('TwoFactorSection', () => {
  it('turns it on: QR code and key, a confirming code, then the recovery codes once saved', async () => {
    answer(requestMock, {
      'two-factor:status': () => OFF,
      'two-factor:setup': () => SETUP,
      'two-factor:enable': ({ code }) => {
        if (code !== '123456') throw fieldError('code', 'twoFactorCodeWrong');
        return { recoveryCodes: CODES, status: { ...ON, enabledAt: new Date().toISOString() } };
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Off');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for the authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(dialog).getByTestId('manual-key')).toHaveTextContent(SETUP.manualKey);
    const code = within(dialog).getByRole('textbox', { name: /Code from the app/ });
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm code' }));
    expect(await within(dialog).findByText(/The code is wrong/)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm code' }));
    const codesDialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(await within(codesDialog).findByText('Save your recovery codes')).toBeInTheDocument();
    expect(
      within(codesDialog)
        .getAllByTestId('recovery-code')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    // Shown once: no way out but saving them.
    expect(within(codesDialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    const goOn = within(codesDialog).getByRole('button', { name: 'Continue' });
    expect(goOn).toBeDisabled();
    await user.click(within(codesDialog).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(goOn);

    expect(await screen.findByText('Two-factor sign-in is on')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('On');
    expect(screen.getByText('Unused recovery codes: 10')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'two-factor:setup')).toHaveLength(1);
  });

  it('turns it off with the password and a code, each checked at its field', async () => {
    answer(requestMock, {
      'two-factor:status': () => ON,
      'two-factor:disable': ({ password, code }) => {
        if (password !== 'karm-demo') throw fieldError('password', 'passwordWrong');
        if (code !== '123456') throw fieldError('code', 'twoFactorCodeWrong');
        return OFF;
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('On since 14.03.2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    await user.type(within(dialog).getByRole('textbox', { name: /Code from the app/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('The password is wrong.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'karm-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Off'));
  });

  it('cannot be turned off where the company requires it; new recovery codes need a code', async () => {
    answer(requestMock, {
      'two-factor:status': () => ({ ...ON, recoveryCodesLeft: 2, isRequired: true }),
      'two-factor:regenerate-recovery-codes': () => ({ recoveryCodes: CODES, status: ON }),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText(/requires two-factor sign-in for administrators/)).toBeInTheDocument();
    expect(screen.getByText(/Few recovery codes left/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Code from the app/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    const codesDialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    expect(await within(codesDialog).findByText('Save your recovery codes')).toBeInTheDocument();
    await user.click(within(codesDialog).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(within(codesDialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/New recovery codes are ready/)).toBeInTheDocument();
    expect(screen.getByText('Unused recovery codes: 10')).toBeInTheDocument();
  });
});
