import { MAX_PAGE_SIZE, type ProcessColumnDto, type ProjectListItemDto } from '@karm/domain/contract';
import { DEFAULT_PROJECT_FILTERS, formatNok } from '@karm/domain/rules';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/socket';
import {
  fetchPrintedProjects,
  PRINTED_PROJECTS_CAP,
  ProjectListPrintSheet,
} from './project-list-print-sheet';
import { ProjectPrintSheet } from './project-print-sheet';
import { aCombined, answer, aPage, aProject, inputsOf, MANAGER, renderProjects } from './projects-testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const COLUMN: ProcessColumnDto = {
  id: '50000000-0000-7000-8000-000000000001',
  key: 'produksjon',
  nameNo: 'Produksjon',
  nameEn: 'Production',
  factor: 1,
  min: 0,
  max: 0,
  type: 'orderedReceived',
  color: '#228be6',
  status: '',
  invoice: false,
  position: 1,
  subProcesses: [],
};

const sheetAt = (address: string, Sheet: typeof ProjectPrintSheet) =>
  renderProjects(<Sheet search={new URL(address, 'http://karm.test').searchParams} />);

describe('ProjectPrintSheet', { timeout: 30_000 }, () => {
  beforeEach(() => {
    queryClient.clear();
    requestMock.mockReset();
    httpMock.mockReset();
  });

  it('prints the project: fields, contacts, process status and order lines with totals', async () => {
    const project = aProject({
      contact: { id: '60000000-0000-7000-8000-000000000001', displayName: 'Per Kontakt' },
      siteContactName: 'Anne Byggeplass',
      siteContactPhone: '912 34 567',
      workOrderNotes: 'Ring før levering',
    });
    const combined = aCombined(project, [
      {
        id: '70000000-0000-7000-8000-000000000001',
        title: 'Dører',
        total: 27_000_00,
        lines: [
          {
            id: '70000000-0000-7000-8000-000000000002',
            description: 'Ytterdør eik',
            count: 2,
            unitPrice: 15_000_00,
            discountPercent: 10,
            costPrice: 9_000_00,
            salesPrice: 27_000_00,
            vatPercent: 25,
          },
        ],
      },
    ]);
    combined.processEntries = [
      {
        id: '80000000-0000-7000-8000-000000000001',
        projectId: project.id,
        processColumnId: COLUMN.id,
        date: '2026-04-14',
        isActive: true,
        noteDates: {},
        comment: 'Karmer bestilt',
        version: 1,
      },
    ];
    httpMock.mockResolvedValue(combined);
    answer(requestMock, { 'process-columns:get': () => [COLUMN] });

    sheetAt(`/print?sheet=project&id=${project.id}`, ProjectPrintSheet);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project 1042 – Skolebygg Nord' }),
    ).toBeVisible();
    expect(httpMock).toHaveBeenCalledWith('/project/get-combined', { query: { projectId: project.id } });
    // Fields and contacts.
    expect(screen.getByText('Fjord Bygg AS')).toBeVisible();
    expect(screen.getAllByText(MANAGER.displayName).length).toBeGreaterThan(0);
    expect(screen.getByText('Skoleveien 1, 0150 Oslo')).toBeVisible();
    expect(screen.getByText('15.05.2026')).toBeVisible();
    expect(screen.getByText('Per Kontakt')).toBeVisible();
    expect(screen.getByText('Anne Byggeplass, 912 34 567')).toBeVisible();
    expect(screen.getByText('Ring før levering')).toBeVisible();
    // Process status, by the column's English name.
    const process = screen.getByRole('heading', { name: 'Process' }).closest('section')!;
    const processRow = within(process).getByRole('row', { name: /Production/ });
    expect(processRow).toHaveTextContent('14.04.2026');
    expect(processRow).toHaveTextContent('Active');
    expect(processRow).toHaveTextContent('Karmer bestilt');
    // Order lines and totals.
    const orders = screen.getByRole('heading', { name: 'Orders' }).closest('section')!;
    expect(within(orders).getByText('Dører')).toBeVisible();
    const line = within(orders).getByRole('row', { name: /Ytterdør eik/ });
    expect(
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ytterdør eik', '2', formatNok(15_000_00), '10 %', '25 %', formatNok(27_000_00)]);
    // The page's text is matched with its spaces made plain, the thousands separator too.
    const margin = `Margin: ${formatNok(27_000_00 - 18_000_00)}`.replace(/\s+/g, ' ');
    expect(within(orders).getByText(margin)).toBeVisible();
  });

  it('says so when the address names no project, and asks nothing', async () => {
    sheetAt('/print?sheet=project&id=not-an-id', ProjectPrintSheet);
    expect(await screen.findByText('The address names no project to print.')).toBeVisible();
    expect(httpMock).not.toHaveBeenCalled();
  });

  it('shows the error when the project cannot be read', async () => {
    httpMock.mockRejectedValue(new Error('The project was not found'));
    answer(requestMock, { 'process-columns:get': () => [COLUMN] });
    sheetAt(`/print?sheet=project&id=${aProject().id}`, ProjectPrintSheet);
    // The app's cache asks once more before it gives up.
    expect(await screen.findByText('The project was not found', undefined, { timeout: 5_000 })).toBeVisible();
  });
});

