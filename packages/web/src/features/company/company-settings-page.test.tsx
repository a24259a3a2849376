import type { CompanyDto, CompanyHistoryDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
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
  requireTwoFactorForAdmins: false,
  version: 4,
};

const DEPARTMENTS = [
  { id: '00000000-0000-7000-8000-0000000000d1', displayName: 'Montasje' },
  { id: '00000000-0000-7000-8000-0000000000d2', displayName: 'Service og vedlikehold' },
];
const CATEGORIES = [
  { id: '00000000-0000-7000-8000-0000000000c1', name: 'Montør', number: '' },
  { id: '00000000-0000-7000-8000-0000000000c2', name: 'Servicetekniker', number: '' },
];
const HISTORY: CompanyHistoryDto[] = [
  {
    id: 'h2',
    at: '2026-03-02T13:05:00Z',
    user: { id: 'u1', name: 'Åse Admin' },
    changes: [
      { field: 'serviceDepartmentId', from: null, to: 'Service og vedlikehold' },
      { field: 'isVatRegistered', from: 'true', to: 'false' },
    ],
  },
  {
    id: 'h1',
    at: '2026-03-01T08:30:00Z',
    user: { id: 'u1', name: 'Åse Admin' },
    changes: [{ field: 'logoFileId', from: 'gammel-logo.png', to: 'logo-2026.png' }],
  },
];

const logoFileId = '00000000-0000-7000-8000-0000000000f1';
/** A company with a saved logo, and the default-file link that shows it. */
const withSavedLogo = {
  'company:get-info': () => ({ ...COMPANY, logoFileId }),
  'file:get_default_file_url': () => ({
    logo: { url: `/api/file?id=${logoFileId}&sig=abc`, expiresAt: '2026-03-02T13:10:00Z' },
    footer: null,
  }),
} as const;

/** The lists and history the page reads besides the company itself. */
const lookups = {
  'project_department:get': () => DEPARTMENTS,
  'employee:get-categories': () => CATEGORIES,
  'company:history': () => HISTORY,
} as const;

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
  useAuthStore.setState({ user: aUser('admin') });
});

describe('CompanySettingsPage', { timeout: 20_000 }, () => {
  it('lets an admin save the settings, with a toast', async () => {
    answer(requestMock, {
      ...lookups,
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
    await user.click(screen.getByRole('switch', { name: /^Require two-factor sign-in for administrators/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company settings saved')).toBeInTheDocument();
    const [saved] = inputsOf(requestMock, 'company:update');
    expect(saved).toMatchObject({
      version: 4,
      city: 'Bergen',
      isVatRegistered: false,
      requireTwoFactorForAdmins: true,
      name: 'Dørfabrikken AS',
    });
  });

  it('picks the service department and category from the company lists and saves their ids', async () => {
    answer(requestMock, {
      ...lookups,
      'company:get-info': () => COMPANY,
      'company:update': (input) => ({ ...COMPANY, ...input, version: COMPANY.version + 1 }) as never,
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Service department' }));
    await user.click(await screen.findByRole('option', { name: 'Service og vedlikehold' }));
    await user.click(screen.getByRole('combobox', { name: /^Service employee category/ }));
    await user.click(await screen.findByRole('option', { name: 'Servicetekniker' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company settings saved')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'company:update')[0]).toMatchObject({
      serviceDepartmentId: DEPARTMENTS[1]?.id,
      serviceEmployeeCategoryId: CATEGORIES[1]?.id,
    });
  });

  it('shows the history to admins, newest first, with names and dd.MM.yyyy HH:mm', async () => {
    answer(requestMock, { ...lookups, 'company:get-info': () => COMPANY });
    render();
    const history = (await screen.findByRole('heading', { name: 'History' })).closest('div') as HTMLElement;
    const times = await within(history).findAllByText(/Åse Admin, /);
    expect(times.map((time) => time.textContent)).toEqual([
      'Åse Admin, 02.03.2026 14:05',
      'Åse Admin, 01.03.2026 09:30',
    ]);
    expect(
      within(history).getByText('Service department: (empty) → Service og vedlikehold'),
    ).toBeInTheDocument();
    expect(within(history).getByText('Registered for VAT: Yes → No')).toBeInTheDocument();
    expect(within(history).getByText('Logo: gammel-logo.png → logo-2026.png')).toBeInTheDocument();
  });

  it('previews the saved logo through the default-file link', async () => {
    answer(requestMock, {
      ...lookups,
      ...withSavedLogo,
    });
    render();
    expect(await screen.findByRole('img', { name: 'Logo' })).toHaveAttribute(
      'src',
      `/api/file?id=${logoFileId}&sig=abc`,
    );
    expect(screen.getByText('No image')).toBeInTheDocument();
  });

  it('asks before it removes the saved logo, which goes with the next save', async () => {
    answer(requestMock, {
      ...lookups,
      ...withSavedLogo,
      'company:update': (input) => ({ ...COMPANY, ...input, version: COMPANY.version + 1 }) as never,
    });
    render();
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'Logo' });
    await user.click(screen.getByRole('button', { name: 'Remove: Logo' }));
    const question = await screen.findByRole('dialog', { name: 'Remove the image?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('img', { name: 'Logo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove: Logo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the image?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company settings saved')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'company:update')[0]).toMatchObject({ logoFileId: null });
  });

  it('checks the organisation number before it sends anything', async () => {
    answer(requestMock, { ...lookups, 'company:get-info': () => COMPANY });
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
      ...lookups,
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
    useAuthStore.setState({ user: aUser('office') });
    answer(requestMock, {
      ...lookups,
      'company:get-info': () => ({
        ...COMPANY,
        serviceDepartment: { id: 'gone', displayName: 'Nedlagt avdeling' },
      }),
    });
    render();
    expect(await screen.findByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByText('Only administrators change the company settings.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Registered for VAT' })).toBeDisabled();
    expect(
      screen.getByRole('switch', { name: /^Require two-factor sign-in for administrators/ }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
    // The saved department shows by name even when the list no longer has it.
    expect(screen.getByRole('combobox', { name: 'Service department' })).toHaveValue('Nedlagt avdeling');
    // The history names who changed what: administrators only, and never asked for.
    expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    expect(requestMock.mock.calls.map(([event]) => event)).not.toContain('company:history');
  });
});
