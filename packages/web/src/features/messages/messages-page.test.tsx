import type { MessageDto, MessagePageDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { MessagesPage } from './messages-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const aMessage = (id: string, text: string, isRead = false): MessageDto => ({
  id,
  message: text,
  senderId: 'u1',
  senderName: 'Kari Kontor',
  createdAt: '2026-11-27T08:00:00.000Z',
  audience: 'users',
  workGroup: null,
  isRead,
  readAt: isRead ? '2026-11-27T09:00:00.000Z' : null,
  isMine: false,
  recipientCount: 1,
  readCount: isRead ? 1 : 0,
});

let inbox: MessageDto[];
const pageOf = (): MessagePageDto => ({
  items: inbox,
  total: inbox.length,
  page: 1,
  pageSize: 20,
  unreadCount: inbox.filter((message) => !message.isRead).length,
});

beforeEach(() => {
  requestMock.mockReset();
  inbox = [aMessage('m1', 'Nyeste uleste'), aMessage('m2', 'Eldre uleste'), aMessage('m3', 'Lest før', true)];
  useAuthStore.setState({ user: aUser('office') });
});

const renderPage = () =>
  renderScreen(
    <MemoryRouter initialEntries={['/messages']}>
      <MessagesPage />
    </MemoryRouter>,
  );

describe('the messages screen', () => {
  it('opens on the newest unread, and marking it read moves on to the next unread (SPEC §4)', async () => {
    answer(requestMock, {
      'messages:get': () => pageOf(),
      'message:read': ({ id }) => {
        inbox = inbox.map((message) => (message.id === id ? { ...message, isRead: true } : message));
        return { message: inbox.find((message) => message.id === id)!, nextUnreadId: 'm2', unreadCount: 1 };
      },
    });
    renderPage();
    const pane = await screen.findByTestId('message-reader');
    expect(within(pane).getByTestId('message-text')).toHaveTextContent('Nyeste uleste');
    await userEvent.setup().click(within(pane).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(pane).getByTestId('message-text')).toHaveTextContent('Eldre uleste'));
    expect(inputsOf(requestMock, 'message:read')).toEqual([{ id: 'm1' }]);
    expect(await screen.findByText('Marked as read')).toBeInTheDocument();
  });

  it('asks before removing a received message from the list, and does nothing when cancelled', async () => {
    answer(requestMock, {
      'messages:get': () => pageOf(),
      'message:delete': (input) => ({ id: input.id }),
    });
    renderPage();
    const user = userEvent.setup();
    const pane = await screen.findByTestId('message-reader');
    await user.click(within(pane).getByRole('button', { name: 'Remove from my list' }));
    const question = await screen.findByRole('dialog', { name: 'Remove the message?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(inputsOf(requestMock, 'message:delete')).toEqual([]);
    await user.click(within(pane).getByRole('button', { name: 'Remove from my list' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the message?' })).getByRole('button', {
        name: 'Remove from my list',
      }),
    );
    await waitFor(() =>
      expect(inputsOf(requestMock, 'message:delete')).toEqual([{ id: 'm1', scope: 'mine' }]),
    );
  });
});
