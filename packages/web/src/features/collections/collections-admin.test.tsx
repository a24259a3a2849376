import type { CollectionDto, CollectionValueDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { CollectionList } from './collections-admin';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
// The real store persists through IndexedDB, which jsdom lacks; the list only reads `user`.
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const value = (key: string, en: string, nb: string, extra: Partial<CollectionValueDto> = {}) => ({
  key,
  labels: { en, nb },
  isActive: true,
  isBuiltIn: true,
  version: 0,
  ...extra,
});
let list: CollectionDto;

beforeEach(() => {
  requestMock.mockReset();
  list = {
    collection: 'projectCategory',
    values: [
      value('kindergarten', 'Kindergarten', 'Barnehage'),
      value('sportsFacility', 'Sports facility', 'Idrettsanlegg'),
      value('hospital', 'Hospital', 'Sykehus', { isBuiltIn: false, version: 1 }),
    ],
  };
  answer(requestMock, {
    'collection:get': () => list,
    'collection:upd': (input) => ({
      ...list,
      values: list.values.map((candidate) =>
        candidate.key === input.key
          ? { ...candidate, ...input.values, version: candidate.version + 1 }
          : candidate,
      ),
    }),
    'collection:reorder': (input) => ({
      ...list,
      values: input.keys.map(
        (key) => list.values.find((candidate) => candidate.key === key) as CollectionValueDto,
      ),
    }),
    'collection:add': (input) => ({
      ...list,
      values: [
        ...list.values,
        value('new', input.values.en, input.values.nb, { isBuiltIn: false, version: 1 }),
      ],
    }),
    'collection:del': () => {
      throw new ApiError({
        code: 'CONFLICT',
        message: 'in use',
        details: { reason: 'valueInUse', usage: 3 },
      });
    },
  });
});

const render = (role: 'admin' | 'office' = 'admin') => {
  useAuthStore.setState({ user: aUser(role) });
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <CollectionList collection="projectCategory" />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
};

const rowOf = async (key: string) => {
  await waitFor(() => expect(document.querySelector(`[data-value-key="${key}"]`)).not.toBeNull());
  return document.querySelector(`[data-value-key="${key}"]`) as HTMLElement;
};

describe('CollectionList', () => {
  it('shows both labels in order, renames in Norwegian and saves with the version read', async () => {
    const user = render();
    const row = await rowOf('kindergarten');
    expect(within(row).getByText('Barnehage')).toBeInTheDocument();
    expect(within(row).getByText('Built-in')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit: Kindergarten' }));
    const norwegian = await screen.findByLabelText(/Norwegian/);
    await user.clear(norwegian);
    await user.type(norwegian, 'Barnehage (kommunal)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'collection:upd')).toEqual([
        {
          collection: 'projectCategory',
          key: 'kindergarten',
          version: 0,
          values: { labels: { en: 'Kindergarten', nb: 'Barnehage (kommunal)' } },
        },
      ]),
    );
    expect(await screen.findByText('The list was saved.')).toBeInTheDocument();
  });

  it('refuses an empty label before asking the server', async () => {
    const user = render();
    await rowOf('kindergarten');
    await user.click(screen.getByRole('button', { name: 'Add value' }));
    await user.type(await screen.findByLabelText(/English/), 'Hotel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'collection:add')).toEqual([]);
  });

  it('moves a value down and deactivates one', async () => {
    const user = render();
    const row = await rowOf('kindergarten');
    expect(within(row).getByRole('button', { name: 'Move up: Kindergarten' })).toBeDisabled();
    await user.click(within(row).getByRole('button', { name: 'Move down: Kindergarten' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'collection:reorder')).toEqual([
        { collection: 'projectCategory', keys: ['sportsFacility', 'kindergarten', 'hospital'] },
      ]),
    );
    await user.click(within(await rowOf('sportsFacility')).getByRole('switch'));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'collection:upd')).toEqual([
        { collection: 'projectCategory', key: 'sportsFacility', version: 0, values: { isActive: false } },
      ]),
    );
  });

  it('keeps built-in values, asks before deleting, and offers to deactivate a value in use', async () => {
    const user = render();
    expect(
      within(await rowOf('kindergarten')).getByRole('button', { name: 'Delete: Kindergarten' }),
    ).toBeDisabled();
    await user.click(within(await rowOf('hospital')).getByRole('button', { name: 'Delete: Hospital' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/is used by 3 records, so it cannot be deleted/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'collection:upd')).toEqual([
        { collection: 'projectCategory', key: 'hospital', version: 1, values: { isActive: false } },
      ]),
    );
  });

  it('shows the list read only to someone without the settings permission', async () => {
    render('office');
    const row = await rowOf('kindergarten');
    expect(screen.queryByRole('button', { name: 'Add value' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(row).getByRole('switch')).toBeDisabled();
  });
});
