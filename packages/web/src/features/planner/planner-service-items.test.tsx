import type {
  PlanChangeDto,
  PlannerDto,
  PlannerServiceItemDto,
  ServiceItemChoiceDto,
} from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { usePlannerSelectionStore } from '@/lib/store/work-stores';
import { aPage, aUser } from '@/test/fixtures';
import { answer, inputsOf } from '@/test/socket-mock';
import { aCell, anEmployee, aPlanner, renderPlanner } from './testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

// Issue 14: "assign a project, a service item or a task" — a service item in the book dialog and the cells.
const TODAY = '2026-03-31';
const sofie = anEmployee('Sofie Larsen', 'service');
const ITEM = '60000000-0000-7000-8000-000000000003';
const door: PlannerServiceItemDto = {
  id: ITEM,
  projectId: '40000000-0000-7000-8000-000000000009',
  projectNumber: 1050,
  projectName: 'Storo Storsenter',
  colour: '#1c7ed6',
  number: 3,
  name: 'Nøddør',
};
const choice: ServiceItemChoiceDto = {
  id: ITEM,
  projectId: door.projectId,
  projectNumber: 1050,
  projectName: 'Storo Storsenter',
  number: 3,
  name: 'Nøddør',
  floor: '2',
  location: null,
  emergencyType: 'emergency',
};
let planner: PlannerDto;
let searches: unknown[];

beforeEach(() => {
  requestMock.mockReset();
  usePlannerSelectionStore.getState().setSelectedCells([]);
  planner = aPlanner({ year: 2026, week: 14 }, { employees: [sofie] });
  searches = [];
  httpMock.mockReset();
  httpMock.mockImplementation((async (path: string, options: { query?: unknown } = {}) => {
    if (path === '/service-project/service-items/search') {
      searches.push(options.query);
      return aPage([choice]);
    }
    throw new Error(`No mock for ${path}`);
  }) as typeof http);
});

describe('service items in the planner', () => {
  it('draws a booked service item in its project’s colour as "project-item name"', async () => {
    planner.cells = [
      aCell(sofie, '2026-03-30', 1, [{ kind: 'serviceItem', serviceItemId: ITEM, id: 'b1', quarters: 2 }]),
    ];
    planner.serviceItems = [door];
    answer(requestMock, { 'planner:get': () => planner, 'projects:all': () => [] });
    useAuthStore.setState({ user: aUser('leader') });
    renderPlanner('/planner/2026/14', TODAY);
    const cell = await screen.findByRole('gridcell', { name: /^Sofie Larsen, 30\.03\.2026/ });
    expect(cell).toHaveTextContent('1050-3 Nøddør');
    expect(cell.querySelector('[data-booking="serviceItem"]')).toHaveStyle({ '--project-colour': '#1c7ed6' });
  });

  it('books a service item found on the server for the selected cells', async () => {
    const booked: PlanChangeDto = {
      cells: [
        aCell(sofie, '2026-03-31', 1, [{ kind: 'serviceItem', serviceItemId: ITEM, id: 'b2', quarters: 2 }]),
      ],
      tasks: [],
      projects: [],
      serviceItems: [door],
    };
    answer(requestMock, { 'planner:get': () => planner, 'projects:all': () => [], 'plan:add': () => booked });
    useAuthStore.setState({ user: aUser('leader') });
    renderPlanner('/planner/2026/14', TODAY);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('gridcell', { name: /^Sofie Larsen, 31\.03\.2026/ }));
    await user.click(screen.getByRole('button', { name: 'Book…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book 1 cell' });
    await user.click(within(dialog).getByRole('radio', { name: 'Service item' }));
    await user.type(within(dialog).getByRole('combobox', { name: /Service item/ }), 'Stor');
    // The server is asked with what was typed (after a short pause), one page at a time.
    await waitFor(() => expect(searches).toContainEqual({ page: 1, pageSize: 30, search: 'Stor' }));
    await user.click(await screen.findByRole('option', { name: '1050-3 Nøddør · Storo Storsenter · 2' }));
    await user.click(within(dialog).getByRole('radio', { name: '½ day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'plan:add')).toEqual([
        {
          cells: [{ employeeId: sofie.id, date: '2026-03-31', version: 0 }],
          subject: { kind: 'serviceItem', serviceItemId: ITEM },
          dayPart: 2,
          isOverbookingConfirmed: false,
        },
      ]),
    );
    expect(await screen.findByRole('gridcell', { name: /^Sofie Larsen, 31\.03\.2026/ })).toHaveTextContent(
      '1050-3 Nøddør',
    );
  });
});
