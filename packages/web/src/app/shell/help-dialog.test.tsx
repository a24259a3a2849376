import type { HelpTextDto, ScreenHelpDto, UserDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { onPush, request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient } from '@/test/socket-mock';
import { HelpDialog } from './help-dialog';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
const requestMock = vi.mocked(request);
const onPushMock = vi.mocked(onPush);

const asRole = (role: UserDto['role']) => useAuthStore.setState({ user: aUser(role) });

const HELP: Record<string, ScreenHelpDto> = {
  'projects/en': {
    screen: 'projects',
    locale: 'en',
    source: 'company',
    html: '<h2>Our projects</h2><p>Ask Anne.</p>',
  },
  'projects/nb': { screen: 'projects', locale: 'nb', source: 'company', html: '<h2>Våre prosjekter</h2>' },
  'planner/en': { screen: 'planner', locale: 'en', source: 'default', html: '<p>Plan the week.</p>' },
  'calendar/en': { screen: 'calendar', locale: 'en', source: 'none', html: '' },
};

/** The dialog on a route of the app's table (ids are the route names), opened at `path`. */
const renderAt = (path: string) => {
  const dialog = <HelpDialog opened onClose={() => {}} />;
  const router = createMemoryRouter(
    [
      { id: 'projects', path: '/projects', element: dialog },
      { id: 'plannerWeek', path: '/planner/:year/:week', element: dialog },
      { id: 'calendar', path: '/calendar', element: dialog },
      { id: 'admin', path: '/admin', element: <p>Admin → Help</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
};

beforeEach(async () => {
  requestMock.mockReset();
  onPushMock.mockImplementation(() => () => {});
  await changeLocale('en');
  asRole('office');
  answer(requestMock, {
    'help:get': ({ screen, locale }) => {
      const help = HELP[`${screen}/${locale}`];
      if (!help) throw new Error(`no help for ${screen}/${locale}`);
      return help;
    },
  });
});

describe('HelpDialog', () => {
  it("opens the current screen's text in the user's language, with the shortcuts", async () => {
    renderAt('/projects');
    expect(await screen.findByRole('heading', { name: 'Our projects' })).toBeInTheDocument();
    expect(screen.getByText('Help: Projects')).toBeInTheDocument();
    expect(screen.getByText(/Dates can be typed as 24.12.2026/)).toBeInTheDocument();
    expect(requestMock).toHaveBeenCalledWith('help:get', { screen: 'projects', locale: 'en' });

    await act(() => changeLocale('nb'));
    expect(await screen.findByRole('heading', { name: 'Våre prosjekter' })).toBeInTheDocument();
    expect(screen.getByText('Hjelp: Prosjekter')).toBeInTheDocument();
  });

  it("shows the planner's help on its week view", async () => {
    renderAt('/planner/2026/48');
    expect(await screen.findByText('Plan the week.')).toBeInTheDocument();
  });

  it('updates when an administrator saves the text elsewhere', async () => {
    const pushes = new Map<string, (payload: unknown) => void>();
    onPushMock.mockImplementation(((event: string, handler: (payload: unknown) => void) => {
      pushes.set(event, handler);
      return () => {};
    }) as typeof onPush);
    renderAt('/projects');
    await screen.findByRole('heading', { name: 'Our projects' });
    const saved: HelpTextDto = {
      screen: 'projects',
      locale: 'en',
      source: 'company',
      html: '<p>Call the office first.</p>',
      markdown: 'Call the office first.',
      hasDefault: true,
      version: 2,
      updatedAt: '2026-11-24T10:00:00.000Z',
      updatedBy: { id: 'u2', displayName: 'Anne Admin' },
    };
    act(() => pushes.get('help:changed')?.(saved));
    expect(await screen.findByText('Call the office first.')).toBeInTheDocument();
  });

  it('says plainly when a screen has no help yet, and offers an administrator to write it', async () => {
    renderAt('/calendar');
    expect(await screen.findByText('There is no help for this screen yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Write help/ })).not.toBeInTheDocument();
  });

  it('leads an administrator to Admin → Help with the screen chosen', async () => {
    asRole('admin');
    const router = renderAt('/calendar');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Write help for this screen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.location.search).toBe('?tab=help&screen=calendar');
  });
});
