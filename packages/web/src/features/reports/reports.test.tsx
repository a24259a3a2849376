import { REPORT_KEYS, type ReportDto, type ReportKey } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import type { ReportLinks } from './report-links';
import { ReportsPage } from './reports-page';

vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
const httpMock = vi.mocked(http);
const LINKS: ReportLinks = {
  projects: (filters) => `/projects?filters=${encodeURIComponent(JSON.stringify(filters))}`,
  invoices: (filter, period) => `/admin?tab=invoices&filter=${filter}&from=${period.from}&to=${period.to}`,
  offers: (statusId, period) => `/offer?statusId=${statusId}&from=${period.from}&to=${period.to}`,
};

const dto = (report: ReportKey, period: string): ReportDto => {
  const range = period === 'all' ? { from: null, to: null } : { from: '2026-01-01', to: '2026-12-31' };
  const base = { report, period: period as ReportDto['period'], ...range, isAvailable: true };
  switch (report) {
    case 'offersByStatus':
      return {
        ...base,
        rows: [
          { key: 's1', label: 'Sendt', values: { count: period === 'all' ? 3 : 1, value: 150_000 } },
          { key: 's2', label: 'Vunnet', values: { count: 1, value: 100_000 } },
        ],
        totals: { count: period === 'all' ? 4 : 2, value: 250_000 },
      };
    case 'projectsByMonth':
      return {
        ...base,
        rows: [{ key: '2026-02', label: null, values: { active: 2, completed: 1, archived: 0 } }],
        totals: { active: 2, completed: 1, archived: 0 },
      };
    case 'serviceVisits':
      return { ...base, isAvailable: false, rows: [], totals: { count: 0 } };
    default:
      return { ...base, rows: [], totals: {} };
  }
};

const renderReports = () =>
  renderScreen(
    <MemoryRouter>
      <ReportsPage links={LINKS} />
    </MemoryRouter>,
  );

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  httpMock.mockReset();
  httpMock.mockImplementation((async (path: string, options: { query?: { period?: string } } = {}) => {
    const report = path.split('/').at(-1) as ReportKey;
    return dto(report, options.query?.period ?? 'all');
  }) as typeof http);
});

describe('the reports screen', () => {
  it('asks for every report over All Years and shows a table with its total row', async () => {
    renderReports();
    const card = await screen.findByRole('region', { name: 'Offers by status' });
    await waitFor(() => expect(within(card).getByText('Vunnet')).toBeInTheDocument());
    expect(within(card).getByRole('link', { name: 'Vunnet' }).getAttribute('href')).toBe(
      '/offer?statusId=s2&from=null&to=null',
    );
    const table = within(card).getByRole('table');
    expect(within(table).getByText('Total')).toBeInTheDocument();
    expect(table.querySelector('[data-total="count"]')?.textContent).toBe('4');
    expect(table.querySelector('[data-total="value"]')?.textContent).toMatch(/2.?500,00/);
    const asked = httpMock.mock.calls.map(([path]) => path);
    for (const report of REPORT_KEYS) expect(asked).toContain(`/reports/${report}`);
    expect(
      httpMock.mock.calls.every(
        ([, options]) => (options as { query: { period: string } }).query.period === 'all',
      ),
    ).toBe(true);
  });

  it('says plainly when service work has nothing to count, and when a period is empty', async () => {
    renderReports();
    const visits = await screen.findByRole('region', { name: 'Service visits' });
    await waitFor(() => expect(within(visits).getByText(/Nothing to count yet/)).toBeInTheDocument());
    const deviations = screen.getByRole('region', { name: 'Deviations by category' });
    await waitFor(() => expect(within(deviations).getByText('Nothing in this period.')).toBeInTheDocument());
  });

  it('switches the period and asks again with it', async () => {
    const user = userEvent.setup();
    renderReports();
    await screen.findAllByText('Vunnet');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'A year' }));
    await waitFor(() =>
      expect(httpMock).toHaveBeenCalledWith('/reports/offersByStatus', {
        query: { period: 'year', year: new Date().getFullYear(), part: undefined },
      }),
    );
    expect(
      screen.getByText(`01.01.${new Date().getFullYear()} – 31.12.${new Date().getFullYear()}`),
    ).toBeInTheDocument();
    // A status row of a narrower period opens the offers created in that period, whose total it is.
    const card = screen.getByRole('region', { name: 'Offers by status' });
    await waitFor(() =>
      expect(within(card).getByRole('link', { name: 'Vunnet' }).getAttribute('href')).toBe(
        '/offer?statusId=s2&from=2026-01-01&to=2026-12-31',
      ),
    );
  });

  it('opens a chart as a pie with the figures beside it', async () => {
    const user = userEvent.setup();
    renderReports();
    const card = await screen.findByRole('region', { name: 'Offers by status' });
    await waitFor(() => expect(within(card).getByText('Vunnet')).toBeInTheDocument());
    await user.click(within(card).getByRole('button', { name: 'Show as pie: Offers by status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offers by status' });
    expect(within(dialog).getByRole('cell', { name: 'Sendt' })).toBeInTheDocument();
  });

  it('links a month of projects to the project list with those delivery dates', async () => {
    renderReports();
    const card = await screen.findByRole('region', { name: 'Projects by delivery month' });
    const link = await within(card).findByRole('link', { name: '2026-02' });
    const filters = JSON.parse(decodeURIComponent(link.getAttribute('href')!.split('filters=')[1]!));
    expect(filters).toEqual({ who: 'alle', status: 'all', fromDate: '2026-02-01', toDate: '2026-02-28' });
  });
});
