import type { Page, ServerLogDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { changeLocale } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { LogsList } from './logs-list';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const anEntry = (overrides: Partial<ServerLogDto> = {}): ServerLogDto => ({
  id: 'log-1',
  source: 'user-report',
  level: 'error',
  action: 'offers',
  message: 'CONFLICT: The offer was changed by someone else',
  data: { route: '/offers', comment: 'I only changed the price' },
  error: { name: 'TypeError', message: 'x', stack: 'at OfferDialog (offer-dialog.tsx:12)' },
  userId: 'u1',
  userName: 'Tove Teknikk',
  createdAt: '2030-03-01T09:30:00.000Z',
  handledAt: null,
  handledBy: null,
  handledComment: null,
  version: 1,
  ...overrides,
});

const pageOf = (items: ServerLogDto[]): Page<ServerLogDto> => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});

beforeEach(async () => {
  requestMock.mockReset();
  await changeLocale('en');
});

describe('LogsList', { timeout: 20_000 }, () => {
  it('lists entries and asks the server again, from page 1, with each filter', async () => {
    answer(requestMock, {
      'logs:get': () => pageOf([anEntry()]),
      'users:list': () => ({ items: [], total: 0, page: 1, pageSize: 200 }),
    });
    renderScreen(<LogsList />);
    // Time in Oslo, level, who, where, what.
    await screen.findByRole('row', {
      name: /01\.03\.2030 10:30 Error Tove Teknikk offers CONFLICT: The offer was changed by someone else/,
    });

    await userEvent.type(screen.getByRole('textbox', { name: 'Search action, message, stack' }), 'grid');
    await waitFor(() =>
      expect(inputsOf(requestMock, 'logs:get').at(-1)).toMatchObject({ search: 'grid', page: 1 }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(inputsOf(requestMock, 'logs:get').at(-1)).toMatchObject({ handled: false }));
  });

  it('opens an entry with all its fields and marks it handled with a comment', async () => {
    let entry = anEntry();
    answer(requestMock, {
      'logs:get': () => pageOf([entry]),
      'users:list': () => ({ items: [], total: 0, page: 1, pageSize: 200 }),
      'logs:handle': (input) => {
        entry = {
          ...entry,
          version: 2,
          handledAt: '2030-03-01T10:00:00.000Z',
          handledComment: input.comment ?? null,
        };
        return entry;
      },
    });
    renderScreen(<LogsList />);
    await userEvent.click(await screen.findByRole('row', { name: /CONFLICT: The offer was changed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log entry' });
    expect(within(dialog).getByText('at OfferDialog (offer-dialog.tsx:12)')).toBeInTheDocument();
    expect(within(dialog).getByText(/"comment": "I only changed the price"/)).toBeInTheDocument();
    expect(within(dialog).getByText('Sent by user')).toBeInTheDocument();
    expect(within(dialog).getByText('Tove Teknikk')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Handled' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Told Tove to reload');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The log entry is marked handled')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'logs:handle')).toEqual([
      { id: 'log-1', version: 1, handled: true, comment: 'Told Tove to reload' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log entry' })).not.toBeInTheDocument());
  });

  it('says so when someone else changed the entry first, and keeps the dialog open', async () => {
    answer(requestMock, {
      'logs:get': () => pageOf([anEntry()]),
      'users:list': () => ({ items: [], total: 0, page: 1, pageSize: 200 }),
      'logs:handle': () => {
        throw new ApiError({ code: 'CONFLICT', message: 'changed' });
      },
    });
    renderScreen(<LogsList />);
    await userEvent.click(await screen.findByRole('row', { name: /CONFLICT: The offer was changed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log entry' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Handled' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this log entry/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Log entry' })).toBeInTheDocument();
  });

  it('tells someone without the permission that only administrators read logs', async () => {
    answer(requestMock, {
      'logs:get': () => {
        throw new ApiError({ code: 'FORBIDDEN', message: 'Not allowed' });
      },
      'users:list': () => ({ items: [], total: 0, page: 1, pageSize: 200 }),
    });
    renderScreen(<LogsList />);
    expect(await screen.findByText('Only administrators can read the logs.')).toBeInTheDocument();
  });
});
