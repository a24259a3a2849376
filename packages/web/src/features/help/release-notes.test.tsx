import type { UserDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNNING_VERSION } from '@/lib/app-version';
import { RELEASE_NOTES } from '@/lib/changelog';
import { changeLocale } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { ReleaseNotesDialog } from './release-notes-dialog';
import { useReleaseNotesAfterUpdate } from './use-release-notes-after-update';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return {
    useAuthStore: create<{ user: UserDto | null; setUser: (user: UserDto) => void }>((set) => ({
      user: null,
      setUser: (user) => set({ user }),
    })),
  };
});
const requestMock = vi.mocked(request);

const aUserWhoSaw = (lastSeenVersion?: string) => aUser('office', { profile: { lastSeenVersion } });

beforeEach(async () => {
  requestMock.mockReset();
  answer(requestMock, {
    'user:update-profile': (profile) => ({ ...aUserWhoSaw(), profile: { ...profile } }) as UserDto,
  });
  await changeLocale('en');
});

describe('the embedded changelog', () => {
  it("has this build's version as its newest release, with a date and changes", () => {
    const [newest] = RELEASE_NOTES;
    expect(newest?.version).toBe(RUNNING_VERSION);
    expect(newest?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(newest?.sections.flatMap((section) => section.items).length).toBeGreaterThan(0);
  });

  it('is plain text, as the dialog shows it: no Markdown emphasis or code in a bullet', () => {
    const items = RELEASE_NOTES.flatMap((note) => note.sections.flatMap((section) => section.items));
    expect(items.filter((item) => /[*`]|\b_|_\b|\]\(/.test(item))).toEqual([]);
  });
});

describe('ReleaseNotesDialog', () => {
  it('lists every version newest first, with its date as dd.MM.yyyy and its changes by kind', () => {
    renderWithProviders(
      <MantineProvider env="test">
        <ReleaseNotesDialog opened onClose={() => {}} />
      </MantineProvider>,
    );
    const versions = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(versions).toEqual(RELEASE_NOTES.map((note) => `Version ${note.version}`));
    const newest = screen.getByRole('region', { name: `Version ${RUNNING_VERSION}` });
    const [year, month, day] = (RELEASE_NOTES[0]?.date ?? '').split('-');
    expect(within(newest).getByText(`Released ${day}.${month}.${year}`)).toBeInTheDocument();
    expect(within(newest).getByText('New')).toBeInTheDocument();
    expect(within(newest).getByText(/Help for every screen/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`You are using version ${RUNNING_VERSION}`))).toBeInTheDocument();
  });

  it('tells Norwegian readers that the changes are written in English', async () => {
    await changeLocale('nb');
    renderWithProviders(
      <MantineProvider env="test">
        <ReleaseNotesDialog opened onClose={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText(/Endringslisten er skrevet på engelsk/)).toBeInTheDocument();
    expect(screen.getAllByText('Nytt').length).toBeGreaterThan(0);
  });
});

/** Shows whether the hook has opened the notes. */
const Probe = () => {
  const { isOpen } = useReleaseNotesAfterUpdate();
  return <p>{isOpen ? 'notes open' : 'notes closed'}</p>;
};

const renderProbe = async (user: UserDto) => {
  useAuthStore.setState({ user });
  renderWithProviders(<Probe />);
  // Let the recorded version come back and land in the store.
  await act(async () => {});
};

describe('release notes after an update', () => {
  it('open once when the user last saw an older version, recording the running one', async () => {
    await renderProbe(aUserWhoSaw('0.0.1'));
    expect(screen.getByText('notes open')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'user:update-profile')).toEqual([{ lastSeenVersion: RUNNING_VERSION }]);
    expect(useAuthStore.getState().user?.profile.lastSeenVersion).toBe(RUNNING_VERSION);
  });

  it('stay closed for the version the user has seen', async () => {
    await renderProbe(aUserWhoSaw(RUNNING_VERSION));
    expect(screen.getByText('notes closed')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'user:update-profile')).toEqual([]);
  });

  it('stay closed for someone new to Karm, whose first visit records the running version', async () => {
    await renderProbe(aUserWhoSaw(undefined));
    expect(screen.getByText('notes closed')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'user:update-profile')).toEqual([{ lastSeenVersion: RUNNING_VERSION }]);
  });
});
