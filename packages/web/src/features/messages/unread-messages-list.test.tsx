import type { MessageDto, MessagePageDto } from '@karm/domain/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { UnreadMessagesList } from './unread-messages-list';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const aMessage = (index: number, text: string): MessageDto => ({
  id: `m${index}`,
  message: text,
  senderId: 'u1',
  senderName: 'Kari Kontor',
  createdAt: '2026-11-27T08:00:00.000Z',
  audience: 'users',
  workGroup: null,
  isRead: false,
  readAt: null,
  isMine: false,
  recipientCount: 1,
  readCount: 0,
});

beforeEach(() => {
  requestMock.mockReset();
});

describe('the compact list of unread messages (SPEC §9)', () => {
  it('asks for the 10 newest unread, cuts each to 10 characters and an ellipsis, and counts the rest', async () => {
    const items = [
      aMessage(1, 'Husk befaring på Lørenskog i morgen'),
      aMessage(2, 'Ærlig øvelse på åtte 🚪🚪'),
      ...Array.from({ length: 8 }, (_, index) => aMessage(index + 3, `Kort ${index}`)),
    ];
    const page: MessagePageDto = { items, total: 13, page: 1, pageSize: 10, unreadCount: 13 };
    answer(requestMock, { 'messages:get': () => page });
    renderScreen(
      <MemoryRouter>
        <UnreadMessagesList messagesPath="/messages" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Husk befar…')).toBeInTheDocument();
    expect(screen.getByText('Ærlig øvel…')).toBeInTheDocument();
    expect(screen.getByText('Kort 0')).toBeInTheDocument();
    expect(screen.getAllByTestId('unread-message')).toHaveLength(10);
    expect(screen.getByText('3 more unread')).toBeInTheDocument();
    expect(screen.getAllByTestId('unread-message')[0]).toHaveAttribute('href', '/messages?id=m1');
    expect(inputsOf(requestMock, 'messages:get')).toEqual([{ folder: 'unread', page: 1, pageSize: 10 }]);
  });

  it('says so when nothing is unread', async () => {
    answer(requestMock, {
      'messages:get': () => ({ items: [], total: 0, page: 1, pageSize: 10, unreadCount: 0 }),
    });
    renderScreen(
      <MemoryRouter>
        <UnreadMessagesList messagesPath="/messages" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No unread messages')).toBeInTheDocument();
  });
});
