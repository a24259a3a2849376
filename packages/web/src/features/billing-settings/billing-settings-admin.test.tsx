import type {
  CreditBandDto,
  InvoiceSettingsDto,
  PaymentTermDto,
  PaymentTermsDto,
} from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider, CreditBandBadge } from '@/components';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { CreditBandsAdmin } from './credit-bands-admin';
import { InvoiceSettingsAdmin } from './invoice-settings-admin';
import { PaymentTermsAdmin } from './payment-terms-admin';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
// The real store persists through IndexedDB, which jsdom lacks; the tabs only read `user`.
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const term = (id: string, name: string, daysUntilDue: number, extra: Partial<PaymentTermDto> = {}) => ({
  id,
  name,
  daysUntilDue,
  isActive: true,
  isDefault: false,
  usage: 0,
  version: 1,
  ...extra,
});
const band = (
  id: string,
  code: string,
  minPrepaymentBasisPoints: number,
  extra: Partial<CreditBandDto> = {},
) => ({
  id,
  code,
  name: `Klasse ${code}`,
  minPrepaymentBasisPoints,
  requiresAdminApproval: false,
  position: 0,
  version: 1,
  ...extra,
});
let terms: PaymentTermsDto;
let bands: CreditBandDto[];
let settings: InvoiceSettingsDto;

beforeEach(() => {
  requestMock.mockReset();
  terms = {
    terms: [term('t14', '14 dager', 14, { isDefault: true, usage: 3 }), term('t30', '30 dager', 30)],
    categoryDefaults: [{ categoryKey: 'hardwareStore', paymentTermId: 't30' }],
  };
  bands = [
    band('a', 'A', 0),
    band('b', 'B', 2500, { position: 1 }),
    band('e', 'E', 10_000, { position: 2, requiresAdminApproval: true }),
  ];
  settings = { defaultDueDays: 14, sendMethod: 'EMAIL', invoiceText: '', version: 0 };
  answer(requestMock, {
    'payment_term:list': () => terms,
    'payment_term:add': (input) => ({
      ...terms,
      terms: [...terms.terms, term('t60', input.name, input.daysUntilDue)],
    }),
    'payment_term:upd': (input) => ({
      ...terms,
      terms: terms.terms.map((candidate) =>
        candidate.id === input.id
          ? { ...candidate, ...input.values, version: candidate.version + 1 }
          : candidate,
      ),
    }),
    'payment_term:del': () => {
      throw new ApiError({
        code: 'CONFLICT',
        message: 'in use',
        details: { reason: 'valueInUse', usage: 3 },
      });
    },
    'payment_term:category': (input) => ({
      ...terms,
      categoryDefaults: [
        ...terms.categoryDefaults.filter((entry) => entry.categoryKey !== input.categoryKey),
        ...(input.paymentTermId
          ? [{ categoryKey: input.categoryKey, paymentTermId: input.paymentTermId }]
          : []),
      ],
    }),
    'collection:get': () => {
      throw new ApiError({ code: 'NOT_FOUND', message: 'built-ins' });
    },
    'credit_band:list': () => bands,
    'credit_band:add': (input) => [
      ...bands,
      band('c', input.code, input.minPrepaymentBasisPoints, { position: 3 }),
    ],
    'credit_band:upd': () => bands,
    'credit_band:del': (input) => bands.filter((candidate) => candidate.id !== input.id),
    'invoice_settings:get': () => settings,
    'invoice_settings:upd': (input) => ({ ...settings, ...input.values, version: settings.version + 1 }),
  });
});

const render = (ui: ReactElement, role: 'admin' | 'office' = 'admin') => {
  useAuthStore.setState({ user: aUser(role) });
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
};

const rowOf = async (attribute: string, value: string) => {
  await waitFor(() => expect(document.querySelector(`[${attribute}="${value}"]`)).not.toBeNull());
  return document.querySelector(`[${attribute}="${value}"]`) as HTMLElement;
};

