import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { answer, aPage, aRun, inputsOf, matchEmptyMediaQuery, renderAdmin } from './admin-testing';
import { SyncLog } from './sync-log';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const failedRun = aRun({
  trigger: 'scheduled',
  mode: 'full',
  status: 'failed',
  startedAt: '2026-07-01T04:00:00.000Z',
  finishedAt: '2026-07-01T04:02:30.000Z',
  counts: {
    customers: { created: 3, updated: 1, unchanged: 120, conflicts: 1 },
    contacts: { created: 0, updated: 0, unchanged: 40 },
    employees: { created: 0, updated: 2, unchanged: 10 },
  },
  errors: ['Fjord Bygg AS: changed on both sides (email)', 'network: Tripletex did not answer'],
});
const quietRun = aRun({ counts: { customers: { created: 0, updated: 0, unchanged: 124 } } });
const secondPageRun = aRun({ startedAt: '2026-02-01T08:00:00.000Z', finishedAt: null, status: 'running' });

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('SyncLog', () => {
  beforeAll(matchEmptyMediaQuery);
  beforeEach(() => {
    requestMock.mockReset();
    answer(requestMock, {
      'accounting:sync-runs': ({ page = 1 }) =>
        page === 1
          ? aPage([failedRun, quietRun], { total: 11, pageSize: 10 })
          : aPage([secondPageRun], { total: 11, page: 2, pageSize: 10 }),
    });
  });

  it('lists runs with times, trigger, mode, status, a counts summary and the error count', async () => {
    renderAdmin(<SyncLog />);
    await screen.findByText('Employees ~2, Customers +3 ~1 !1');
    expect(inputsOf(requestMock, 'accounting:sync-runs')).toEqual([{ page: 1, pageSize: 10 }]);
    const row = rowOf('Employees ~2, Customers +3 ~1 !1');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '01.07.2026 06:00',
      '01.07.2026 06:02',
      'Scheduled',
      'Full import',
      'Failed',
      'Employees ~2, Customers +3 ~1 !1',
      '2',
    ]);
    const quiet = rowOf('No changes');
    expect(within(quiet).getByText('Manual')).toBeInTheDocument();
    expect(within(quiet).getByText('Changes only')).toBeInTheDocument();
    expect(within(quiet).getByText('Succeeded')).toBeInTheDocument();
  });

  it('opens a run with errors to list them', async () => {
    const user = userEvent.setup();
    renderAdmin(<SyncLog />);
    await user.click(await screen.findByText('Employees ~2, Customers +3 ~1 !1'));
    const list = await screen.findByRole('list', { name: 'Errors of this sync' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(failedRun.errors);
  });

  it('pages on the server', async () => {
    const user = userEvent.setup();
    renderAdmin(<SyncLog />);
    await screen.findByText('1–2 of 11');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('01.02.2026 09:00')).toBeInTheDocument());
    expect(inputsOf(requestMock, 'accounting:sync-runs')).toContainEqual({ page: 2, pageSize: 10 });
    expect(within(rowOf('01.02.2026 09:00')).getByText('Running')).toBeInTheDocument();
    expect(screen.queryByText('Employees ~2, Customers +3 ~1 !1')).not.toBeInTheDocument();
  });

  it('says when there are no runs yet', async () => {
    answer(requestMock, { 'accounting:sync-runs': () => aPage([], { pageSize: 10 }) });
    renderAdmin(<SyncLog />);
    expect(await screen.findByText('No syncs yet.')).toBeInTheDocument();
  });
});
