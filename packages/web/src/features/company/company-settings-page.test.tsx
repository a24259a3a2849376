import type { CompanyDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { CompanySettingsPage } from './company-settings-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
const requestMock = vi.mocked(request);

const COMPANY: CompanyDto = {
  id: '00000000-0000-7000-8000-000000000001',
  nr: 7,
  name: 'Dørfabrikken AS',
  organisationNumber: '923609016',
  address: 'Storgata 1',
  postalCode: '0155',
  city: 'Oslo',
  phone: '',
  email: 'post@example.no',
  web: '',
  bankAccount: '',
  isVatRegistered: true,
  documentLanguage: 'nb',
  logoFileId: null,
  footerFileId: null,
  logoUrl: null,
  footerUrl: null,
  serviceDepartment: null,
  serviceEmployeeCategory: null,
  version: 4,
};

const render = () =>
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <CompanySettingsPage />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );

beforeEach(() => {
  requestMock.mockReset();
  useAuthStore.setState({ user: { role: 'admin' } as never });
});

describe('CompanySettingsPage', () => {
  it('lets an admin save the settings, with a toast', async () => {
    answer(requestMock, {
      'company:get-info': () => COMPANY,
      'company:update': (input) => ({ ...COMPANY, ...input, version: COMPANY.version + 1 }) as CompanyDto,
    });
    render();
    const user = userEvent.setup();
    const city = await screen.findByLabelText('City');
    expect(screen.getByLabelText('Company number')).toHaveValue('7');
    expect(screen.getByLabelText('Company number')).toHaveAttribute('readonly');
    await user.clear(city);
    await user.type(city, 'Bergen');
    await user.click(screen.getByRole('switch', { name: 'Registered for VAT' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company settings saved')).toBeInTheDocument();
    const [saved] = inputsOf(requestMock, 'company:update');
    expect(saved).toMatchObject({
      version: 4,
      city: 'Bergen',
      isVatRegistered: false,
      name: 'Dørfabrikken AS',
    });
  });

  it('checks the organisation number before it sends anything', async () => {
    answer(requestMock, { 'company:get-info': () => COMPANY });
    render();
    const user = userEvent.setup();
    const organisationNumber = await screen.findByLabelText('Organisation number');
    await user.clear(organisationNumber);
    await user.type(organisationNumber, '923609017');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/organisation number/i, { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(inputsOf(requestMock, 'company:update')).toHaveLength(0);
  });

  it('asks to retrieve the newer settings after a conflict', async () => {
    let version = COMPANY.version;
    answer(requestMock, {
      'company:get-info': () => ({ ...COMPANY, name: version > 4 ? 'Renamed AS' : COMPANY.name, version }),
      'company:update': () => {
        version = 5;
        throw new ApiError({ code: 'CONFLICT', message: 'stale' });
      },
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone'), '22 00 00 00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Retrieve newer data' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Renamed AS'));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
  });

  it('shows staff the settings read-only, without a save button', async () => {
    useAuthStore.setState({ user: { role: 'user' } as never });
    answer(requestMock, { 'company:get-info': () => COMPANY });
    render();
    expect(await screen.findByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByText('Only administrators change the company settings.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Registered for VAT' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
  });
});
