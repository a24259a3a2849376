import type {
  DashboardAlertsDto,
  DashboardAnniversariesDto,
  DashboardChangesDto,
  DashboardCompletionDto,
  DashboardProjectsDto,
  DashboardWorkStatusDto,
} from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import type { DashboardLinks } from './dashboard-links';
import { DashboardPage } from './dashboard-page';
import { TodaysMessagesWidget } from './todays-messages-widget';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const httpMock = vi.mocked(http);
const onPushMock = vi.mocked(onPush);

const LINKS: DashboardLinks = {
  projects: (filters) => `/projects?filters=${encodeURIComponent(JSON.stringify(filters))}`,
  project: (id) => `/projects?open=${id}`,
  planner: '/planner',
  tasksOverdue: '/tasks?filter=overdue',
  offersOverdue: '/offer?overdue=true',
  inquiriesOverdue: '/inquiries?deadline=overdue',
  invoicesPastDue: '/admin?tab=invoices&filter=pastDue',
  syncLog: '/admin?tab=accounting',
  quality: '/quality',
};

const PROJECTS: DashboardProjectsDto = {
  today: '2026-11-27',
  states: { active: 12, completed: 30, archived: 4 },
  groups: { completed: 30, inProgress: 8, pastDue: 3, startingSoon: 1 },
};
const completion = (period: string): DashboardCompletionDto => ({
  period: period as DashboardCompletionDto['period'],
  from: period === 'all' ? null : '2026-01-01',
  to: '2026-11-27',
  due: period === 'all' ? 40 : 10,
  completed: period === 'all' ? 30 : 5,
  rate: period === 'all' ? 75 : 50,
  trend: [{ bucket: '2026', due: 40, completed: 30 }],
});
const ANSWERS: Record<string, unknown> = {
  '/dashboard/projects': PROJECTS,
  '/dashboard/work-status': {
    date: '2026-11-27',
    year: 2026,
    week: 48,
    counts: { booked: 1, absent: 0, free: 0 },
    employees: [
      {
        employeeId: 'e1',
        name: 'Ola Nordmann',
        workGroup: 'montasje',
        status: 'booked',
        bookings: [{ kind: 'project', projectId: 'p1', number: 1042, name: 'Skole', quarters: 4 }],
      },
    ],
  } satisfies DashboardWorkStatusDto,
  '/dashboard/anniversaries': {
    today: '2026-11-27',
    days: 14,
    items: [
      {
        personId: 'u1',
        name: 'Kari Kontor',
        kind: 'birthday',
        date: '2026-12-03',
        years: 50,
        daysAway: 6,
        isRound: true,
      },
    ],
  } satisfies DashboardAnniversariesDto,
  '/dashboard/alerts': {
    today: '2026-11-27',
    items: [
      { key: 'overdueTasks', isAvailable: true, count: 2 },
      { key: 'highDeviations', isAvailable: false, count: null },
    ],
  } satisfies DashboardAlertsDto,
  '/dashboard/changes': { items: [] } satisfies DashboardChangesDto,
};

const renderDashboard = () =>
  renderScreen(
    <MemoryRouter>
      <DashboardPage links={LINKS} messagesWidget={<TodaysMessagesWidget />} />
    </MemoryRouter>,
  );

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  httpMock.mockReset();
  httpMock.mockImplementation((async (path: string, options: { query?: { period?: string } } = {}) => {
    if (path === '/dashboard/completion') return completion(options.query?.period ?? 'all');
    if (path in ANSWERS) return ANSWERS[path];
    throw new Error(`No mock for ${path}`);
  }) as typeof http);
  onPushMock.mockClear();
  useAuthStore.setState({ user: aUser('admin') });
});

describe('the dashboard', () => {
  it('asks for every widget at once and links each figure to its filtered list', async () => {
    renderDashboard();
    const pastDue = await screen.findByRole('link', { name: 'Past due: 3' }, { timeout: 10_000 });
    expect(pastDue.getAttribute('href')).toBe(
      LINKS.projects({ who: 'alle', status: 'all', group: 'pastDue' }),
    );
    expect(new Set(httpMock.mock.calls.map(([path]) => path))).toEqual(
      new Set([
        '/dashboard/projects',
        '/dashboard/completion',
        '/dashboard/work-status',
        '/dashboard/anniversaries',
        '/dashboard/alerts',
        '/dashboard/changes',
      ]),
    );
    expect(await screen.findByText('75 %')).toBeTruthy();
    expect(screen.getByText('Turns 50')).toBeTruthy();
    expect(screen.getByText('Round number')).toBeTruthy();
    expect(screen.getByText('Not available yet (quality module)')).toBeTruthy();
    expect(screen.getByText('Messages arrive with the messages module.')).toBeTruthy();
  });

  it('reads the completion rate for All Years first, and again for the period picked', async () => {
    renderDashboard();
    await screen.findByText('75 %', {}, { timeout: 10_000 });
    expect(httpMock).toHaveBeenCalledWith('/dashboard/completion', { query: { period: 'all' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'This year' }));
    expect(await screen.findByText('50 %')).toBeTruthy();
    expect(httpMock).toHaveBeenCalledWith('/dashboard/completion', { query: { period: 'year' } });
  });

  it('opens the project groups as a pie with the figures beside it', async () => {
    renderDashboard();
    await screen.findByRole('link', { name: 'Past due: 3' }, { timeout: 10_000 });
    await userEvent.click(
      screen.getByRole('button', { name: 'Show Project status overview as a pie chart' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Project groups' });
    expect(within(dialog).getByRole('cell', { name: 'Past due' })).toBeTruthy();
    expect(within(dialog).getByRole('cell', { name: '3' })).toBeTruthy();
  });

  it('leaves out the widgets whose lists the user may not read', async () => {
    useAuthStore.setState({ user: aUser('technician') });
    renderDashboard();
    await waitFor(() => expect(httpMock).toHaveBeenCalledWith('/dashboard/alerts'));
    expect(httpMock).not.toHaveBeenCalledWith('/dashboard/changes');
    expect(httpMock).not.toHaveBeenCalledWith('/dashboard/work-status');
  });

  it('listens to the pushes that change what it counts', () => {
    renderDashboard();
    const events = onPushMock.mock.calls.map(([event]) => event);
    expect(events).toEqual(expect.arrayContaining(['project:changed', 'plan:added', 'tasks:changed']));
  });
});
