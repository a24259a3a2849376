import { PROJECT_PUSHES, type ProjectDto } from '@karm/domain/contract';
import { addDays, DEFAULT_PROJECT_FILTERS, formatDate, formatNok, osloDateOf } from '@karm/domain/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { encryptedStorage } from '@/lib/store/encrypted-storage';
import { useProjectFiltersStore } from '@/lib/store/work-stores';
import { ProjectsPage, ServiceProjectsPage } from './projects-page';
import {
  aCombined,
  answer,
  aProject,
  aProjectPage,
  aUser,
  DEPARTMENT,
  inputsOf,
  MANAGER,
  matchWideScreen,
  renderProjects,
} from './projects-testing';
import { PROFILE_SAVE_DELAY_MS } from './use-project-filters';

const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
// The real stores persist through IndexedDB and Web Crypto, which jsdom lacks: keep them in memory.
vi.mock('@/lib/store/encrypted-storage', () => {
  const memory = new Map<string, string>();
  return {
    encryptedStorage: {
      getItem: (name: string) => memory.get(name) ?? null,
      setItem: (name: string, value: string) => void memory.set(name, value),
      removeItem: (name: string) => void memory.delete(name),
    },
    flushWrites: async () => {},
    forgetStorageKey: async () => {},
  };
});
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const today = osloDateOf(new Date());
const dueToday = aProject({ number: 1001, name: 'Forfaller i dag', deliveryDate: today });
const dueSoon = aProject({ number: 1002, name: 'Snart levering', deliveryDate: addDays(today, 2) });
const dueLater = aProject({
  number: 1003,
  name: 'God tid',
  deliveryDate: addDays(today, 10),
  projectValue: 1_234_567_89,
});
const me = aUser();

