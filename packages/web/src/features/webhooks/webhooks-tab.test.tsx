import type { WebhookDeliveryDto, WebhookSubscriptionDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { WebhooksTab } from './webhooks-tab';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
// The real store persists through IndexedDB, which jsdom lacks; the tab only reads `user`.
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const SUBSCRIPTION_ID = '0193a5d2-0000-7000-8000-000000000001';
const DELIVERY_ID = '0193a5d2-0000-7000-8000-000000000002';
const subscription: WebhookSubscriptionDto = {
  id: SUBSCRIPTION_ID,
  url: 'https://erp.example.no/karm',
  description: 'ERP',
  events: ['project.updated'],
  isActive: true,
  secretHint: 'a1b2',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  version: 3,
};
const delivery: WebhookDeliveryDto = {
  id: DELIVERY_ID,
  subscriptionId: SUBSCRIPTION_ID,
  url: subscription.url,
  event: 'project.updated',
  status: 'failed',
  attemptCount: 9,
  lastResponseCode: 500,
  nextAttemptAt: null,
  createdAt: '2026-11-24T09:30:00.000Z',
  updatedAt: '2026-11-25T09:30:00.000Z',
};

beforeAll(matchEmptyMediaQuery);

beforeEach(() => {
  requestMock.mockReset();
  answer(requestMock, {
    'webhooks:list': () => [subscription],
    'webhooks:settings': () => ({ allowPrivateNetwork: false, isPrivateNetworkPermitted: false, version: 0 }),
    'webhooks:deliveries': () => ({ items: [delivery], total: 1, page: 1, pageSize: 20 }),
    'webhooks:delivery': () => ({
      ...delivery,
      body: '{"event":"project.updated"}',
      attempts: [
        {
          id: 'attempt-1',
          attemptedAt: '2026-11-24T09:30:01.000Z',
          durationMs: 42,
          isSuccess: false,
          responseCode: 500,
          responseExcerpt: 'Internal error in the ERP',
          error: null,
        },
      ],
    }),
    'webhooks:resend': () => ({ ...delivery, status: 'pending' }),
    'webhooks:update': (input) => ({ ...subscription, ...input, version: subscription.version + 1 }),
    'webhooks:create': (input) => ({
      subscription: { ...subscription, ...input, id: '0193a5d2-0000-7000-8000-000000000003', version: 1 },
      secret: 'whsec_shown_once_1234',
    }),
  });
});

/** The receiver's row in the list (its address also shows in the delivery log). */
const subscriptionRow = async () => {
  await waitFor(() =>
    expect(document.querySelector(`[data-webhook-id="${SUBSCRIPTION_ID}"]`)).not.toBeNull(),
  );
  return document.querySelector(`[data-webhook-id="${SUBSCRIPTION_ID}"]`) as HTMLElement;
};

const render = () => {
  useAuthStore.setState({ user: aUser('admin') });
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <WebhooksTab />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
};

describe('WebhooksTab', () => {
  it('lists the receivers and keeps the private-network switch off when not permitted', async () => {
    render();
    const row = await subscriptionRow();
    expect(within(row).getByText('https://erp.example.no/karm')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Allow private network addresses/ })).toBeDisabled();
  });

  it('adds a webhook and shows its secret once', async () => {
    const user = render();
    await subscriptionRow();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    await user.clear(address);
    await user.type(address, 'https://hooks.example.no/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /project\.created/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'webhooks:create')).toEqual([
        expect.objectContaining({
          url: 'https://hooks.example.no/in',
          events: ['project.created'],
          isActive: true,
        }),
      ]),
    );
    expect(await screen.findByText('whsec_shown_once_1234')).toBeInTheDocument();
  });

  it('refuses a webhook without events before asking the server', async () => {
    const user = render();
    await subscriptionRow();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'hooks.example.no');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(dialog).getAllByText(/./, { selector: '.mantine-InputWrapper-error' }).length,
      ).toBeGreaterThan(0),
    );
    expect(inputsOf(requestMock, 'webhooks:create')).toEqual([]);
  });

  it('turns a receiver off from the list with the version it read', async () => {
    const user = render();
    const row = await subscriptionRow();
    await user.click(within(row).getByRole('switch', { name: 'Active' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'webhooks:update')).toEqual([
        expect.objectContaining({ id: SUBSCRIPTION_ID, version: 3, isActive: false }),
      ]),
    );
    expect(await screen.findByText('Webhook turned off')).toBeInTheDocument();
  });

  it('opens a failed delivery with its attempts and resends it', async () => {
    const user = render();
    await waitFor(() => expect(document.querySelector(`[data-delivery-id="${DELIVERY_ID}"]`)).not.toBeNull());
    await user.click(document.querySelector(`[data-delivery-id="${DELIVERY_ID}"]`) as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Webhook delivery' });
    expect(await within(dialog).findByText('Internal error in the ERP')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(inputsOf(requestMock, 'webhooks:resend')).toEqual([{ id: DELIVERY_ID }]));
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
  });
});
