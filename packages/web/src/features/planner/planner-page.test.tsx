import type {
  PlanChangeDto,
  PlannerDto,
  PlanOverbookingDetails,
  PlanStaleDetails,
} from '@karm/domain/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { usePlannerSelectionStore } from '@/lib/store/work-stores';
import { aUser } from '@/test/fixtures';
import { answer, eventsOf, inputsOf } from '@/test/socket-mock';
import { aCell, anEmployee, aPlanner, aPlannerProject, aTask, renderPlanner } from './testing';

const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

// Tuesday of ISO week 14, 2026: Easter (Maundy Thursday 2 April to Easter Monday 6 April).
const TODAY = '2026-03-31';
const ola = anEmployee('Ola Nordmann', 'produksjon');
const kari = anEmployee('Kari Montør', 'montasje');
const sofie = anEmployee('Sofie Larsen', 'service');
const school = aPlannerProject(1042, 'Skolebygg Nord', {
  deliveryDate: '2026-04-02',
  deliveryColour: 'orange',
  noteToPlanner: 'Ring byggeleder først',
});
const shop = aPlannerProject(1043, 'Jernvare Strømmen');
let planner: PlannerDto;

const cell = (name: string, date: string) =>
  screen.getByRole('gridcell', { name: new RegExp(`^${name}, ${date.split('-').reverse().join('\\.')}`) });
const selectedCount = () => usePlannerSelectionStore.getState().selectedCells.length;
const conflict = (details: PlanStaleDetails | PlanOverbookingDetails, messageKey: string) =>
  new ApiError({ code: 'CONFLICT', message: 'refused', messageKey, details });
const change = (cells: PlanChangeDto['cells'], extra: Partial<PlanChangeDto> = {}): PlanChangeDto => ({
  cells,
  tasks: [],
  projects: [],
  serviceItems: [],
  ...extra,
});

const serve = (handlers: Parameters<typeof answer>[1] = {}) =>
  answer(requestMock, {
    'planner:get': () => planner,
    'plan:refresh': () => planner,
    'projects:all': () => [school, shop].map(({ id, number, name }) => ({ id, number, name })),
    ...handlers,
  });

const open = async (role: 'leader' | 'readonly' = 'leader', plannerWorkGroups: string[] = []) => {
  useAuthStore.setState({ user: aUser(role, { profile: { plannerWorkGroups } }) });
  const view = renderPlanner('/planner/2026/14', TODAY);
  await screen.findByRole('grid');
  return { ...view, user: userEvent.setup() };
};

beforeEach(() => {
  requestMock.mockReset();
  listeners.clear();
  usePlannerSelectionStore.getState().setSelectedCells([]);
  planner = aPlanner(
    { year: 2026, week: 14 },
    {
      employees: [ola, kari, sofie],
      cells: [
        aCell(ola, '2026-03-30', 3, [{ kind: 'project', projectId: school.id, id: 'b1', quarters: 2 }]),
      ],
      projects: [school],
      tasks: [aTask('Bytt sensor', '2026-03-31', { assigneeId: sofie.id, assigneeName: sofie.name })],
    },
  );
  serve();
});