const serve = (projects: ProjectDto[]) =>
  answer(requestMock, {
    'projects:filter_new': () => aProjectPage(projects),
    'project-manager:get': () => [MANAGER],
    'project_department:get': () => [DEPARTMENT],
    'process-columns:get': () => [],
    'user:update-profile': ({ projectFilters }) => ({ ...me, profile: { ...me.profile, projectFilters } }),
  });

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const storedFilters = () => useProjectFiltersStore.getState().filters;

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('ProjectsPage', { timeout: 20_000 }, () => {
  beforeAll(matchWideScreen);

  beforeEach(() => {
    requestMock.mockReset();
    httpMock.mockReset();
    listeners.clear();
    useProjectFiltersStore.setState({ filters: {} });
    useAuthStore.setState({ user: me });
    serve([dueToday, dueSoon, dueLater]);
  });

  it('says "none of yours" with a switch to All only when others have projects under the filters', async () => {
    answer(requestMock, {
      'projects:filter_new': ({ who }) => aProjectPage(who === 'alle' ? [dueToday, dueSoon] : []),
      'project-manager:get': () => [MANAGER],
      'project_department:get': () => [DEPARTMENT],
      'process-columns:get': () => [],
      'user:update-profile': ({ projectFilters }) => ({ ...me, profile: { ...me.profile, projectFilters } }),
    });
    const user = userEvent.setup({ delay: null });
    renderProjects(<ProjectsPage />);
    expect(await screen.findByText('None of your projects')).toBeInTheDocument();
    expect(
      screen.getByText("None of the projects you manage match the filters, but 2 of others' projects do."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all projects' }));
    expect(await screen.findByText('Forfaller i dag')).toBeInTheDocument();
    expect(storedFilters()).toMatchObject({ who: 'alle' });
  });

  it('shows the plain "no matches" when nobody has projects under the filters', async () => {
    serve([]);
    renderProjects(<ProjectsPage />);
    expect(await screen.findByText('No projects match the filters.')).toBeInTheDocument();
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new')).toContainEqual(
        expect.objectContaining({ who: 'alle' }),
      ),
    );
    expect(screen.queryByText('None of your projects')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all projects' })).not.toBeInTheDocument();
  });

  it('asks for the default filters and lists projects with the delivery colour', async () => {
    renderProjects(<ProjectsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    await screen.findByText('Forfaller i dag');
    expect(inputsOf(requestMock, 'projects:filter_new')).toEqual([DEFAULT_PROJECT_FILTERS]);

    const colourOf = (name: string) =>
      rowOf(name).querySelector('[data-delivery-colour]')?.getAttribute('data-delivery-colour');
    expect(colourOf('Forfaller i dag')).toBe('red');
    expect(colourOf('Snart levering')).toBe('orange');
    expect(colourOf('God tid')).toBe('green');
    expect(
      within(rowOf('Forfaller i dag')).getByText('Delivery is due today or overdue'),
    ).toBeInTheDocument();
    expect(within(rowOf('Snart levering')).getByText(formatDate(addDays(today, 2)))).toBeInTheDocument();

    const row = rowOf('God tid');
    for (const text of [
      '1003',
      'Fjord Bygg AS',
      'Kari Prosjektleder',
      'Montasje Oslo',
      '02.03.2026',
      'Active',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    // Testing Library reads the non-breaking spaces of formatted amounts as plain spaces.
    expect(within(row).getByText(formatNok(1_234_567_89).replace(/\s/g, ' '))).toBeInTheDocument();
  });

  it('keeps changed filters in the store and the profile, sends them, and restores them', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');

    await chooseOption(user, 'Status', 'All');
    await user.type(screen.getByRole('textbox', { name: 'Search projects' }), 'skole');
    await user.click(screen.getByRole('radio', { name: 'All' }));

    const expected = { ...DEFAULT_PROJECT_FILTERS, status: 'all', searchQuery: 'skole', who: 'alle' };
    await waitFor(() => expect(inputsOf(requestMock, 'projects:filter_new').at(-1)).toEqual(expected));
    expect(storedFilters()).toEqual(expected);
    expect(JSON.parse(String(encryptedStorage.getItem('karm:project-filters'))).state.filters).toEqual(
      expected,
    );
    await waitFor(
      () => expect(inputsOf(requestMock, 'user:update-profile').at(-1)).toEqual({ projectFilters: expected }),
      { timeout: PROFILE_SAVE_DELAY_MS + 1000 },
    );

    // A new visit starts from what was stored.
    view.unmount();
    requestMock.mockClear();
    renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');
    expect(inputsOf(requestMock, 'projects:filter_new')).toEqual([expected]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('All');
    expect(screen.getByRole('textbox', { name: 'Search projects' })).toHaveValue('skole');
  });

  it('takes the filters saved in the profile when this browser has none', async () => {
    useAuthStore.setState({
      user: { ...me, profile: { projectFilters: { status: 'completed', who: 'alle', pageSize: 50 } } },
    });
    renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');
    expect(inputsOf(requestMock, 'projects:filter_new')).toEqual([
      { ...DEFAULT_PROJECT_FILTERS, status: 'completed', who: 'alle', pageSize: 50 },
    ]);
  });

  it("lists as many rows as the profile's page size, and its per-page choice becomes the profile's", async () => {
    useAuthStore.setState({ user: { ...me, profile: { pageSize: 50 } } });
    useProjectFiltersStore.setState({ filters: { status: 'all', pageSize: 10 } });
    requestMock.mockImplementation(async (event) => {
      if (event === 'projects:filter_new') return aProjectPage([dueToday]) as never;
      if (event === 'user:update-profile') return { ...me, profile: { pageSize: 100 } } as never;
      return [] as never;
    });
    renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');
    expect(inputsOf(requestMock, 'projects:filter_new')).toEqual([
      { ...DEFAULT_PROJECT_FILTERS, status: 'all', pageSize: 50 },
    ]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '50' }));
    await user.click(await screen.findByRole('menuitem', { name: '100' }));
    await waitFor(() => expect(useAuthStore.getState().user?.profile.pageSize).toBe(100));
    expect(inputsOf(requestMock, 'user:update-profile')[0]).toEqual({ pageSize: 100 });
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new').at(-1)).toMatchObject({
        pageSize: 100,
        pageNumber: 1,
      }),
    );
  });

  it('drops a stored field of an old shape but keeps the rest', async () => {
    useProjectFiltersStore.setState({ filters: { status: 'archived', endedRange: 'someday', legacy: 1 } });
    renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');
    expect(inputsOf(requestMock, 'projects:filter_new')).toEqual([
      { ...DEFAULT_PROJECT_FILTERS, status: 'archived' },
    ]);
  });

  it('sorts on the server from the column header and starts again at page 1', async () => {
    const user = userEvent.setup({ delay: null });
    useProjectFiltersStore.setState({ filters: { pageNumber: 3 } });
    renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');
    // mantine-datatable makes a sortable header cell a button.
    await user.click(screen.getByRole('button', { name: /^Customer/ }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new').at(-1)).toMatchObject({
        projectSortType: 'customer',
        sortDirection: 'asc',
        pageNumber: 1,
      }),
    );
  });

  it('filters by project manager from the "More filters" panel', async () => {
    const user = userEvent.setup({ delay: null });
    renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await chooseOption(user, 'Project manager', 'Kari Prosjektleder');
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new').at(-1)).toMatchObject({
        projectManager: MANAGER.id,
      }),
    );
  });

  it('opens the clicked project in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    httpMock.mockResolvedValue(aCombined(dueLater));
    renderProjects(<ProjectsPage />);
    await user.click(await screen.findByText('God tid'));
    const dialog = await screen.findByRole('dialog', { name: 'Project 1003 – God tid' });
    expect(await within(dialog).findByRole('textbox', { name: /Project name/ })).toHaveValue('God tid');
    expect(httpMock).toHaveBeenCalledWith('/project/get-combined', { query: { projectId: dueLater.id } });
  });

  it('opens the project named by ?open= (a global search hit) at once', async () => {
    httpMock.mockResolvedValue(aCombined(dueLater));
    renderProjects(<ProjectsPage />, { path: `/projects?open=${dueLater.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Project 1003 – God tid' });
    expect(await within(dialog).findByRole('textbox', { name: /Project name/ })).toHaveValue('God tid');
    expect(httpMock).toHaveBeenCalledWith('/project/get-combined', { query: { projectId: dueLater.id } });
  });

  it('refetches the list when another browser changes a project', async () => {
    renderProjects(<ProjectsPage />);
    await screen.findByText('Forfaller i dag');
    serve([{ ...dueToday, name: 'Nytt navn', version: 2 }, dueSoon, dueLater]);
    act(() => listeners.get(PROJECT_PUSHES.projectChanged)?.({ ...dueToday, name: 'Nytt navn', version: 2 }));
    expect(await screen.findByText('Nytt navn')).toBeInTheDocument();
  });
});

describe('ServiceProjectsPage', { timeout: 20_000 }, () => {
  beforeAll(matchWideScreen);

  beforeEach(() => {
    requestMock.mockReset();
    useProjectFiltersStore.setState({ filters: {} });
    useAuthStore.setState({ user: me });
    serve([dueToday]);
  });

  it('has its own heading, asks only for service projects, and starts new projects as service projects', async () => {
    const user = userEvent.setup({ delay: null });
    renderProjects(<ServiceProjectsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Service projects' })).toBeInTheDocument();
    await waitFor(() =>
      expect(inputsOf(requestMock, 'projects:filter_new').at(-1)).toEqual({
        ...DEFAULT_PROJECT_FILTERS,
        isService: true,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'New service project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    expect(within(dialog).getByRole('checkbox', { name: 'Service project' })).toBeChecked();
  });

  it.each(['readonly', 'leader', 'technician'] as const)(
    'a %s lists projects and keeps the Mine/All switch, but adds none',
    async (role) => {
      useAuthStore.setState({ user: aUser(role) });
      renderProjects(<ProjectsPage />);
      expect(await screen.findByText('Forfaller i dag')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'All' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'New project' })).not.toBeInTheDocument();
    },
  );

  it('office adds projects', async () => {
    renderProjects(<ProjectsPage />);
    expect(await screen.findByRole('button', { name: 'New project' })).toBeInTheDocument();
  });
});