describe('PaymentTermsAdmin', () => {
  it('adds a payment term and says so', async () => {
    const user = render(<PaymentTermsAdmin />);
    await rowOf('data-payment-term', '14 dager');
    await user.click(screen.getByRole('button', { name: 'Add payment term' }));
    await user.type(await screen.findByLabelText(/Name/), '60 dager');
    const days = screen.getByLabelText(/Days until due/);
    await user.clear(days);
    await user.type(days, '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'payment_term:add')).toEqual([
        { name: '60 dager', daysUntilDue: 60, isDefault: false },
      ]),
    );
    expect(await screen.findByText('The payment term was saved.')).toBeInTheDocument();
    expect(await rowOf('data-payment-term', '60 dager')).toBeInTheDocument();
  });

  it('refuses days over 365 before asking the server', async () => {
    const user = render(<PaymentTermsAdmin />);
    await rowOf('data-payment-term', '14 dager');
    await user.click(screen.getByRole('button', { name: 'Add payment term' }));
    await user.type(await screen.findByLabelText(/Name/), 'Lang');
    const days = screen.getByLabelText(/Days until due/);
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A whole number from 0 to 365')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'payment_term:add')).toEqual([]);
  });

  it('asks before deleting and offers to deactivate a term in use', async () => {
    const user = render(<PaymentTermsAdmin />);
    const row = await rowOf('data-payment-term', '14 dager');
    expect(within(row).getByText('Default')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete: 14 dager' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/is used by 3 customers or categories/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'payment_term:upd')).toEqual([
        { id: 't14', version: 1, values: { isActive: false } },
      ]),
    );
  });

  it("sets a customer category's default term", async () => {
    const user = render(<PaymentTermsAdmin />);
    const row = await rowOf('data-category', 'project');
    await user.click(within(row).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '30 dager' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'payment_term:category')).toEqual([
        { categoryKey: 'project', paymentTermId: 't30' },
      ]),
    );
    expect(await screen.findByText("The category's default was saved.")).toBeInTheDocument();
  });

  it('shows the terms read only to someone without the invoice settings permission', async () => {
    render(<PaymentTermsAdmin />, 'office');
    const row = await rowOf('data-payment-term', '30 dager');
    expect(screen.queryByRole('button', { name: 'Add payment term' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(screen.getByText('Only administrators change these settings.')).toBeInTheDocument();
  });
});

describe('CreditBandsAdmin', () => {
  it('adds a band with its prepayment typed as a percent, sent as basis points', async () => {
    const user = render(<CreditBandsAdmin />);
    await rowOf('data-credit-band-row', 'A');
    await user.click(screen.getByRole('button', { name: 'Add credit band' }));
    await user.type(await screen.findByLabelText(/Code/), 'C');
    const share = screen.getByLabelText(/Lowest prepayment/);
    await user.clear(share);
    await user.type(share, '12.5');
    await user.click(screen.getByLabelText('Administrator must approve'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'credit_band:add')).toEqual([
        { code: 'C', name: '', minPrepaymentBasisPoints: 1250, requiresAdminApproval: true },
      ]),
    );
    expect(await screen.findByText('The credit band was saved.')).toBeInTheDocument();
  });

  it('moves a band down and asks before deleting one', async () => {
    const user = render(<CreditBandsAdmin />);
    const row = await rowOf('data-credit-band-row', 'B');
    expect(within(row).getByText('25 %')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Move down: B' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'credit_band:upd')).toEqual([
        { id: 'b', version: 1, values: { position: 2 } },
      ]),
    );
    await user.click(within(row).getByRole('button', { name: 'Delete: B' }));
    expect(await screen.findByText(/Credit scores naming it then have no band/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(inputsOf(requestMock, 'credit_band:del')).toEqual([{ id: 'b', version: 1 }]));
    expect(await screen.findByText('The credit band was deleted.')).toBeInTheDocument();
  });

  it('shows the bands read only without the sales settings permission', async () => {
    render(<CreditBandsAdmin />, 'office');
    await rowOf('data-credit-band-row', 'E');
    expect(screen.queryByRole('button', { name: 'Add credit band' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move down/ })).toBeNull();
  });
});

describe('InvoiceSettingsAdmin', () => {
  it('saves the settings with the version it read', async () => {
    const user = render(<InvoiceSettingsAdmin />);
    const text = await screen.findByLabelText(/Text on invoices/);
    await user.type(text, 'Takk for handelen');
    await user.click(screen.getByRole('combobox', { name: 'Send method' }));
    await user.click(await screen.findByRole('option', { name: 'EHF (electronic invoice)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoice_settings:upd')).toEqual([
        { version: 0, values: { defaultDueDays: 14, sendMethod: 'EHF', invoiceText: 'Takk for handelen' } },
      ]),
    );
    expect(await screen.findByText('The invoice settings were saved.')).toBeInTheDocument();
  });

  it('is read only without the invoice settings permission', async () => {
    render(<InvoiceSettingsAdmin />, 'office');
    expect(await screen.findByLabelText(/Text on invoices/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('CreditBandBadge', () => {
  it("shows the band a score names, case-insensitive, with the band's rule for screen readers", async () => {
    render(<CreditBandBadge score="e" />, 'office');
    const badge = await screen.findByText('E');
    expect(badge.closest('[data-credit-band]')).toHaveAttribute(
      'aria-label',
      'Credit band E · Klasse E: Prepayment at least 100 % · An administrator must approve the confirmation',
    );
  });

  it('shows nothing for a score without a band', async () => {
    render(<CreditBandBadge score="X" />, 'office');
    await waitFor(() => expect(inputsOf(requestMock, 'credit_band:list')).toHaveLength(1));
    expect(document.querySelector('[data-credit-band]')).toBeNull();
  });
});
