import type { InvoiceDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { InvoiceList } from './invoice-list';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const invoice = (extra: Partial<InvoiceDto> = {}): InvoiceDto => ({
  id: '0193a5d2-0000-7000-8000-00000000e001',
  projectId: '0193a5d2-0000-7000-8000-00000000e002',
  projectNumber: 1001,
  projectName: 'Kontorbygg Økern',
  confirmationId: '0193a5d2-0000-7000-8000-00000000e003',
  confirmationKind: 'confirmation',
  confirmationNumber: 2,
  paymentRuleId: '0193a5d2-0000-7000-8000-00000000e004',
  description: 'Ved levering',
  customerId: null,
  customerName: 'Byggmester Hansen AS',
  number: 12,
  invoiceDate: '2026-11-01',
  dueDate: '2026-11-15',
  amount: 91_200_00,
  amountOutstanding: 91_200_00,
  isSent: true,
  isCredited: false,
  status: 5,
  syncStatus: 'local',
  syncError: null,
  purchaseOrderFile: null,
  creditReason: '',
  createdAt: '2026-11-01T09:00:00.000Z',
  createdBy: null,
  version: 2,
  ...extra,
});

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  requestMock.mockReset();
  answer(requestMock, { 'invoices:get': () => aPage([invoice()]) });
});

const render = (role: 'admin' | 'technician' = 'admin') => {
  useAuthStore.setState({ user: aUser(role) });
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <InvoiceList projectHref={(id) => `/projects?open=${id}`} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
};

describe('InvoiceList', () => {
  it('lists the invoices with their project, amounts and a past-due mark', async () => {
    render();
    expect(await screen.findByText('1001 – Kontorbygg Økern')).toBeInTheDocument();
    expect(screen.getByText('Past due date')).toBeInTheDocument();
    expect(screen.getByText('Order confirmation 2')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'invoices:get')).toEqual([
      { filter: 'all', search: '', page: 1, pageSize: 20 },
    ]);
  });

  it('names an own invoice plan’s part by its plan', async () => {
    answer(requestMock, {
      'invoices:get': () => aPage([invoice({ confirmationKind: 'invoicePlan', confirmationNumber: 3 })]),
    });
    render();
    expect(await screen.findByText('Invoice plan 3')).toBeInTheDocument();
    expect(screen.queryByText(/Order confirmation/)).toBeNull();
  });

  it('asks the server for the past-due view and for a search', async () => {
    const user = render();
    await screen.findByText('1001 – Kontorbygg Økern');
    await user.click(screen.getByText('Past due'));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoices:get').at(-1)).toMatchObject({ filter: 'pastDue' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Customer, project or number' }), 'Hansen');
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoices:get').at(-1)).toMatchObject({ search: 'Hansen' }),
    );
  });

  it('shows nothing to those who may not read invoices', () => {
    render('technician');
    expect(screen.queryByText('All invoices')).toBeNull();
    expect(inputsOf(requestMock, 'invoices:get')).toEqual([]);
  });
});
