import { PROJECT_PUSHES, type ProcessEntryDto, type ProjectDto } from '@karm/domain/contract';
import { DEFAULT_PROJECT_FILTERS, processDate } from '@karm/domain/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { onPush, request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { useProjectFiltersStore } from '@/lib/store/work-stores';
import { aUser } from '@/test/fixtures';
import { ProjectControlPage } from './project-control-page';
import { aColumn, anEntry, answer, aProject, aProjectPage, inputsOf, renderProcesses } from './testing';

const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));
// The real filter store is persisted in encrypted IndexedDB, which jsdom lacks; a plain store will do.
vi.mock('@/lib/store/work-stores', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/store/work-stores')>();
  const { create } = await import('zustand');
  type FiltersState = {
    filters: Record<string, unknown>;
    setFilters: (filters: Record<string, unknown>) => void;
  };
  return {
    ...original,
    useProjectFiltersStore: create<FiltersState>()((set) => ({
      filters: {},
      setFilters: (filters) => set({ filters }),
    })),
  };
});
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
const requestMock = vi.mocked(request);

// A Wednesday in ISO week 11 of 2026.
const TODAY = '2026-03-11';

const drawings = aColumn({ nameNo: 'Tegning', nameEn: 'Drawings', factor: 8, min: 1, position: 1 });
const materials = aColumn({
  nameNo: 'Materialer',
  nameEn: 'Materials',
  type: 'orderedReceived',
  factor: 5,
  min: 2,
  position: 2,
  color: '#15aabf',
});
const installed = aColumn({ nameNo: 'Montert', nameEn: 'Installed', factor: 0, min: 0, position: 3 });
// Served out of order: the grid sorts by position.
const columns = [installed, drawings, materials];

let office: ProjectDto;
let kindergarten: ProjectDto;
let entries: ProcessEntryDto[];

const datesFor = (project: ProjectDto) =>
  [drawings, materials, installed].map((column) =>
    anEntry(project, column, {
      date: project.deliveryDate && processDate(project.deliveryDate, column.factor),
    }),
  );

const serve = (overrides: Parameters<typeof answer>[1] = {}) =>
  answer(requestMock, {
    'projects:filter_new': () => aProjectPage([kindergarten, office]),
    'mongo:project_process': ({ projectIds = [] }) => ({
      columns,
      entries: entries.filter((entry) => projectIds.includes(entry.projectId)),
    }),
    'process:update-entry': (input) => {
      const current = entries.find(
        (entry) => entry.projectId === input.projectId && entry.processColumnId === input.processColumnId,
      )!;
      const saved: ProcessEntryDto = {
        ...current,
        date: input.date ?? current.date,
        isActive: input.isActive ?? current.isActive,
        comment: input.comment ?? current.comment,
        noteDates: Object.fromEntries(
          Object.entries(input.noteDates ?? {}).filter((pair): pair is [string, string] => Boolean(pair[1])),
        ),
        version: current.version + 1,
      };
      entries = entries.map((entry) => (entry === current ? saved : entry));
      return saved;
    },
    ...overrides,
  });

const cell = (process: string, project: ProjectDto) =>
  screen.getByRole('button', { name: new RegExp(`^${process}, ${project.number} ${project.name}:`) });

const findCell = (process: string, project: ProjectDto) =>
  screen.findByRole('button', { name: new RegExp(`^${process}, ${project.number} ${project.name}:`) });

const rowOf = (project: ProjectDto) => screen.getByText(project.name).closest('tr')!;

