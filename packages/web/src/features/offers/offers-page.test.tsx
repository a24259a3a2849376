import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser } from '@/test/fixtures';
import { answer } from '@/test/socket-mock';
import { OffersPage } from './offers-page';
import { anOffer, renderOffers, STATUSES } from './offers-testing';

vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
// Rendering the offer dialog in jsdom is slow on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));

const CONFIG = {
  deadlineDays: 14,
  defaultStatusId: STATUSES[0]?.id,
  firstNumber: 10_001,
  validityDays: 30,
  version: 1,
};

beforeEach(() => {
  answer(vi.mocked(request), { 'employee:get': () => [] });
  vi.mocked(http).mockImplementation((async (path: string) => {
    if (path === '/offer-statuses') return STATUSES;
    if (path === '/offer-config') return CONFIG;
    if (path === '/offers/populated') return aPage([anOffer()]);
    throw new Error(`No mock for ${path}`);
  }) as typeof http);
});

/** The offers page at an address, as the router gives it. */
const openAt = (path: string) =>
  renderOffers(
    <MemoryRouter initialEntries={[path]}>
      <OffersPage />
    </MemoryRouter>,
  );

describe('OffersPage', () => {
  beforeAll(() => {
    // mantine-datatable shows a column while its media query matches; the jsdom stub matches nothing.
    const stub = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...stub(query),
      matches: query === '' || query.includes('min-width'),
    });
  });

  it('lets whoever may add offers start one, also from ?open=new', async () => {
    useAuthStore.setState({ user: aUser('office') });
    openAt('/offer?open=new');
    expect(await screen.findByRole('dialog', { name: 'New offer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New offer' })).toBeInTheDocument();
  });

  it('read only: lists the offers without "New offer", and ?open=new opens nothing', async () => {
    useAuthStore.setState({ user: aUser('readonly') });
    openAt('/offer?open=new');
    expect(await screen.findByText('Skole Lørenskog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
