import type { DeviationDto, ProcedureDetailDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { QualityPage } from './quality-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const httpMock = vi.mocked(http);

const DEVIATION: DeviationDto = {
  id: '60000000-0000-7000-8000-000000000001',
  number: 7,
  title: 'Lekkasje under terskel',
  description: '',
  category: 'product',
  severity: 'high',
  status: 'in-progress',
  date: '2026-03-01',
  projectId: null,
  projectNumber: null,
  projectName: null,
  serviceItemId: null,
  product: 'Ytterdør Nordic 90',
  supplier: 'Tetning AS',
  pictureIds: [],
  reportedById: null,
  reportedByName: 'Kari',
  reportedAt: '2026-03-01T09:00:00.000Z',
  handlerId: null,
  handlerName: 'Ola Nordmann',
  rootCause: '',
  costOre: 850_000,
  actions: [],
  hasOverdueActions: true,
  closedAt: null,
  version: 3,
};

const PROCEDURE: ProcedureDetailDto = {
  id: '70000000-0000-7000-8000-000000000001',
  number: 2,
  title: 'Mottakskontroll',
  category: 'purchasing',
  ownerId: null,
  ownerName: null,
  reviewDate: '2026-01-01',
  isReviewDue: true,
  fileIds: [],
  currentVersion: {
    versionNumber: 3,
    effectiveDate: '2026-02-01',
    reason: 'Nye beslag',
    createdAt: '2026-02-01T09:00:00.000Z',
    createdByName: 'Kari',
  },
  isAcknowledgedByMe: false,
  acknowledgedCount: 1,
  memberCount: 2,
  version: 4,
  html: '<h2>Kontroll</h2><p>Tell <strong>alt</strong>.</p>',
  versions: [],
  acknowledgements: [
    { userId: 'a', name: 'Ola Nordmann', acknowledgedAt: '2026-02-02T09:00:00.000Z' },
    { userId: 'b', name: 'Per Tekniker', acknowledgedAt: null },
  ],
};

let calls: { method: string; path: string; body?: unknown; query?: unknown }[];

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  calls = [];
  httpMock.mockReset();
  httpMock.mockImplementation((async (
    path: string,
    options: { method?: string; body?: unknown; query?: unknown } = {},
  ) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, body: options.body, query: options.query });
    if (path === '/quality/deviations') return aPage([DEVIATION]);
    if (path === '/quality/people') return [];
    if (path === '/quality/procedures') return aPage([PROCEDURE]);
    if (path === `/quality/procedures/${PROCEDURE.id}`) return PROCEDURE;
    if (path === `/quality/procedures/${PROCEDURE.id}/acknowledge`)
      return { ...PROCEDURE, isAcknowledgedByMe: true, acknowledgedCount: 2 };
    if (path === '/quality/pareto')
      return {
        bars: [{ key: 'Ytterdør Nordic 90', count: 3, costOre: 900_000, cumulativePercent: 100 }],
        totalCount: 3,
        totalCostOre: 900_000,
      };
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const render = (tab: string, role: 'admin' | 'readonly' = 'admin') => {
  useAuthStore.setState({ user: aUser(role) });
  renderScreen(
    <MemoryRouter initialEntries={[`/quality?tab=${tab}`]}>
      <QualityPage />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
};

describe('QualityPage', () => {
  it('lists deviations not closed by default, with their status and the overdue flag (phone columns)', async () => {
    render('deviations');
    const row = (await screen.findByText('Lekkasje under terskel')).closest('tr') as HTMLElement;
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(within(row).getByText('Action overdue')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/quality/deviations')?.query).toMatchObject({
      status: 'not-closed',
      page: 1,
    });
    expect(screen.getByRole('button', { name: 'New deviation' })).toBeInTheDocument();
  });

  it('hides reporting from the read-only role', async () => {
    render('deviations', 'readonly');
    await screen.findByText('Lekkasje under terskel');
    expect(screen.queryByRole('button', { name: 'New deviation' })).not.toBeInTheDocument();
  });

  it('shows a procedure’s sanitised text, who has read it, and records the reading', async () => {
    const user = render('procedures');
    const row = (await screen.findByText('Mottakskontroll')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Not read')).toBeInTheDocument();
    await user.click(within(row).getByText('Mottakskontroll'));
    const dialog = await screen.findByRole('dialog', { name: /Procedure 2: Mottakskontroll/ });
    expect(within(dialog).getByRole('heading', { name: 'Kontroll' })).toBeInTheDocument();
    expect(within(dialog).getByText('Please read version 3 and confirm.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Read by 1 of 2' }));
    expect(within(dialog).getByText('Per Tekniker')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have read it' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: `/quality/procedures/${PROCEDURE.id}/acknowledge`,
          body: { versionNumber: 3 },
        }),
      ),
    );
  });

  it('lists the deviations behind a Pareto bar with the bar’s key as the filter', async () => {
    const user = render('pareto');
    await user.click(await screen.findByRole('button', { name: 'Ytterdør Nordic 90' }));
    expect(await screen.findByText('Deviations behind “Ytterdør Nordic 90”')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/quality/deviations').at(-1)?.query).toMatchObject({
        product: 'Ytterdør Nordic 90',
      }),
    );
  });
});
