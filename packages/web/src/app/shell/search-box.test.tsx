import type { GlobalSearchResult } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { SearchBox } from './search-box';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const RESULT: GlobalSearchResult = {
  term: 'bygg',
  groups: [
    {
      kind: 'offer',
      hits: [
        {
          kind: 'offer',
          id: 'o1',
          number: 501,
          title: 'Skolebygg',
          subtitle: 'Fjordbygg AS',
          archived: false,
        },
      ],
    },
    {
      kind: 'project',
      hits: [
        {
          kind: 'project',
          id: 'p1',
          number: 1002,
          title: 'Kontorbygg',
          subtitle: 'Fjordbygg AS · Strandgata 5, Bergen',
          archived: false,
        },
        { kind: 'project', id: 'p2', number: 1001, title: 'Lagerbygg', subtitle: null, archived: true },
      ],
    },
  ],
};

const Location = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const open = async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <SearchBox />
          <Routes>
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await user.click(screen.getByTestId('header-search'));
  await waitFor(() => expect(searchField()).toBeDefined());
  return { user };
};

const searchField = () =>
  screen
    .getAllByRole('textbox', { name: 'Search inquiries, offers and projects' })
    .find((element) => element.getAttribute('data-testid') !== 'header-search') as HTMLElement;

describe('SearchBox', { timeout: 20_000 }, () => {
  beforeEach(() => {
    requestMock.mockReset();
  });

  it('sends one debounced request and shows hits grouped by kind, with the archived badge', async () => {
    answer(requestMock, { 'search:global': ({ term }) => ({ ...RESULT, term }) });
    const { user } = await open();
    await user.type(searchField(), 'bygg');
    const offers = await screen.findByRole('group', { name: 'Offers' });
    expect(within(offers).getByRole('button', { name: '501 Skolebygg' })).toBeInTheDocument();
    const projects = screen.getByRole('group', { name: 'Projects' });
    expect(
      within(projects)
        .getAllByRole('button')
        .map((hit) => hit.getAttribute('aria-label')),
    ).toEqual(['1002 Kontorbygg', '1001 Lagerbygg']);
    expect(screen.queryByRole('group', { name: 'Inquiries' })).not.toBeInTheDocument();
    const list = screen.getByLabelText('Search results');
    // Groups follow the contract's order: inquiries, offers, projects.
    expect(
      within(list)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-labelledby')),
    ).toEqual(['search-group-offer', 'search-group-project']);
    expect(within(list).getByText('Fjordbygg AS · Strandgata 5, Bergen')).toBeInTheDocument();
    expect(within(list).getByText('Archived')).toBeInTheDocument();
    // Typing the word took several keystrokes but one request.
    expect(inputsOf(requestMock, 'search:global')).toEqual([{ term: 'bygg', limitPerKind: 5 }]);
  });

  it('moves with the arrow keys and opens the chosen hit with Enter', async () => {
    answer(requestMock, { 'search:global': ({ term }) => ({ ...RESULT, term }) });
    const { user } = await open();
    await user.type(searchField(), 'bygg');
    await screen.findByText('Kontorbygg');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: '1002 Kontorbygg' })).toHaveAttribute('data-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: '501 Skolebygg' })).toHaveAttribute('data-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects?open=p1'));
  });

  it('opens an offer hit on the offers page', async () => {
    answer(requestMock, { 'search:global': ({ term }) => ({ ...RESULT, term }) });
    const { user } = await open();
    await user.type(searchField(), 'bygg');
    await user.click(await screen.findByRole('button', { name: '501 Skolebygg' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/offer?open=o1'));
  });

  it('says when nothing is found', async () => {
    answer(requestMock, { 'search:global': ({ term }) => ({ term, groups: [] }) });
    const { user } = await open();
    await user.type(searchField(), 'xyz');
    expect(await screen.findByText('Nothing found for "xyz"')).toBeInTheDocument();
  });
});
