import type { OfferStatusDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { OfferStatusesAdmin } from './offer-statuses-admin';
import { renderOffers, STATUSES } from './offers-testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
const httpMock = vi.mocked(http);

const UNUSED: OfferStatusDto = {
  id: '10000000-0000-7000-8000-000000000003',
  name: 'Tapt',
  deadlineDays: null,
  position: 2,
  isDefault: false,
  isDeleted: false,
  isWon: false,
  isLost: true,
  likelihoodPercent: 0,
  usage: 0,
  version: 1,
};
const WON: OfferStatusDto = {
  ...UNUSED,
  id: '10000000-0000-7000-8000-000000000004',
  name: 'Vunnet',
  position: 3,
  isWon: true,
  isLost: false,
};
let statuses: OfferStatusDto[];
const calls: { path: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  statuses = [...STATUSES, UNUSED, WON];
  httpMock.mockImplementation((async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    calls.push({ path, method, body: options.body });
    if (path === '/offer-statuses') return statuses;
    if (path === '/offer-config')
      return {
        deadlineDays: 14,
        defaultStatusId: STATUSES[0]?.id,
        firstNumber: 10_001,
        validityDays: 30,
        version: 1,
      };
    const usage = /^\/offer-statuses\/(.+)\/usage$/.exec(path);
    if (usage) return { count: statuses.find((status) => status.id === usage[1])?.usage ?? 0 };
    if (method === 'DELETE') return { ...UNUSED, isDeleted: true };
    const patch = /^\/offer-statuses\/([^/]+)$/.exec(path);
    if (patch && method === 'PATCH') {
      const status = statuses.find((candidate) => candidate.id === patch[1]) as OfferStatusDto;
      return { ...status, ...(options.body as object) };
    }
    if (path === '/offer-statuses/reorder') return statuses;
    if (method === 'POST') return { ...UNUSED, id: 'x', name: 'Befaring' };
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

/** A status's row in the statuses table, once the list has loaded. */
const rowOf = async (id: string | undefined) => {
  await waitFor(() => expect(document.querySelector(`[data-status-id="${id}"]`)).not.toBeNull());
  return document.querySelector(`[data-status-id="${id}"]`) as HTMLElement;
};

const open = () => {
  const view = renderOffers(<OfferStatusesAdmin />);
  return { ...view, user: userEvent.setup({ delay: null }) };
};

describe('OfferStatusesAdmin', () => {
  it('lists the statuses with usage and the default, and refuses to delete one in use', async () => {
    const { user } = open();
    const row = await rowOf(STATUSES[0]?.id);
    expect(within(row).getByText('Default')).toBeInTheDocument();
    expect(row.querySelector('[data-usage]')?.textContent).toBe('3');
    expect(within(row).getByRole('button', { name: 'Delete Under arbeid' })).toBeDisabled();
    const sent = await rowOf(STATUSES[1]?.id);
    statuses = statuses.map((status) => (status.name === 'Sendt' ? { ...status, usage: 2 } : status));
    await user.click(within(sent).getByRole('button', { name: 'Delete Sendt' }));
    expect(
      await screen.findByText('2 offers use "Sendt". Give them another status first.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes an unused status after confirming, reorders and adds one', async () => {
    const { user } = open();
    const row = await rowOf(UNUSED.id);
    await user.click(within(row).getByRole('button', { name: 'Delete Tapt' }));
    const question = await screen.findByRole('dialog', { name: 'Delete status?' });
    await user.click(within(question).getByRole('button', { name: 'Delete Tapt' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Status Tapt deleted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move Sendt up' }));
    await waitFor(() => {
      const reorder = calls.find((call) => call.path === '/offer-statuses/reorder');
      expect((reorder?.body as { ids: string[] } | undefined)?.ids).toEqual([
        STATUSES[1]?.id,
        STATUSES[0]?.id,
        UNUSED.id,
        WON.id,
      ]);
    });

    await user.type(screen.getByRole('textbox', { name: 'New status' }), 'Befaring');
    await user.click(screen.getByRole('button', { name: 'Add status' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path === '/offer-statuses')?.body).toEqual({
        name: 'Befaring',
        deadlineDays: null,
      }),
    );
  });

  it('sets a status won or lost, never the default one, and keeps the won one from being deleted', async () => {
    const { user } = open();
    const won = await rowOf(WON.id);
    expect(within(won).getByRole('combobox', { name: 'Outcome of Vunnet' })).toHaveValue('Won');
    expect(within(won).getByRole('button', { name: 'Delete Vunnet' })).toBeDisabled();
    expect(within(won).getByRole('button', { name: 'Make Vunnet the default' })).toBeDisabled();
    const lost = await rowOf(UNUSED.id);
    expect(within(lost).getByRole('combobox', { name: 'Outcome of Tapt' })).toHaveValue('Lost');
    const defaultRow = await rowOf(STATUSES[0]?.id);
    expect(within(defaultRow).getByRole('combobox', { name: 'Outcome of Under arbeid' })).toBeDisabled();

    const sent = await rowOf(STATUSES[1]?.id);
    await user.click(within(sent).getByRole('combobox', { name: 'Outcome of Sendt' }));
    await user.click(await screen.findByRole('option', { name: 'Won' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: `/offer-statuses/${STATUSES[1]?.id}`,
        body: { isWon: true, isLost: false },
      }),
    );
    expect(await screen.findByText('Status Sendt saved')).toBeInTheDocument();
    expect(
      screen.getByText(/An offer converted to a project moves to the won status \(one status at most\)/),
    ).toBeInTheDocument();
  });

  it('sets a status’s likelihood in percent, with the version read, and refuses an empty one', async () => {
    const { user } = open();
    const sent = await rowOf(STATUSES[1]?.id);
    const likelihood = within(sent).getByRole('textbox', { name: 'Likelihood of Sendt in percent' });
    expect(likelihood).toHaveValue('50 %');
    await user.clear(likelihood);
    expect(await within(sent).findByText('A whole number from 0 to 100')).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(likelihood, '80');
    await user.click(within(sent).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: `/offer-statuses/${STATUSES[1]?.id}`,
        body: { likelihoodPercent: 80, version: 1, name: 'Sendt' },
      }),
    );
    expect(await screen.findByText('Status Sendt saved')).toBeInTheDocument();
  });
});
