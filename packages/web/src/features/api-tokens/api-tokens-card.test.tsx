import type { ApiTokenDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { request } from '@/lib/socket';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { ApiTokensCard } from './api-tokens-card';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const token: ApiTokenDto = {
  id: '0193a5d2-0000-7000-8000-000000000011',
  name: 'Power BI-rapport',
  scope: 'read',
  prefix: 'karm_AbC123',
  createdAt: '2026-11-20T08:00:00.000Z',
  createdByName: 'Kari Admin',
  lastUsedAt: null,
  revokedAt: null,
  version: 1,
};

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  requestMock.mockReset();
  answer(requestMock, {
    'api-tokens:list': () => [token],
    'api-tokens:create': (input) => ({
      token: { ...token, ...input, id: '0193a5d2-0000-7000-8000-000000000012' },
      secret: 'karm_shown_only_this_once',
    }),
    'api-tokens:revoke': () => ({ ...token, revokedAt: '2026-11-26T10:00:00.000Z', version: 2 }),
  });
});

const render = () => {
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <ApiTokensCard />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
};

describe('ApiTokensCard', () => {
  it('lists the tokens by name, prefix and scope, never the token', async () => {
    render();
    const row = await waitFor(() => {
      const found = document.querySelector('[data-api-token="Power BI-rapport"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(within(row).getByText('karm_AbC123…')).toBeInTheDocument();
    expect(within(row).getByText('Read')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('karm_shown_only_this_once');
  });

  it('makes a read-and-write token and shows it once', async () => {
    const user = render();
    await user.click(await screen.findByRole('button', { name: 'New API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Skjema på nettsiden');
    await user.click(within(dialog).getByText('Read and write'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'api-tokens:create')).toEqual([
        { name: 'Skjema på nettsiden', scope: 'readWrite' },
      ]),
    );
    expect(await screen.findByTestId('api-token-secret')).toHaveTextContent('karm_shown_only_this_once');
  });

  it('refuses a token without a name before asking the server', async () => {
    const user = render();
    await user.click(await screen.findByRole('button', { name: 'New API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'api-tokens:create')).toEqual([]);
  });

  it('asks before revoking, then revokes at the version read', async () => {
    const user = render();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    // The question's dialog loads with the first question.
    expect(
      await screen.findByText(/“Power BI-rapport” stops working at once/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(inputsOf(requestMock, 'api-tokens:revoke')).toEqual([]);
    // The question's own button (the row's is first).
    const buttons = screen.getAllByRole('button', { name: 'Revoke' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() =>
      expect(inputsOf(requestMock, 'api-tokens:revoke')).toEqual([{ id: token.id, version: 1 }]),
    );
  });
});
