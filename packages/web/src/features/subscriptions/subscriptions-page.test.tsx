import type { SubscriptionsDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { request } from '@/lib/socket';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { deviceLabel } from './push-device';
import { SubscriptionsPage } from './subscriptions-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const SECRET_PATH = '/api/feeds/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

let settings: SubscriptionsDto;

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  settings = {
    feed: {
      isOn: false,
      layers: [],
      prefix: null,
      createdAt: null,
      allowedLayers: ['plans', 'tasks', 'serviceVisits'],
    },
    email: [],
    push: [],
    isDigest: false,
    availableKinds: ['message', 'taskAssigned', 'deviationHandler'],
    pushPublicKey: 'BPublicKey',
    pushDevices: [],
  };
  requestMock.mockReset();
  answer(requestMock, {
    'subscriptions:get': () => settings,
    'subscriptions:feed-create': (input) => {
      settings = {
        ...settings,
        feed: {
          ...settings.feed,
          isOn: true,
          layers: input.layers,
          prefix: 'abcdef',
          createdAt: '2026-11-27T10:00:00Z',
        },
      };
      return { subscriptions: settings, path: SECRET_PATH };
    },
    'subscriptions:notifications-save': (input) => {
      settings = { ...settings, email: input.email, push: input.push, isDigest: input.isDigest };
      return settings;
    },
  });
});

const render = () => {
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <SubscriptionsPage />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
};

describe('SubscriptionsPage', () => {
  it('offers only the layers the role allows and shows the new address once', async () => {
    const user = render();
    expect(await screen.findByText('Nothing is switched on.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: "The company's deliveries" })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'My tasks' }));
    await user.click(screen.getByRole('button', { name: 'Make calendar address' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'subscriptions:feed-create')).toEqual([
        { layers: ['plans', 'serviceVisits'] },
      ]),
    );
    expect(await screen.findByTestId('feed-address')).toHaveTextContent(
      `http://localhost:3000${SECRET_PATH}`,
    );
    expect(screen.getByTestId('feed-state')).toHaveTextContent('address starting abcdef…');
  });

  it('switches one notification on and keeps the others as they were', async () => {
    settings.email = ['message'];
    const user = render();
    await user.click(await screen.findByRole('switch', { name: 'A task given to me: E-mail' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'subscriptions:notifications-save')).toEqual([
        { email: ['message', 'taskAssigned'], push: [], isDigest: false },
      ]),
    );
    expect(await screen.findByText('Notifications saved')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Accounting sync failed: E-mail' })).toBeNull();
  });

  it('names a device by its browser and system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge · Windows');
    expect(
      deviceLabel('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'),
    ).toBe('Chrome · Android');
  });
});
