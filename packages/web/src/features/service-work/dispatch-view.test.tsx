import type { DispatchEntryDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '@/lib/http';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { ServiceProjectDetailsPage } from './service-project-details-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
// Leaflet needs a real layout; the map's pins are the service map's own concern.
vi.mock('./service-map', () => ({
  ServiceMap: ({ items, label }: { items: { id: string; name: string }[]; label: string }) => (
    <ul aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  ),
}));

vi.setConfig({ testTimeout: 30_000 });
const httpMock = vi.mocked(http);

const ITEM = '60000000-0000-7000-8000-000000000001';
const PROJECT = '40000000-0000-7000-8000-000000000001';
const PER = '30000000-0000-7000-8000-000000000001';

const emergency: DispatchEntryDto = {
  kind: 'emergency',
  subject: { kind: 'serviceItem', serviceItemId: ITEM },
  date: '2099-03-02',
  title: '1042-3 Nøddør',
  visit: null,
  serviceItem: {
    id: ITEM,
    projectId: PROJECT,
    projectNumber: 1042,
    projectName: 'Storo Storsenter',
    number: 3,
    name: 'Nøddør',
    floor: '1',
    location: { lat: 59.95, lng: 10.78 },
    emergencyType: 'emergency',
  },
  projectId: PROJECT,
  projectLabel: '1042 Storo Storsenter',
  description: '1',
  bookings: [],
};

const AGREEMENT = '70000000-0000-7000-8000-000000000001';
const visit: DispatchEntryDto = {
  ...emergency,
  kind: 'visit',
  subject: { kind: 'visit', agreementId: AGREEMENT },
  date: '2020-03-10',
  title: '1042 Storo Storsenter',
  serviceItem: { ...emergency.serviceItem!, emergencyType: 'none', name: 'Hovedinngang' },
  description: '',
  visit: {
    agreementId: AGREEMENT,
    isOverdue: true,
    serviceWorkers: [{ id: PER, displayName: 'Per Service' }],
    itemCount: 3,
    items: [{ ...emergency.serviceItem!, emergencyType: 'none', name: 'Hovedinngang' }],
    customerName: 'Storo Eiendom AS',
    site: 'Vitaminveien 7, Oslo',
  },
};

let listed: DispatchEntryDto[];
let calls: { method: string; path: string; body?: unknown; query?: unknown }[];
let overbookFirst: boolean;

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  calls = [];
  listed = [emergency];
  overbookFirst = false;
  httpMock.mockReset();
  httpMock.mockImplementation((async (
    path: string,
    options: { method?: string; body?: unknown; query?: unknown } = {},
  ) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, body: options.body, query: options.query });
    if (path === '/service-project/dispatch') return aPage(listed);
    if (path === '/service-project/map-settings') return { tileUrl: null };
    if (path === '/employee/service') return [{ id: PER, displayName: 'Per Service' }];
    if (path === '/service-project/service-items/grouped-by-project')
      return aPage([
        { projectId: PROJECT, projectNumber: 1042, projectName: 'Storo Storsenter', itemCount: 3 },
      ]);
    if (path === '/service-project/dispatch/assign') {
      const body = options.body as { isOverbookingConfirmed: boolean };
      if (overbookFirst && !body.isOverbookingConfirmed)
        throw new ApiError({
          code: 'CONFLICT',
          message: 'overbooked',
          messageKey: 'validation.planOverbooked',
          details: { reason: 'overbooked', cells: [{ employeeId: PER, date: '2099-03-02', quarters: 6 }] },
        });
      return { cells: [], tasks: [], projects: [], serviceItems: [] };
    }
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const render = (role: 'leader' | 'technician') => {
  useAuthStore.setState({ user: aUser(role) });
  renderScreen(
    <MemoryRouter initialEntries={['/service-project-details']}>
      <ServiceProjectDetailsPage
        links={{
          serviceItemHref: (id) => `/serviceItem?id=${id}`,
          projectDetailsHref: (id) => `/service-project-details?projectId=${id}`,
          qualityHref: '/quality',
          logbookHref: (id: string) => `/service-logbook?serviceItemId=${id}`,
          logbookPrintHref: (id: string) => `/print?sheet=service-logbook&serviceItemId=${id}`,
        }}
        plannerWeekHref={(date) => `/planner/week-of/${date}`}
      />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
};

describe('Service assignment (service project details without a project)', () => {
  it('lists emergency items on a list and the map, with a link to the item’s project', async () => {
    render('leader');
    expect(await screen.findByRole('heading', { name: 'Service assignment' })).toBeInTheDocument();
    const entry = await screen.findByTestId('dispatch-entry');
    expect(within(entry).getByText('1. Emergency')).toBeInTheDocument();
    expect(within(entry).getByText('02.03.2099')).toBeInTheDocument();
    expect(within(entry).getByRole('link', { name: '1042 Storo Storsenter' })).toHaveAttribute(
      'href',
      `/service-project-details?projectId=${PROJECT}`,
    );
    expect(
      within(screen.getByRole('list', { name: 'Map of what needs a service worker' })).getByText(
        '1042-3 Nøddør',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/service-project/dispatch')?.query).toMatchObject({ page: 1 });
  });

  it('books an entry for a service worker on a day, asking first when the day would hold too much', async () => {
    overbookFirst = true;
    const user = render('leader');
    await user.click(await screen.findByRole('button', { name: 'Assign 1042-3 Nøddør' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.click(within(dialog).getByRole('radio', { name: '½ day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Service worker' }));
    await user.click(await screen.findByRole('option', { name: 'Per Service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole(
      'dialog',
      { name: 'Book more than a whole day?' },
      { timeout: 5_000 },
    );
    await user.click(within(question).getByRole('button', { name: 'Book anyway' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/service-project/dispatch/assign').map((call) => call.body),
      ).toEqual([
        {
          subject: { kind: 'serviceItem', serviceItemId: ITEM },
          employeeId: PER,
          date: '2099-03-02',
          dayPart: 2,
          isOverbookingConfirmed: false,
        },
        expect.objectContaining({ isOverbookingConfirmed: true }),
      ]),
    );
    expect((await screen.findAllByText('Booked for Per Service on 02.03.2099')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Open the planner' })).toHaveAttribute(
      'href',
      '/planner/week-of/2099-03-02',
    );
  });

  it('shows a due visit with its customer, site, items and workers, and books the agreement’s visit', async () => {
    listed = [visit];
    const user = render('leader');
    const entry = await screen.findByTestId('dispatch-entry');
    expect(within(entry).getByText('1. Due visit')).toBeInTheDocument();
    expect(within(entry).getByText('Overdue')).toBeInTheDocument();
    expect(within(entry).getByText('Storo Eiendom AS — Vitaminveien 7, Oslo')).toBeInTheDocument();
    expect(within(entry).getByText('3 items: 1042-3 Hovedinngang')).toBeInTheDocument();
    expect(within(entry).getByText('Service workers: Per Service')).toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: 'Assign 1042 Storo Storsenter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Service worker' }));
    await user.click(await screen.findByRole('option', { name: 'Per Service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/service-project/dispatch/assign')?.body).toMatchObject({
        subject: { kind: 'visit', agreementId: AGREEMENT },
        employeeId: PER,
      }),
    );
  });

  it('keeps the service projects on a second tab', async () => {
    const user = render('leader');
    await user.click(await screen.findByRole('tab', { name: 'Service projects' }));
    expect(await screen.findByRole('link', { name: '1042 Storo Storsenter' })).toBeInTheDocument();
  });

  it('shows a technician (who does not plan) the service projects only', async () => {
    render('technician');
    expect(await screen.findByRole('link', { name: '1042 Storo Storsenter' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls.some((call) => call.path === '/service-project/dispatch')).toBe(false);
  });
});
