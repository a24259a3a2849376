import { ACCOUNTING_PUSHES, type AccountingSettingsDto } from '@karm/domain/contract';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { AccountingSettings } from './accounting-settings';
import { answer, aPage, aRun, aSettings, inputsOf, matchEmptyMediaQuery, renderAdmin } from './admin-testing';

const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));
const requestMock = vi.mocked(request);

const push = (payload: unknown) =>
  act(() => {
    listeners.get(ACCOUNTING_PUSHES.syncProgress)?.(payload);
  });

/** Answers like the server: the settings, saving bumps the version, an empty sync log. */
const serve = (initial: AccountingSettingsDto = aSettings()) => {
  let stored = initial;
  answer(requestMock, {
    'accounting:get-settings': () => stored,
    'accounting:update-settings': (input) => {
      stored = {
        ...stored,
        provider: input.provider,
        environment: input.environment,
        externalCompanyId: input.externalCompanyId ?? '0',
        syncIntervalMinutes: input.syncIntervalMinutes,
        consumerTokenHint: input.consumerToken
          ? `••••${input.consumerToken.slice(-4)}`
          : stored.consumerTokenHint,
        version: stored.version + 1,
      };
      return stored;
    },
    'accounting:sync-runs': () => aPage([], { pageSize: 10 }),
  });
  return { replace: (next: AccountingSettingsDto) => (stored = next) };
};

const setup = async () => {
  const user = userEvent.setup();
  const view = renderAdmin(<AccountingSettings />);
  await screen.findByRole('button', { name: 'Save' });
  return { user, ...view };
};