describe('ProjectListPrintSheet', { timeout: 30_000 }, () => {
  beforeEach(() => {
    queryClient.clear();
    requestMock.mockReset();
  });

  const listAddress = (filters: object) =>
    `/print?sheet=projects&filters=${encodeURIComponent(JSON.stringify(filters))}`;

  it('prints every row the filters select, asking the server page by page', async () => {
    const projects: ProjectListItemDto[] = Array.from({ length: MAX_PAGE_SIZE + 5 }, (_, index) => ({
      ...aProject({ number: 2000 + index, name: `Prosjekt ${index}` }),
      invoiceSquares: [],
    }));
    answer(requestMock, {
      'projects:filter_new': ({ pageNumber = 1, pageSize = 20 }) =>
        aPage(projects.slice((pageNumber - 1) * pageSize, pageNumber * pageSize), {
          total: projects.length,
          page: pageNumber,
          pageSize,
        }),
    });

    sheetAt(listAddress({ who: 'alle', searchQuery: 'Prosjekt', pageNumber: 3 }), ProjectListPrintSheet);

    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    expect(await screen.findByText('Prosjekt 204')).toBeVisible();
    // A header row and every project.
    expect(screen.getAllByRole('row')).toHaveLength(projects.length + 1);
    expect(
      screen.getByText(/Whose projects: All · Status: Active · Search projects: “Prosjekt” · 205 projects/),
    ).toBeVisible();
    const asked = inputsOf(requestMock, 'projects:filter_new');
    // The list's filters, from the first page whatever page the screen showed, two full server pages.
    expect(asked.map((input) => [input.pageNumber, input.pageSize])).toEqual([
      [1, MAX_PAGE_SIZE],
      [2, MAX_PAGE_SIZE],
    ]);
    expect(asked[0]).toMatchObject({ who: 'alle', searchQuery: 'Prosjekt', status: 'active' });
    expect(screen.queryByText(/Only the first/)).toBeNull();
  });

  it('stops asking at the cap', async () => {
    answer(requestMock, {
      'projects:filter_new': ({ pageNumber = 1, pageSize = 20 }) =>
        aPage(
          Array.from({ length: pageSize }, (_, index) => ({
            ...aProject({ number: pageNumber * 1000 + index }),
            invoiceSquares: [],
          })),
          { total: 100_000, page: pageNumber, pageSize },
        ),
    });
    const printed = await fetchPrintedProjects({ ...DEFAULT_PROJECT_FILTERS, who: 'alle' });
    expect(printed.items).toHaveLength(PRINTED_PROJECTS_CAP);
    expect(printed.total).toBe(100_000);
    expect(inputsOf(requestMock, 'projects:filter_new')).toHaveLength(PRINTED_PROJECTS_CAP / MAX_PAGE_SIZE);
  });

  it('says how many rows it left out when it prints fewer than the filters select', async () => {
    answer(requestMock, {
      'projects:filter_new': () =>
        aPage([{ ...aProject({ name: 'Eneste rad' }), invoiceSquares: [] }], { total: 1_250 }),
    });
    sheetAt(listAddress({ who: 'alle' }), ProjectListPrintSheet);
    expect(
      await screen.findByText(
        'Only the first 1 of 1250 projects are printed. Narrow the filters to print the rest.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Eneste rad')).toBeVisible();
  });

  it('prints an empty selection as such', async () => {
    answer(requestMock, { 'projects:filter_new': () => aPage([], { total: 0 }) });
    sheetAt(listAddress({ searchQuery: 'ingenting' }), ProjectListPrintSheet);
    expect(await screen.findByText('No projects match the filters.')).toBeVisible();
  });
});
