import type { OutboxMailDto } from '@karm/domain/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { AdminPage } from './admin-page';
import { answer, aPage, inputsOf, matchEmptyMediaQuery, renderAdmin } from './admin-testing';

vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn(() => () => {}),
}));
// The real store persists through IndexedDB, which jsdom lacks; the page only reads `user`.
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
const requestMock = vi.mocked(request);

const TAB_TITLES = [
  'Help',
  'Messages',
  'Resource planner',
  'Invoices',
  'Accounting system',
  'Inquiry',
  'Offers',
  'Payment terms',
  'Credit score',
  'Projects',
  'Process',
  'Service projects',
  'Webhooks',
  'Server logs',
  'Jobs',
  'Manage and create users',
  'Users',
];

const mail = (overrides: Partial<OutboxMailDto>): OutboxMailDto => ({
  id: crypto.randomUUID(),
  recipient: 'kari@example.test',
  subject: 'Reset your password',
  text: 'Open https://karm.example/login?reset=abc to choose a new password.',
  status: 'outbox',
  error: null,
  createdAt: '2026-03-02T10:05:00.000Z',
  sentAt: null,
  ...overrides,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const location = () => screen.getByTestId('location').textContent;

describe('AdminPage', () => {
  beforeAll(matchEmptyMediaQuery);
  beforeEach(() => {
    requestMock.mockReset();
    useAuthStore.setState({ user: aUser('admin') });
  });

  it('tells a user whose role uses none of its tabs that the area is for administrators', () => {
    useAuthStore.setState({ user: aUser('office') });
    renderAdmin(<AdminPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByText(/Only administrators can use the admin area/)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('shows every tab of the spec in order, accounting after invoices, Help open by default', () => {
    renderAdmin(<AdminPage />);
    const tabs = within(screen.getByRole('tablist', { name: 'Admin sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(TAB_TITLES);
    expect(screen.getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/help texts staff open from the Help button/)).toBeInTheDocument();
  });

  it('opens the tab named in the URL and shows what will be managed there', () => {
    renderAdmin(<AdminPage />, '/admin?tab=offers');
    expect(screen.getByRole('tab', { name: 'Offers' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Offers' })).toBeInTheDocument();
    expect(
      within(panel).getByText('Offer statuses, their order and the default status will be managed here.'),
    ).toBeInTheDocument();
  });

  it('falls back to the first tab for an unknown tab name', () => {
    renderAdmin(<AdminPage />, '/admin?tab=nonsense');
    expect(screen.getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the chosen tab in the URL', async () => {
    const user = userEvent.setup();
    renderAdmin(<AdminPage />, '/admin?tab=help&keep=1');
    await user.click(screen.getByRole('tab', { name: 'Webhooks' }));
    expect(screen.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
    expect(location()).toBe('/admin?tab=webhooks&keep=1');
    expect(screen.getByText(/Webhooks that notify other systems/)).toBeInTheDocument();
  });

  it('plans both user tabs', () => {
    renderAdmin(<AdminPage />, '/admin?tab=manage-users');
    expect(screen.getByText(/New users will be created and existing ones edited here/)).toBeInTheDocument();
  });

  it('links the server logs tab to the log screen', async () => {
    const user = userEvent.setup();
    renderAdmin(<AdminPage />, '/admin?tab=server-logs');
    await user.click(screen.getByRole('link', { name: 'Open the server log' }));
    expect(await screen.findByText('The logs screen')).toBeInTheDocument();
    expect(location()).toBe('/logs');
  });

  it('lists the mail outbox in the messages tab, paged on the server, with the text on expansion', async () => {
    const user = userEvent.setup();
    answer(requestMock, {
      'admin:mail-outbox': ({ page = 1 }) =>
        page === 1
          ? aPage(
              [
                mail({ subject: 'Reset your password' }),
                mail({
                  subject: 'Error report',
                  status: 'failed',
                  error: 'Connection refused',
                  createdAt: '2026-07-01T22:30:00.000Z',
                }),
              ],
              { total: 21 },
            )
          : aPage([mail({ subject: 'Welcome to Karm', status: 'sent' })], { total: 21, page: 2 }),
    });
    renderAdmin(<AdminPage />, '/admin?tab=messages');
    expect(screen.getByRole('heading', { name: 'Outbox' })).toBeInTheDocument();

    await screen.findByText('Reset your password');
    const row = rowOf('Reset your password');
    expect(inputsOf(requestMock, 'admin:mail-outbox')).toEqual([{ page: 1, pageSize: 20 }]);
    // Times are shown on the Oslo clock: winter UTC+1, summer UTC+2 (past midnight here).
    expect(within(row).getByText('02.03.2026 11:05')).toBeInTheDocument();
    expect(within(row).getByText('kari@example.test')).toBeInTheDocument();
    expect(within(row).getByText('In outbox')).toBeInTheDocument();
    const failed = rowOf('Error report');
    expect(within(failed).getByText('02.07.2026 00:30')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();

    expect(screen.queryByText(/login\?reset=abc/)).not.toBeInTheDocument();
    await user.click(screen.getByText('Reset your password'));
    expect(await screen.findByText(/login\?reset=abc/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Welcome to Karm')).toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'admin:mail-outbox')).toContainEqual({ page: 2, pageSize: 20 });
  });
});