describe('ProjectControlPage', () => {
  beforeEach(() => {
    requestMock.mockReset();
    listeners.clear();
    useProjectFiltersStore.setState({ filters: {} });
    // A production/installation leader updates the process grid.
    useAuthStore.setState({ user: aUser('leader') });
    office = aProject({ number: 1001, name: 'Kontorbygg Lysaker', deliveryDate: '2026-05-08', version: 3 });
    kindergarten = aProject({ number: 1002, name: 'Barnehage Nydalen', deliveryDate: '2026-03-13' });
    const [kgDrawings, kgMaterials, kgInstalled] = datesFor(kindergarten);
    const [officeDrawings, officeMaterials] = datesFor(office);
    entries = [
      // Drawings were due in January and are not done: overdue.
      kgDrawings!,
      { ...kgMaterials!, noteDates: { ordered: '2026-01-20', received: '2026-02-05' } },
      { ...kgInstalled!, isActive: false },
      { ...officeDrawings!, comment: 'Venter på arkitekt' },
      { ...officeMaterials!, noteDates: { ordered: '2026-03-02' } },
      // The office has no installation cell yet.
    ];
    serve();
  });

  it('shows projects against the columns, each cell with its date and state, from two requests', async () => {
    renderProcesses(<ProjectControlPage today={TODAY} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Project control' })).toBeInTheDocument();
    const grid = await screen.findByRole('region', { name: 'Process grid' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Project', 'Drawings', 'Materials', 'Installed']);

    expect(cell('Drawings', kindergarten)).toHaveAttribute('data-state', 'overdue');
    expect(within(cell('Drawings', kindergarten)).getByText('16.01.2026')).toBeInTheDocument();
    expect(cell('Materials', kindergarten)).toHaveAttribute('data-state', 'done');
    expect(within(cell('Materials', kindergarten)).getByText('✓ 05.02.2026')).toBeInTheDocument();
    expect(cell('Installed', kindergarten)).toHaveAttribute('data-state', 'inactive');
    expect(cell('Drawings', office)).toHaveAttribute('data-state', 'open');
    expect(cell('Drawings', office)).toHaveAccessibleName(
      'Drawings, 1001 Kontorbygg Lysaker: 13.03.2026, planned, has a comment',
    );
    expect(cell('Drawings', office).querySelector('[data-comment-marker]')).not.toBeNull();
    expect(cell('Drawings', kindergarten).querySelector('[data-comment-marker]')).toBeNull();
    expect(within(cell('Materials', office)).getByText('Ordered 02.03.2026')).toBeInTheDocument();
    expect(cell('Installed', office)).toHaveAttribute('data-state', 'empty');

    // Row headers: number, name, delivery date with week, coloured by how soon it is.
    expect(
      within(rowOf(kindergarten)).getByText('13.03.2026 · week 11').closest('[data-delivery-colour]'),
    ).toHaveAttribute('data-delivery-colour', 'orange');
    expect(
      within(rowOf(office)).getByText('08.05.2026 · week 19').closest('[data-delivery-colour]'),
    ).toHaveAttribute('data-delivery-colour', 'green');
    expect(within(rowOf(office)).getByText('1001')).toBeInTheDocument();

    expect(inputsOf(requestMock, 'projects:filter_new')).toEqual([{ ...DEFAULT_PROJECT_FILTERS }]);
    expect(inputsOf(requestMock, 'mongo:project_process')).toEqual([
      { projectIds: [kindergarten.id, office.id] },
    ]);
    expect(requestMock).toHaveBeenCalledTimes(2);
  });

  it('names the columns in Norwegian when the interface is Norwegian', async () => {
    await i18n.changeLanguage('nb');
    try {
      renderProcesses(<ProjectControlPage today={TODAY} />);
      expect(screen.getByRole('heading', { level: 1, name: 'Prosjektkontroll' })).toBeInTheDocument();
      const grid = await screen.findByRole('region', { name: 'Prosesstabell' });
      expect(within(grid).getByRole('columnheader', { name: 'Tegning' })).toBeInTheDocument();
      expect(within(grid).getByRole('columnheader', { name: 'Materialer' })).toBeInTheDocument();
      expect(within(rowOf(office)).getByText('08.05.2026 · uke 19')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a cell opens the process edit dialog, and saving sends the cell with its note dates and comment', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await user.click(await findCell('Drawings', office));
    const dialog = screen.getByRole('dialog', { name: 'Drawings — 1001 Kontorbygg Lysaker' });
    expect(within(dialog).getByRole('textbox', { name: 'Process date' })).toHaveValue('13.03.2026');
    expect(within(dialog).getByRole('switch', { name: /^Active/ })).toBeChecked();
    // Opening the dialog opens no calendar over Active, the note dates and the comment.
    expect(document.querySelector('[data-dates-dropdown]')).toBeNull();
    // A "completed" column has one note date; ordered/received belong to other columns.
    expect(within(dialog).queryByRole('textbox', { name: 'Ordered' })).not.toBeInTheDocument();
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    expect(comment).toHaveValue('Venter på arkitekt');

    await user.type(within(dialog).getByRole('textbox', { name: 'Completed' }), '10.03.2026');
    await user.tab();
    await user.clear(comment);
    await user.type(comment, 'Tegninger godkjent');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'process:update-entry')).toEqual([
      {
        projectId: office.id,
        processColumnId: drawings.id,
        // The version the dialog read (DESIGN rule 5).
        version: 1,
        date: '2026-03-13',
        isActive: true,
        noteDates: { completed: '2026-03-10' },
        comment: 'Tegninger godkjent',
      },
    ]);
    expect(await screen.findByText('Process saved')).toBeInTheDocument();
    expect(cell('Drawings', office)).toHaveAttribute('data-state', 'done');
    expect(within(cell('Drawings', office)).getByText('✓ 10.03.2026')).toBeInTheDocument();
  });

  it('an ordered/received cell edits both dates and can be switched off', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await user.click(await findCell('Materials', office));
    const dialog = screen.getByRole('dialog', { name: 'Materials — 1001 Kontorbygg Lysaker' });
    expect(within(dialog).getByRole('textbox', { name: 'Ordered' })).toHaveValue('02.03.2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'Received' }), '2026-03-09');
    await user.tab();
    await user.click(within(dialog).getByRole('switch', { name: /^Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'process:update-entry')[0]).toMatchObject({
      isActive: false,
      noteDates: { ordered: '2026-03-02', received: '2026-03-09' },
    });
    expect(cell('Materials', office)).toHaveAttribute('data-state', 'inactive');
  });

  it('shows the server\'s "could not find project to update process" and keeps the dialog open', async () => {
    answer(requestMock, {
      'projects:filter_new': () => aProjectPage([kindergarten, office]),
      'mongo:project_process': () => ({ columns, entries }),
      'process:update-entry': () => {
        throw new ApiError({ code: 'NOT_FOUND', message: 'could not find project to update process' });
      },
    });
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await user.click(await findCell('Drawings', kindergarten));
    const dialog = screen.getByRole('dialog', { name: 'Drawings — 1002 Barnehage Nydalen' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('could not find project to update process')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Drawings — 1002 Barnehage Nydalen' })).toBeInTheDocument();
  });

  it('a save over a newer cell asks to retrieve it, shows it, and saves at its version', async () => {
    const stored = entries.find(
      (entry) => entry.projectId === office.id && entry.processColumnId === drawings.id,
    )!;
    const saves: unknown[] = [];
    serve({
      'process:update-entry': (input) => {
        saves.push(input);
        const current = entries.find((entry) => entry.id === stored.id)!;
        if (input.version !== current.version) {
          throw new ApiError({
            code: 'CONFLICT',
            message: 'The process cell has been changed by someone else',
            details: { currentVersion: current.version },
          });
        }
        return { ...current, comment: input.comment ?? current.comment, version: current.version + 1 };
      },
    });
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await user.click(await findCell('Drawings', office));
    const dialog = screen.getByRole('dialog', { name: 'Drawings — 1001 Kontorbygg Lysaker' });
    // Meanwhile a colleague saves the same cell.
    entries = entries.map((entry) =>
      entry.id === stored.id ? { ...entry, comment: 'Endret av kollega', version: 2 } : entry,
    );
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    await user.clear(comment);
    await user.type(comment, 'Min endring');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const question = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    await user.click(within(question).getByRole('button', { name: 'Retrieve newer data' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('Endret av kollega'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saves).toMatchObject([
      { version: 1, comment: 'Min endring' },
      { version: 2, comment: 'Endret av kollega' },
    ]);
  });

  it('a cell pushed from another browser shows at once; an older copy is ignored', async () => {
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await findCell('Drawings', kindergarten);
    expect(onPush).toHaveBeenCalledWith(PROJECT_PUSHES.processChanged, expect.any(Function));
    const pushed = entries[0]!;
    act(() =>
      listeners.get(PROJECT_PUSHES.processChanged)?.({
        ...pushed,
        date: '2026-01-23',
        noteDates: { completed: '2026-03-01' },
        comment: 'Ferdig',
        version: 4,
      }),
    );
    await waitFor(() => expect(cell('Drawings', kindergarten)).toHaveAttribute('data-state', 'done'));
    expect(cell('Drawings', kindergarten)).toHaveAccessibleName(
      'Drawings, 1002 Barnehage Nydalen: 23.01.2026, done, ✓ 01.03.2026, has a comment',
    );
    act(() => listeners.get(PROJECT_PUSHES.processChanged)?.({ ...pushed, version: 2 }));
    expect(cell('Drawings', kindergarten)).toHaveAttribute('data-state', 'done');
    // Nothing was asked for: the push carried the cell.
    expect(requestMock).toHaveBeenCalledTimes(2);
  });

  it("a project pushed with a new delivery date reads that project's cells again", async () => {
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await findCell('Drawings', office);
    const moved = { ...office, deliveryDate: '2026-05-15', version: 4 };
    office = moved;
    entries = entries.map((entry) =>
      entry.projectId === moved.id && entry.processColumnId === drawings.id
        ? { ...entry, date: '2026-03-20', version: entry.version + 1 }
        : entry,
    );
    act(() => listeners.get(PROJECT_PUSHES.projectChanged)?.(moved));
    await waitFor(() => expect(within(cell('Drawings', office)).getByText('20.03.2026')).toBeInTheDocument());
    expect(within(rowOf(office)).getByText('15.05.2026 · week 20')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'mongo:project_process')).toContainEqual({ projectIds: [office.id] });
  });

  it('"Delivery week" sets the week and the grid shows the new process dates', async () => {
    answer(requestMock, {
      'projects:filter_new': () => aProjectPage([kindergarten, office]),
      'mongo:project_process': ({ projectIds = [] }) => ({
        columns,
        entries: entries.filter((entry) => projectIds.includes(entry.projectId)),
      }),
      'project:set-delivery-week': () => {
        office = { ...office, deliveryDate: '2026-06-12', version: office.version + 1 };
        entries = [...entries.filter((entry) => entry.projectId !== office.id), ...datesFor(office)];
        return { project: office, isPostponed: false };
      },
    });
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await user.click(
      await screen.findByRole('button', { name: 'Delivery week for 1001 Kontorbygg Lysaker' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delivery week — 1001 Kontorbygg Lysaker' });
    expect(within(dialog).getByText('Current delivery date: 08.05.2026 (week 19)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Week 19, 08.05.2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Week 12, 20.03.2026' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Week 24, 12.06.2026' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'project:set-delivery-week')).toEqual([
      { id: office.id, version: 3, year: 2026, week: 24 },
    ]);
    expect(await screen.findByText('Delivery date set to 12.06.2026 (week 24)')).toBeInTheDocument();
    await waitFor(() => expect(within(cell('Drawings', office)).getByText('17.04.2026')).toBeInTheDocument());
    expect(within(cell('Materials', office)).getByText('08.05.2026')).toBeInTheDocument();
    expect(within(rowOf(office)).getByText('12.06.2026 · week 24')).toBeInTheDocument();
  });

  it('says when the delivery date gets postponed, and shows the new date', async () => {
    answer(requestMock, {
      'projects:filter_new': () => aProjectPage([kindergarten, office]),
      'mongo:project_process': () => ({ columns, entries }),
      'project:set-delivery-week': () => ({
        project: { ...office, deliveryDate: '2026-05-22', version: office.version + 1 },
        isPostponed: true,
      }),
    });
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await user.click(
      await screen.findByRole('button', { name: 'Delivery week for 1001 Kontorbygg Lysaker' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delivery week — 1001 Kontorbygg Lysaker' });
    await user.click(within(dialog).getByRole('button', { name: 'Week 20, 15.05.2026' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not possible to reach delivery date; delivery date will get postponed');
    expect(alert).toHaveTextContent('New delivery date: 22.05.2026 (week 21)');
    expect(within(dialog).getByRole('button', { name: 'Week 21, 22.05.2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('Mine/All and the search ask the server for another page', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    await findCell('Drawings', office);
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new')).toContainEqual(
        expect.objectContaining({ who: 'alle', pageNumber: 1 }),
      ),
    );
    expect(useProjectFiltersStore.getState().filters).toMatchObject({ who: 'alle' });
    await user.type(screen.getByRole('textbox', { name: 'Search projects' }), 'lysaker');
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new')).toContainEqual(
        expect.objectContaining({ who: 'alle', searchQuery: 'lysaker' }),
      ),
    );
  });

  it("with no projects of one's own, offers to show everybody's", async () => {
    answer(requestMock, {
      'projects:filter_new': ({ who }) => aProjectPage(who === 'alle' ? [office] : []),
      'mongo:project_process': () => ({ columns, entries }),
    });
    const user = userEvent.setup();
    renderProcesses(<ProjectControlPage today={TODAY} />);
    expect(await screen.findByText('No projects')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Show all projects' }));
    expect(await findCell('Drawings', office)).toBeInTheDocument();
  });

  it('says only that nothing matches when nobody has projects under the filters', async () => {
    answer(requestMock, {
      'projects:filter_new': () => aProjectPage([]),
      'mongo:project_process': () => ({ columns, entries }),
    });
    renderProcesses(<ProjectControlPage today={TODAY} />);
    expect(await screen.findByText('No projects match the filters.')).toBeInTheDocument();
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new')).toContainEqual(
        expect.objectContaining({ who: 'alle' }),
      ),
    );
    expect(screen.queryByRole('button', { name: 'Show all projects' })).not.toBeInTheDocument();
    expect(screen.queryByText(/None of your projects/)).not.toBeInTheDocument();
  });

  it.each(['readonly', 'technician'] as const)(
    'a %s reads the grid: no delivery week to set, and a cell opens read only',
    async (role) => {
      useAuthStore.setState({ user: aUser(role) });
      const user = userEvent.setup();
      renderProcesses(<ProjectControlPage today={TODAY} />);
      await user.click(await findCell('Drawings', office));
      expect(screen.queryByRole('button', { name: /^Delivery week for/ })).not.toBeInTheDocument();
      const dialog = screen.getByRole('dialog', { name: 'Drawings — 1001 Kontorbygg Lysaker' });
      expect(within(dialog).getByText('Read only')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Process date' })).toHaveValue('13.03.2026');
      expect(within(dialog).getByRole('textbox', { name: 'Process date' })).toBeDisabled();
      expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('Venter på arkitekt');
      expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toBeDisabled();
      expect(within(dialog).getByRole('switch', { name: /^Active/ })).toBeDisabled();
      expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      const [, close] = within(dialog).getAllByRole('button', { name: 'Close' });
      await user.click(close!);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(inputsOf(requestMock, 'process:update-entry')).toEqual([]);
    },
  );
});
