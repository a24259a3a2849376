import type { SessionDto, UserDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { ApiError, http } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, eventsOf, inputsOf } from '@/test/socket-mock';
import { ProfilePage } from '../profile-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const me = (overrides: Partial<UserDto> = {}) =>
  aUser('technician', {
    firstName: 'Kari',
    lastName: 'Nordmann',
    fullName: 'Kari Nordmann',
    email: 'kari@karm.test',
    phone: null,
    version: 3,
    ...overrides,
  });

const CURRENT: SessionDto = {
  id: '00000000-0000-7000-8000-00000000000a',
  createdAt: '2026-03-02T07:15:00.000Z',
  lastSeenAt: '2026-03-02T09:40:00.000Z',
  address: '10.0.0.5',
  browser: 'Chrome 140',
  os: 'Windows 10',
  companyName: 'Dørfabrikken AS',
  isCurrent: true,
};
const PHONE: SessionDto = {
  ...CURRENT,
  id: '00000000-0000-7000-8000-00000000000b',
  createdAt: '2026-02-27T16:05:00.000Z',
  lastSeenAt: '2026-03-01T20:30:00.000Z',
  address: '84.210.1.2',
  browser: 'Safari 18',
  os: 'iOS 18.2',
  isCurrent: false,
};

/** Answers the profile's events the way the server would, for the user in the store. */
const serve = (sessions: SessionDto[] = [CURRENT, PHONE]) =>
  answer(requestMock, {
    'user:sessions': () => sessions,
    'user:update-profile': (changes) => {
      const user = useAuthStore.getState().user!;
      return { ...user, profile: { ...user.profile, ...changes } } as UserDto;
    },
    'user:update-account': (input) => {
      const user = useAuthStore.getState().user!;
      return {
        ...user,
        ...input,
        fullName: `${input.firstName} ${input.lastName}`,
        email: input.email || null,
        phone: input.phone || null,
        version: user.version + 1,
      };
    },
    'user:revoke-session': () => ({ ok: true }),
    'user:revoke-other-sessions': () => ({ count: 1 }),
  });

const render = () =>
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <ProfilePage projectFilters={<p>Saved filters here</p>} />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );

beforeEach(async () => {
  requestMock.mockReset();
  httpMock.mockReset();
  await i18n.changeLanguage('en');
  useAuthStore.setState({ user: me() });
});

describe('ProfilePage account settings', () => {
  it('saves name, e-mail and phone at the version shown, with a toast, and the header name follows', async () => {
    serve();
    render();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Username')).toHaveValue('kari');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Fjellheim');
    await user.type(screen.getByLabelText('Phone'), '+47 912 34 567');
    await user.click(screen.getByRole('button', { name: 'Save account settings' }));

    expect(await screen.findByText('Account settings saved')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'user:update-account')).toEqual([
      {
        version: 3,
        firstName: 'Kari',
        lastName: 'Fjellheim',
        email: 'kari@karm.test',
        phone: '+47 912 34 567',
      },
    ]);
    expect(useAuthStore.getState().user).toMatchObject({ fullName: 'Kari Fjellheim', version: 4 });
  });

  it('checks the fields before sending and shows the server’s e-mail answer next to the field', async () => {
    serve();
    requestMock.mockImplementation(async (event) => {
      if (event === 'user:update-account') {
        throw new ApiError({
          code: 'VALIDATION',
          message:
            'This e-mail address is already in use in Karm (e-mail addresses are unique across all companies)',
          messageKey: 'validation.emailTaken',
          details: { fields: { email: 'validation.emailTaken' } },
        });
      }
      // The work groups' list is not this test's: the section shows Karm's built-in groups.
      if (event === 'collection:get') throw new ApiError({ code: 'NOT_FOUND', message: 'No mock' });
      return [CURRENT] as never;
    });
    render();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/First name/));
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save account settings' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Not a valid e-mail address')).toBeInTheDocument();
    expect(eventsOf(requestMock)).not.toContain('user:update-account');

    await user.type(screen.getByLabelText(/First name/), 'Kari');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ola@karm.test');
    await user.click(screen.getByRole('button', { name: 'Save account settings' }));
    expect(
      await screen.findByText(
        'This e-mail address is already in use in Karm (e-mail addresses are unique across all companies)',
      ),
    ).toBeInTheDocument();
  });

  it('offers the newer data after a save over a change made elsewhere', async () => {
    serve();
    requestMock.mockImplementation(async (event) => {
      if (event === 'user:update-account') throw new ApiError({ code: 'CONFLICT', message: 'changed' });
      if (event === 'user:check-logged-in') {
        return {
          user: me({ lastName: 'Elsewhere', version: 5 }),
          companyId: 'c',
          status: 'logged-in',
        } as never;
      }
      // The work groups' list is not this test's: the section shows Karm's built-in groups.
      if (event === 'collection:get') throw new ApiError({ code: 'NOT_FOUND', message: 'No mock' });
      return [CURRENT] as never;
    });
    useAuthStore.setState({ accessToken: 'token' });
    render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone'), '123');
    await user.click(screen.getByRole('button', { name: 'Save account settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changed elsewhere' });
    await user.click(within(dialog).getByRole('button', { name: 'Retrieve newer data' }));
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveValue('Elsewhere'));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
  });
});

