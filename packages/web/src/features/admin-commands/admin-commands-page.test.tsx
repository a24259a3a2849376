import type { AdminCommandDto, AdminCommandRunDto } from '@karm/domain/contract';
import { ADMIN_COMMANDS } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadThroughLink } from '@/lib/download-links';
import { changeLocale } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { AdminCommandsPage } from './admin-commands-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/download-links', () => ({ downloadThroughLink: vi.fn(() => Promise.resolve()) }));
const requestMock = vi.mocked(request);

const aRun = (overrides: Partial<AdminCommandRunDto> = {}): AdminCommandRunDto => ({
  id: 'r1',
  command: 'prune-logs',
  status: 'succeeded',
  startedBy: { id: 'u1', name: 'Ada Admin' },
  progressDone: 0,
  progressTotal: null,
  progressKey: null,
  resultKey: 'result.logsPruned',
  resultParams: { count: 7 },
  error: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  startedAt: '2026-11-24T09:00:01.000Z',
  finishedAt: '2026-11-24T09:00:02.000Z',
  ...overrides,
});

const commands = (runs: Partial<Record<string, AdminCommandRunDto>>): AdminCommandDto[] =>
  ADMIN_COMMANDS.map((command) => ({
    command,
    isDestructive: command === 'prune-logs',
    lastRun: runs[command] ?? null,
  }));

beforeEach(async () => {
  requestMock.mockReset();
  const stub = window.matchMedia;
  window.matchMedia = (query: string) => ({
    ...stub(query),
    matches: query === '' || query.includes('min-width'),
  });
  await changeLocale('en');
});

describe('AdminCommandsPage', { timeout: 20_000 }, () => {
  it('shows each command with its last result, live progress, and the log', async () => {
    const running = aRun({
      id: 'r2',
      command: 'recompute-process-dates',
      status: 'running',
      progressDone: 200,
      progressTotal: 400,
      progressKey: 'progress.projects',
      resultKey: null,
      resultParams: {},
      finishedAt: null,
    });
    answer(requestMock, {
      'admin-commands:list': () => commands({ 'prune-logs': aRun(), 'recompute-process-dates': running }),
      'admin-commands:list-runs': () => ({ items: [running, aRun()], total: 2, page: 1, pageSize: 20 }),
    });
    renderScreen(<AdminCommandsPage />);
    const prune = await screen.findByTestId('command-prune-logs');
    expect(within(prune).getByText(/7 log entries deleted/)).toBeInTheDocument();
    const recompute = screen.getByTestId('command-recompute-process-dates');
    expect(within(recompute).getByText('200 of 400 projects')).toBeInTheDocument();
    const rows = await screen.findAllByText('Ada Admin', { selector: 'tr *' });
    expect(rows).toHaveLength(2);
    const done = rows[1]?.closest('tr') as HTMLElement;
    expect(within(done).getByText('Succeeded')).toBeInTheDocument();
    expect(within(done).getByText('Prune logs now')).toBeInTheDocument();
    expect(screen.getAllByText('24.11.2026 10:00').length).toBeGreaterThan(0);
  });

  it('asks first, then runs the test e-mail to the address typed', async () => {
    answer(requestMock, {
      'admin-commands:list': () => commands({}),
      'admin-commands:list-runs': () => ({ items: [], total: 0, page: 1, pageSize: 20 }),
      'admin-commands:run': () => aRun({ command: 'test-email', status: 'queued' }),
    });
    renderScreen(<AdminCommandsPage />);
    const card = await screen.findByTestId('command-test-email');
    await userEvent.type(within(card).getByLabelText('Send to'), 'ops@example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Send a test e-mail now?')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'admin-commands:run')).toEqual([]);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'admin-commands:run')).toEqual([
        { command: 'test-email', email: 'ops@example.com' },
      ]),
    );
    expect(await screen.findByText('The command has started')).toBeInTheDocument();
    expect(screen.getByText('No commands have been run yet')).toBeInTheDocument();
  });

  it('offers the last successful export for download through a signed link', async () => {
    const exported = aRun({
      id: '01a20fbd-8c55-7124-b708-0b3ef41ace65',
      command: 'export-data',
      resultKey: 'result.exported',
      resultParams: { tables: 30, rows: 120, files: 2 },
    });
    answer(requestMock, {
      'admin-commands:list': () => commands({ 'export-data': exported }),
      'admin-commands:list-runs': () => ({ items: [exported], total: 1, page: 1, pageSize: 20 }),
    });
    renderScreen(<AdminCommandsPage />);
    const card = await screen.findByTestId('command-export-data');
    expect(within(card).getByText(/Exported 30 tables, 120 rows and 2 files/)).toBeInTheDocument();
    expect(
      within(screen.getByTestId('command-check-export')).queryByRole('button', { name: 'Download' }),
    ).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Download' }));
    expect(vi.mocked(downloadThroughLink)).toHaveBeenCalledWith(
      { kind: 'admin-export', id: exported.id },
      'karm-export.zip',
    );
  });
});