describe('the fortnight', () => {
  it('shows two ISO weeks by work group, with dates, red days, bookings, notes and tasks', async () => {
    await open();
    const grid = screen.getByRole('grid', { name: 'Resource planner, weeks 14 and 15' });
    expect(within(grid).getByRole('columnheader', { name: 'Week 14, 2026' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Week 15, 2026' })).toBeInTheDocument();
    expect(
      within(grid).getByRole('columnheader', { name: /Thu 02\.04\.2026 Maundy Thursday/ }),
    ).toHaveAttribute('data-red-day');
    expect(within(grid).getByRole('columnheader', { name: /Sun 12\.04\.2026/ })).toHaveAttribute(
      'data-weekend',
    );
    expect(screen.getByText('Weeks 14 and 15, 30.03.2026–12.04.2026')).toBeInTheDocument();
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Ola Nordmann', 'Kari Montør', 'Sofie Larsen']);
    expect(
      within(grid)
        .getAllByRole('columnheader', { name: /\(1\)$/ })
        .map((header) => header.textContent),
    ).toEqual(['Production (1)', 'Installation (1)', 'Service (1)']);
    const booked = cell('Ola Nordmann', '2026-03-30');
    expect(booked).toHaveTextContent('1042 Skolebygg Nord');
    expect(booked).toHaveTextContent('½');
    expect(booked).toHaveAttribute(
      'title',
      expect.stringContaining('Note to the planner: Ring byggeleder først'),
    );
    expect(booked.querySelector('[data-colour="orange"]')).not.toBeNull();
    expect(cell('Sofie Larsen', '2026-03-31')).toHaveTextContent('Bytt sensor');
    expect(screen.getByRole('link', { name: /Previous week: week 13, 2026/ })).toHaveAttribute(
      'href',
      '/planner/2026/13',
    );
  });

  it('shows only the work groups chosen in the profile', async () => {
    await open('leader', ['montasje', 'lager']);
    expect(screen.getByText(/Showing your work groups: Installation\./)).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Ola Nordmann' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Kari Montør' })).toBeInTheDocument();
  });

  it('goes across the year end: from week 53 of 2026 the next week is week 1 of 2027', async () => {
    planner = aPlanner({ year: 2026, week: 53 }, { employees: [ola] });
    useAuthStore.setState({ user: aUser('leader') });
    renderPlanner('/planner/2026/53', TODAY);
    expect(await screen.findByRole('columnheader', { name: 'Week 1, 2027' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next week: week 1, 2027/ })).toHaveAttribute(
      'href',
      '/planner/2027/1',
    );
    expect(screen.getByRole('link', { name: /Previous week: week 52, 2026/ })).toHaveAttribute(
      'href',
      '/planner/2026/52',
    );
    expect(screen.getByRole('columnheader', { name: /Fri 01\.01\.2027 New Year's Day/ })).toBeInTheDocument();
    expect(inputsOf(requestMock, 'planner:get')).toEqual([{ year: 2026, week: 53 }]);
  });

  it('says so for a week the year does not have, and asks the server nothing', async () => {
    useAuthStore.setState({ user: aUser('leader') });
    renderPlanner('/planner/2027/53', TODAY);
    expect(await screen.findByText(/There is no such week/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to this week' })).toHaveAttribute('href', '/planner/2026/14');
    expect(eventsOf(requestMock)).not.toContain('planner:get');
  });
});

describe('selecting cells', () => {
  it('toggles by click, adds a rectangle by Shift-click, toggles by Ctrl-click, clears with Escape', async () => {
    const { user } = await open();
    await user.click(cell('Ola Nordmann', '2026-03-30'));
    expect(cell('Ola Nordmann', '2026-03-30')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Shift>}');
    await user.click(cell('Kari Montør', '2026-04-01'));
    await user.keyboard('{/Shift}');
    // Two rows × three days.
    expect(selectedCount()).toBe(6);
    expect(screen.getByText('6 cells selected')).toBeInTheDocument();
    await user.keyboard('{Control>}');
    await user.click(cell('Ola Nordmann', '2026-03-31'));
    await user.keyboard('{/Control}');
    expect(cell('Ola Nordmann', '2026-03-31')).toHaveAttribute('aria-selected', 'false');
    expect(selectedCount()).toBe(5);
    await user.keyboard('{Escape}');
    expect(selectedCount()).toBe(0);
  });

  it('works by keyboard: arrows move, Space toggles, Shift+arrows extend', async () => {
    const { user } = await open();
    await user.click(cell('Ola Nordmann', '2026-03-30'));
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowRight} ');
    expect(cell('Ola Nordmann', '2026-03-31')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Shift>}{ArrowDown}{ArrowRight}{/Shift}');
    expect(
      usePlannerSelectionStore
        .getState()
        .selectedCells.map((c) => [c.employeeId, c.date])
        .sort(),
    ).toEqual(
      [
        [ola.id, '2026-03-31'],
        [ola.id, '2026-04-01'],
        [kari.id, '2026-03-31'],
        [kari.id, '2026-04-01'],
      ].sort(),
    );
    expect(cell('Kari Montør', '2026-04-01')).toHaveFocus();
  });

  it('selects a rectangle by dragging the mouse', async () => {
    const { user } = await open();
    await user.pointer([
      { keys: '[MouseLeft>]', target: cell('Ola Nordmann', '2026-04-06') },
      { target: cell('Sofie Larsen', '2026-04-07') },
      { keys: '[/MouseLeft]' },
    ]);
    expect(selectedCount()).toBe(6);
    expect(cell('Kari Montør', '2026-04-06')).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the selection in the persisted store, so a reload shows it again', async () => {
    usePlannerSelectionStore.getState().setSelectedCells([{ employeeId: kari.id, date: '2026-04-08' }]);
    await open();
    expect(cell('Kari Montør', '2026-04-08')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('1 cell selected')).toBeInTheDocument();
  });

  it('is read only without planner.write: no actions, clicks select nothing', async () => {
    const { user } = await open('readonly');
    expect(screen.queryByRole('button', { name: 'Book…' })).not.toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-readonly', 'true');
    await user.click(cell('Ola Nordmann', '2026-03-31'));
    expect(selectedCount()).toBe(0);
  });
});

describe('booking', () => {
  const pickProject = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
    await user.click(within(dialog).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: '1043 – Jernvare Strømmen' }));
  };

  it('books any number of cells in one plan:add, and asks before more than a whole day', async () => {
    const booked = change([
      aCell(ola, '2026-03-30', 4, [
        { kind: 'project', projectId: school.id, id: 'b1', quarters: 2 },
        { kind: 'project', projectId: shop.id, id: 'b2', quarters: 4 },
      ]),
      aCell(kari, '2026-03-30', 1, [{ kind: 'project', projectId: shop.id, id: 'b3', quarters: 4 }]),
    ]);
    booked.projects = [school, shop];
    serve({
      'plan:add': ({ isOverbookingConfirmed }) => {
        if (!isOverbookingConfirmed) {
          throw conflict(
            { reason: 'overbooked', cells: [{ employeeId: ola.id, date: '2026-03-30', quarters: 6 }] },
            'validation.planOverbooked',
          );
        }
        return booked;
      },
    });
    const { user } = await open();
    await user.click(cell('Ola Nordmann', '2026-03-30'));
    await user.click(cell('Kari Montør', '2026-03-30'));
    await user.click(screen.getByRole('button', { name: 'Book…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book 2 cells' });
    expect(within(dialog).getByText('2 cells: Ola Nordmann, Kari Montør.')).toBeInTheDocument();
    await pickProject(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Whole day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Book more than a whole day?' });
    expect(within(question).getByText('Ola Nordmann, 30.03.2026: 1½')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const cells = [
      { employeeId: ola.id, date: '2026-03-30', version: 3 },
      { employeeId: kari.id, date: '2026-03-30', version: 0 },
    ];
    expect(inputsOf(requestMock, 'plan:add')).toEqual([
      { cells, subject: { kind: 'project', projectId: shop.id }, dayPart: 4, isOverbookingConfirmed: false },
      { cells, subject: { kind: 'project', projectId: shop.id }, dayPart: 4, isOverbookingConfirmed: true },
    ]);
    expect(await screen.findByText('2 cells booked')).toBeInTheDocument();
    expect(cell('Kari Montør', '2026-03-30')).toHaveTextContent('1043 Jernvare Strømmen');
    expect(cell('Ola Nordmann', '2026-03-30')).toHaveAttribute('data-overbooked');
    expect(selectedCount()).toBe(0);
  });

  it('declining the overbooking books nothing', async () => {
    serve({
      'plan:add': () => {
        throw conflict(
          { reason: 'overbooked', cells: [{ employeeId: ola.id, date: '2026-03-30', quarters: 5 }] },
          'validation.planOverbooked',
        );
      },
    });
    const { user } = await open();
    await user.click(cell('Ola Nordmann', '2026-03-30'));
    await user.click(screen.getByRole('button', { name: 'Book…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book 1 cell' });
    await user.click(within(dialog).getByRole('radio', { name: 'Absence' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Sick' }));
    await user.click(within(dialog).getByRole('radio', { name: '½ day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Book more than a whole day?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'plan:add')).toEqual([
      expect.objectContaining({
        subject: { kind: 'absence', absence: 'sick' },
        isOverbookingConfirmed: false,
      }),
    ]);
    expect(dialog).toBeInTheDocument();
    expect(selectedCount()).toBe(1);
  });

  it('shows the fresh cells when another leader changed them meanwhile', async () => {
    serve({
      'plan:add': () => {
        throw conflict(
          {
            reason: 'stale',
            cells: [
              aCell(kari, '2026-04-01', 1, [{ kind: 'absence', absence: 'sick', id: 'x', quarters: 4 }]),
            ],
          },
          'validation.planCellChanged',
        );
      },
    });
    const { user } = await open();
    await user.click(cell('Kari Montør', '2026-04-01'));
    await user.click(screen.getByRole('button', { name: 'Book…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book 1 cell' });
    await pickProject(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Another leader changed some of these cells/,
    );
    expect(cell('Kari Montør', '2026-04-01')).toHaveTextContent('Sick');
    // Saving again sends the fresh version.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inputsOf(requestMock, 'plan:add')).toHaveLength(2));
    expect(inputsOf(requestMock, 'plan:add')[1]?.cells).toEqual([
      { employeeId: kari.id, date: '2026-04-01', version: 1 },
    ]);
  });

  it('refuses to save without a project', async () => {
    const { user } = await open();
    await user.click(cell('Kari Montør', '2026-04-01'));
    await user.click(screen.getByRole('button', { name: 'Book…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book 1 cell' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(eventsOf(requestMock)).not.toContain('plan:add');
  });
});

describe('other planners and the other actions', () => {
  it('merges pushed cells at once and re-reads on a refresh push', async () => {
    await open();
    act(() =>
      listeners.get('plan:added')?.(
        change([
          aCell(kari, '2026-04-07', 2, [{ kind: 'absence', absence: 'course', id: 'c', quarters: 4 }]),
        ]),
      ),
    );
    await waitFor(() => expect(cell('Kari Montør', '2026-04-07')).toHaveTextContent('Course'));
    // An older copy arriving late does not undo the newer one.
    act(() => listeners.get('plan:updated')?.(change([aCell(kari, '2026-04-07', 1, [])])));
    act(() =>
      listeners.get('plan:updated')?.(
        change([
          aCell(sofie, '2026-04-07', 1, [{ kind: 'absence', absence: 'holiday', id: 'h', quarters: 2 }]),
        ]),
      ),
    );
    await waitFor(() => expect(cell('Sofie Larsen', '2026-04-07')).toHaveTextContent('Holiday'));
    expect(cell('Kari Montør', '2026-04-07')).toHaveTextContent('Course');
    act(() => listeners.get('plan:refreshed')?.({}));
    await waitFor(() => expect(inputsOf(requestMock, 'planner:get')).toHaveLength(2));
  });

  it('removes the bookings of the selected cells after asking', async () => {
    serve({ 'plan:remove': () => change([aCell(ola, '2026-03-30', 4, [])]) });
    const { user } = await open();
    await user.click(cell('Ola Nordmann', '2026-03-30'));
    await user.click(cell('Ola Nordmann', '2026-03-31'));
    await user.click(screen.getByRole('button', { name: 'Remove bookings' }));
    const question = await screen.findByRole('dialog', { name: 'Remove bookings?' });
    expect(within(question).getByText(/Remove every booking from 1 cell\?/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'plan:remove')).toEqual([
        { cells: [{ employeeId: ola.id, date: '2026-03-30', version: 3 }] },
      ]),
    );
    await waitFor(() => expect(cell('Ola Nordmann', '2026-03-30')).not.toHaveTextContent('1042'));
  });

  it('pushes a project off and lists the bookings that became tasks', async () => {
    const task = aTask('1042 Skolebygg Nord', '2026-03-30', { assigneeId: ola.id, assigneeName: ola.name });
    serve({ 'plan:push-off': () => change([aCell(ola, '2026-03-30', 4, [])], { tasks: [task] }) });
    const { user } = await open();
    await user.click(cell('Ola Nordmann', '2026-03-30'));
    await user.click(screen.getByRole('button', { name: 'Push off…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push off' });
    expect(within(dialog).getByText(/up to 12\.04\.2026/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const result = await screen.findByRole('dialog', { name: 'Bookings that became tasks' });
    expect(within(result).getByText('1042 Skolebygg Nord — Ola Nordmann, 30.03.2026')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'plan:push-off')).toEqual([
      {
        projectId: school.id,
        cells: [{ employeeId: ola.id, date: '2026-03-30', version: 3 }],
        until: '2026-04-12',
      },
    ]);
    expect(cell('Ola Nordmann', '2026-03-30')).toHaveTextContent('1042 Skolebygg Nord');
    expect(cell('Ola Nordmann', '2026-03-30')).not.toHaveTextContent('½');
  });
});
