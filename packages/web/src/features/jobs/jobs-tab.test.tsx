import type { JobDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { JobsTab } from './jobs-tab';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const aJob = (overrides: Partial<JobDto> = {}): JobDto => ({
  id: 'j1',
  name: 'mail.send',
  state: 'failed',
  isCompanyJob: false,
  createdAt: '2026-11-24T09:00:00.000Z',
  startedAt: '2026-11-24T09:00:01.000Z',
  completedAt: '2026-11-24T09:05:00.000Z',
  startAfter: '2026-11-24T09:00:00.000Z',
  attempts: 6,
  maxAttempts: 6,
  error: 'connect ECONNREFUSED 127.0.0.1:25',
  ...overrides,
});

const renderTab = () =>
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <JobsTab />
      </QueryClientProvider>
    </MantineProvider>,
  );

beforeEach(async () => {
  requestMock.mockReset();
  // mantine-datatable shows a cell while matchMedia(column.visibleMediaQuery ?? '') matches; the
  // shared jsdom stub matches nothing. Here the screen is a wide one.
  const stub = window.matchMedia;
  window.matchMedia = (query: string) => ({
    ...stub(query),
    matches: query === '' || query.includes('min-width'),
  });
  await changeLocale('en');
});

describe('JobsTab', { timeout: 20_000 }, () => {
  it('lists jobs with their state and attempts, shows the error and runs a failed one again', async () => {
    answer(requestMock, {
      'jobs:list': () => ({
        items: [
          aJob(),
          aJob({
            id: 'j2',
            name: 'accounting.sync',
            state: 'completed',
            isCompanyJob: true,
            attempts: 1,
            maxAttempts: 3,
            error: null,
          }),
        ],
        total: 2,
        page: 1,
        pageSize: 20,
        names: ['accounting.sync', 'mail.send'],
      }),
      'jobs:retry': () => aJob({ state: 'queued' }),
    });
    renderTab();
    const failed = (await screen.findByText('6 of 6')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('Send mail')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('System')).toBeInTheDocument();
    const completed = screen.getByText('Accounting sync', { selector: 'tr *' }).closest('tr') as HTMLElement;
    expect(within(completed).getByText('Completed')).toBeInTheDocument();

    await userEvent.click(within(failed).getByText('Send mail'));
    expect(await screen.findByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(inputsOf(requestMock, 'jobs:retry')).toEqual([{ id: 'j1' }]));
    expect(await screen.findByText('The job is queued again')).toBeInTheDocument();
  });

  it('asks the server for the chosen state', async () => {
    answer(requestMock, { 'jobs:list': () => ({ items: [], total: 0, page: 1, pageSize: 20, names: [] }) });
    renderTab();
    expect(await screen.findByText('No jobs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'jobs:list').at(-1)).toMatchObject({ state: 'failed', page: 1 }),
    );
  });
});