describe('AccountingSettings', () => {
  beforeAll(matchEmptyMediaQuery);
  beforeEach(() => {
    requestMock.mockReset();
    listeners.clear();
    // Toasts live in a module-wide store; one test's must not answer the next test's query.
    notifications.clean();
  });

  it('shows the stored settings with the token hints, never the tokens', async () => {
    serve();
    await setup();
    expect(screen.getByRole('combobox', { name: 'Accounting system' })).toHaveValue('Tripletex');
    expect(screen.getByRole('radio', { name: 'Test' })).toBeChecked();
    expect(screen.getByLabelText('Consumer token')).toHaveAttribute(
      'placeholder',
      'Stored: ••••abcd — leave empty to keep',
    );
    expect(screen.getByLabelText('Consumer token')).toHaveValue('');
    expect(screen.getByLabelText('Employee token')).toHaveAttribute(
      'placeholder',
      'Stored: ••••wxyz — leave empty to keep',
    );
    expect(screen.getByRole('textbox', { name: 'Company id to act for' })).toHaveValue('0');
    expect(screen.getByText(/0 means the company the tokens belong to/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sync interval (minutes)' })).toHaveValue('60');
    expect(screen.getByText('Last sync: 02.03.2026 11:05')).toBeInTheDocument();
  });

  it('saves the right payload, shows a toast and the new hint', async () => {
    serve();
    const { user } = await setup();
    await user.click(screen.getByRole('radio', { name: 'Production' }));
    await user.type(screen.getByLabelText('Consumer token'), 'new-consumer-1234');
    const company = screen.getByRole('textbox', { name: 'Company id to act for' });
    await user.clear(company);
    await user.type(company, '4711');
    const interval = screen.getByRole('textbox', { name: 'Sync interval (minutes)' });
    await user.clear(interval);
    await user.type(interval, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Accounting settings saved')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'accounting:update-settings')).toEqual([
      {
        provider: 'tripletex',
        environment: 'production',
        consumerToken: 'new-consumer-1234',
        employeeToken: undefined,
        externalCompanyId: '4711',
        syncIntervalMinutes: 30,
        version: 3,
      },
    ]);
    // A fresh form for the new version: the token field empty again, its hint the new token's.
    await waitFor(() =>
      expect(screen.getByLabelText('Consumer token')).toHaveAttribute(
        'placeholder',
        'Stored: ••••1234 — leave empty to keep',
      ),
    );
    expect(screen.getByLabelText('Consumer token')).toHaveValue('');
  });

  it('sends empty token fields as undefined, which keeps the stored tokens', async () => {
    serve();
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Accounting settings saved');
    const [payload] = inputsOf(requestMock, 'accounting:update-settings') as Record<string, unknown>[];
    expect(payload).toMatchObject({ provider: 'tripletex', version: 3 });
    expect(payload!.consumerToken).toBeUndefined();
    expect(payload!.employeeToken).toBeUndefined();
  });

  it('refuses an interval outside 5–1440 minutes and a company id that is not digits', async () => {
    serve();
    const { user } = await setup();
    const company = screen.getByRole('textbox', { name: 'Company id to act for' });
    await user.clear(company);
    await user.type(company, 'abc');
    await user.clear(screen.getByRole('textbox', { name: 'Sync interval (minutes)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("A company id is a number (0 for the tokens' own company)"),
    ).toBeInTheDocument();
    expect(screen.getByText('Between 5 and 1440 minutes')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'accounting:update-settings')).toEqual([]);
  });

  it('switches to "none" and hides the Tripletex fields', async () => {
    serve();
    const { user } = await setup();
    await user.click(screen.getByRole('combobox', { name: 'Accounting system' }));
    await user.click(await screen.findByRole('option', { name: 'None — Karm is the master' }));
    expect(screen.queryByLabelText('Consumer token')).not.toBeInTheDocument();
    expect(screen.getByText(/customers and contacts are kept in Karm only/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Accounting settings saved');
    expect(inputsOf(requestMock, 'accounting:update-settings')[0]).toMatchObject({ provider: 'none' });
  });

  it('offers to load the newer settings after a CONFLICT', async () => {
    const server = serve();
    const { user } = await setup();
    const conflict = new ApiError({ code: 'CONFLICT', message: 'The settings were changed by someone else' });
    requestMock.mockImplementationOnce(async () => {
      throw conflict;
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else saved newer settings')).toBeInTheDocument();

    server.replace(aSettings({ version: 4, syncIntervalMinutes: 15 }));
    await user.click(screen.getByRole('button', { name: 'Load the newer settings' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Sync interval (minutes)' })).toHaveValue('15'),
    );
    expect(screen.queryByText('Someone else saved newer settings')).not.toBeInTheDocument();
  });

  it('puts a server VALIDATION answer next to the token fields', async () => {
    serve(aSettings({ consumerTokenHint: null, employeeTokenHint: null, provider: 'none' }));
    const { user } = await setup();
    requestMock.mockImplementationOnce(async () => {
      throw new ApiError({
        code: 'VALIDATION',
        message: 'Tripletex needs a consumer token and an employee token',
        details: { fields: { consumerToken: 'validation.required', employeeToken: 'validation.required' } },
      });
    });
    await user.click(screen.getByRole('combobox', { name: 'Accounting system' }));
    await user.click(await screen.findByRole('option', { name: 'Tripletex' }));
    expect(screen.getByLabelText('Consumer token')).toHaveAttribute('placeholder', 'Not stored yet');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
  });

  it('tests the connection and shows who the tokens act for', async () => {
    serve();
    const { user } = await setup();
    requestMock.mockImplementationOnce(async () => ({
      companyName: 'Demo Dør & Vindu AS',
      employeeName: 'Kari Nordmann',
    }));
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected to Demo Dør & Vindu AS as Kari Nordmann.')).toBeInTheDocument();
    expect(requestMock).toHaveBeenLastCalledWith('accounting:test-connection');
  });

  it('explains a refused connection test', async () => {
    serve();
    const { user } = await setup();
    requestMock.mockImplementationOnce(async () => {
      throw new ApiError({ code: 'VALIDATION', message: '401 Unauthorized', details: { kind: 'auth' } });
    });
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const alert = await screen.findByText('The connection failed');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(/refused the tokens/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('401 Unauthorized');
  });

  it('disables testing and syncing until an accounting system is saved', async () => {
    serve(
      aSettings({ provider: 'none', consumerTokenHint: null, employeeTokenHint: null, lastSyncAt: null }),
    );
    await setup();
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Full import' })).toBeDisabled();
    expect(screen.getByText('No sync yet')).toBeInTheDocument();
  });
});

describe('AccountingSettings sync', () => {
  beforeAll(matchEmptyMediaQuery);
  beforeEach(() => {
    requestMock.mockReset();
    listeners.clear();
    // Toasts live in a module-wide store; one test's must not answer the next test's query.
    notifications.clean();
  });

  it('shows pushed progress live and reads the log again when the run ends', async () => {
    serve();
    await setup();
    expect(screen.queryByRole('region', { name: 'Sync progress' })).not.toBeInTheDocument();
    const run = aRun({
      status: 'running',
      finishedAt: null,
      progress: { phase: 'customers', done: 500, total: null },
      counts: {
        employees: { created: 1, updated: 0, unchanged: 11 },
        customers: { created: 3, updated: 1, unchanged: 496, conflicts: 1 },
      },
    });
    push(run);

    const block = screen.getByRole('region', { name: 'Sync progress' });
    expect(within(block).getByText('Sync in progress')).toBeInTheDocument();
    expect(within(block).getByText('Step: Customers')).toBeInTheDocument();
    expect(within(block).getByText('500 records processed')).toBeInTheDocument();
    expect(within(block).getByText('Running')).toBeInTheDocument();
    expect(block.querySelector('[data-indeterminate]')).not.toBeNull();
    const customers = within(block).getByText('Customers', { selector: 'td' }).closest('tr')!;
    expect(
      within(customers)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Customers', '3', '1', '496', '1']);
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();

    const logReads = inputsOf(requestMock, 'accounting:sync-runs').length;
    push({ ...run, progress: { phase: 'contacts', done: 40, total: 80 } });
    expect(within(block).getByText('Step: Contacts')).toBeInTheDocument();
    expect(within(block).getByText('40 of 80')).toBeInTheDocument();
    expect(block.querySelector('[data-indeterminate]')).toBeNull();

    push({
      ...run,
      status: 'succeeded',
      finishedAt: '2026-03-02T10:03:00.000Z',
      progress: { phase: 'finished', done: 1, total: 1 },
    });
    expect(within(block).getByText('Sync finished')).toBeInTheDocument();
    expect(within(block).getByText('Step: Finished')).toBeInTheDocument();
    expect(within(block).getByText('Succeeded')).toBeInTheDocument();
    await waitFor(() =>
      expect(inputsOf(requestMock, 'accounting:sync-runs').length).toBeGreaterThan(logReads),
    );
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('shows a sync that was already running when the page opened', async () => {
    answer(requestMock, {
      'accounting:get-settings': () => aSettings(),
      'accounting:sync-runs': () =>
        aPage(
          [
            aRun({
              status: 'running',
              finishedAt: null,
              progress: { phase: 'employees', done: 0, total: null },
            }),
          ],
          {
            pageSize: 10,
          },
        ),
    });
    await setup();
    const block = await screen.findByRole('region', { name: 'Sync progress' });
    expect(within(block).getByText('Step: Employees')).toBeInTheDocument();
  });

  it('starts an incremental sync with "Sync now"', async () => {
    serve();
    const { user } = await setup();
    const finished = aRun({ counts: { customers: { created: 2, updated: 0, unchanged: 5 } } });
    requestMock.mockImplementationOnce(async () => finished);
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'accounting:sync-now')).toEqual([{ mode: 'incremental' }]),
    );
    const block = await screen.findByRole('region', { name: 'Sync progress' });
    expect(within(block).getByText('Succeeded')).toBeInTheDocument();
  });

  it('asks before a full import and does nothing when cancelled', async () => {
    serve();
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Full import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a full import?' });
    expect(dialog).toHaveTextContent(/reads every employee, customer and contact/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'accounting:sync-now')).toEqual([]);

    requestMock.mockImplementationOnce(async () => aRun({ mode: 'full' }));
    await user.click(screen.getByRole('button', { name: 'Full import' }));
    await user.click(await screen.findByRole('button', { name: 'Start full import' }));
    await waitFor(() => expect(inputsOf(requestMock, 'accounting:sync-now')).toEqual([{ mode: 'full' }]));
  });

  it('says so when a sync is already running', async () => {
    serve();
    const { user } = await setup();
    requestMock.mockImplementationOnce(async () => {
      throw new ApiError({ code: 'CONFLICT', message: 'A sync is already running' });
    });
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('A sync is already running.')).toBeInTheDocument();
  });
});