describe('ProfilePage picture', () => {
  it('uploads a picture as the person’s avatar and removes it only after asking', async () => {
    serve();
    httpMock.mockResolvedValue({ id: '00000000-0000-7000-8000-0000000000f1', type: 'avatar' });
    render();
    const user = userEvent.setup();
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, picture);

    expect(await screen.findByText('Picture saved')).toBeInTheDocument();
    const [path, options] = httpMock.mock.calls[0]!;
    expect(path).toBe('/file');
    expect((options!.body as FormData).get('type')).toBe('avatar');
    expect(inputsOf(requestMock, 'user:update-profile')).toEqual([
      { avatarImage: '00000000-0000-7000-8000-0000000000f1' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your picture?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(inputsOf(requestMock, 'user:update-profile')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove your picture?' })).getByRole('button', {
        name: 'Remove picture',
      }),
    );
    expect(await screen.findByText('Picture removed')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'user:update-profile').at(-1)).toEqual({ avatarImage: null });
  });
});

describe('ProfilePage preferences', () => {
  it('switches the theme and the page size at once, and says the changes apply at once', async () => {
    serve();
    render();
    const user = userEvent.setup();
    expect(screen.getAllByText('Applies at once').length).toBeGreaterThanOrEqual(2);
    await user.click(screen.getByText('Dark'));
    await waitFor(() => expect(useAuthStore.getState().user?.profile.theme).toBe('dark'));
    await user.click(screen.getByText('50'));
    await waitFor(() => expect(useAuthStore.getState().user?.profile.pageSize).toBe(50));
    expect(inputsOf(requestMock, 'user:update-profile')).toEqual([{ theme: 'dark' }, { pageSize: 50 }]);
    expect((await screen.findAllByText('Profile saved')).length).toBeGreaterThan(0);
  });

  it('chooses several planner work groups, starting from an old single one', async () => {
    serve();
    useAuthStore.setState({ user: me({ profile: { plannerWorkGroups: ['montasje'] } }) });
    render();
    const user = userEvent.setup();
    expect(
      screen.getByText('The resource planner shows the groups you choose', { exact: false }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: "The planner's groups you work with" }));
    await user.click(await screen.findByRole('option', { name: 'Service' }));
    expect(inputsOf(requestMock, 'user:update-profile')).toEqual([
      { plannerWorkGroups: ['montasje', 'service'] },
    ]);
  });

  it('shows the project filters the projects feature hands in, with when they apply', () => {
    serve();
    render();
    expect(screen.getByText('Saved filters here')).toBeInTheDocument();
    expect(screen.getByText(/Applies at once in this browser/)).toBeInTheDocument();
  });
});

describe('ProfilePage active sessions', () => {
  it('lists the sessions with browser, address and dd.MM.yyyy HH:mm, and marks this one', async () => {
    serve();
    render();
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const current = within(list).getByRole('listitem', { name: 'Chrome 140 on Windows 10' });
    expect(within(current).getByText('This session')).toBeInTheDocument();
    expect(current).toHaveTextContent('Signed in 02.03.2026 08:15');
    expect(within(current).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    const phone = within(list).getByRole('listitem', { name: 'Safari 18 on iOS 18.2' });
    expect(phone).toHaveTextContent('Last active 01.03.2026 21:30');
    expect(phone).toHaveTextContent('Address 84.210.1.2');
  });

  it('signs one session out after asking', async () => {
    serve();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari 18 on iOS 18.2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    expect(dialog).toHaveTextContent('Safari 18 on iOS 18.2, signed in 27.02.2026 17:05');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'user:revoke-session')).toEqual([{ sessionId: PHONE.id }]);
  });

  it('signs out all other sessions after asking, and says so when there are none', async () => {
    serve();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(eventsOf(requestMock)).not.toContain('user:revoke-other-sessions');
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out all other sessions?' })).getByRole(
        'button',
        {
          name: 'Sign out all other sessions',
        },
      ),
    );
    expect(await screen.findByText('Your other sessions are signed out')).toBeInTheDocument();
    expect(eventsOf(requestMock)).toContain('user:revoke-other-sessions');
  });

  it('says when this is the only session', async () => {
    serve([CURRENT]);
    render();
    expect(await screen.findByText('You are signed in here only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('says when the sessions could not be loaded, and loads them again on request', async () => {
    let isDown = true;
    requestMock.mockImplementation(async (event) => {
      if (event !== 'user:sessions')
        throw new ApiError({ code: 'NOT_FOUND', message: `No mock for ${event}` });
      if (isDown) throw new ApiError({ code: 'INTERNAL', message: 'database unavailable' });
      return [CURRENT] as never;
    });
    render();
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are signed in here only.')).toBeInTheDocument();
  });

  it('is the same screen in Norwegian', async () => {
    serve();
    await i18n.changeLanguage('nb');
    render();
    expect(await screen.findByRole('heading', { name: 'Aktive økter' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Logg ut alle andre økter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kontoinnstillinger' })).toBeInTheDocument();
    expect(screen.getByText('Denne økten')).toBeInTheDocument();
  });
});
