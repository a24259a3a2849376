import type { EmployeeDto, TaskDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { answer } from '@/test/socket-mock';
import { EntityTasks } from './entity-tasks';
import { TasksPage } from './tasks-page';

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
const requestMock = vi.mocked(request);

const OLA = '30000000-0000-7000-8000-000000000001';
const TECH = '30000000-0000-7000-8000-000000000002';
const PROJECT = '40000000-0000-7000-8000-000000000001';

const aTask = (overrides: Partial<TaskDto> = {}): TaskDto => ({
  id: '50000000-0000-7000-8000-000000000001',
  name: 'Bytt dørpumpe',
  type: 'service-item-emergency',
  entityType: 'project',
  entityId: PROJECT,
  entityNumber: 1042,
  entityName: 'Skole Lørenskog',
  entityProjectId: null,
  date: '2020-03-02',
  description: 'Pumpa lekker',
  immediateAction: 'Sperr av døra',
  assigneeId: OLA,
  assigneeName: 'Ola Nordmann',
  isDone: false,
  doneAt: null,
  createdAt: '2020-02-27T09:00:00.000Z',
  version: 1,
  ...overrides,
});

const employee = (id: string, name: string, userId: string | null): EmployeeDto =>
  ({ id, displayName: name, fullName: name, isActive: true, userId, workGroup: null }) as EmployeeDto;

let tasks: TaskDto[];
let calls: { method: string; path: string; body?: unknown; query?: unknown }[];

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  tasks = [
    aTask(),
    aTask({
      id: '50000000-0000-7000-8000-000000000002',
      name: 'Service',
      assigneeId: TECH,
      assigneeName: 'Tekniker',
      entityType: null,
      entityId: null,
      entityNumber: null,
      entityName: null,
      date: '2099-01-01',
    }),
  ];
  calls = [];
  requestMock.mockReset();
  answer(requestMock, {
    'employee:get': () => [
      employee(OLA, 'Ola Nordmann', 'ola-user'),
      employee(TECH, 'Tekniker', 'tech-user'),
    ],
  });
  httpMock.mockReset();
  httpMock.mockImplementation((async (
    path: string,
    options: { method?: string; body?: unknown; query?: unknown } = {},
  ) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, body: options.body, query: options.query });
    const one = /^\/tasks\/([^/]+)$/.exec(path);
    if (method === 'GET' && path === '/tasks') return aPage(tasks);
    if (method === 'GET' && one) return tasks.find((task) => task.id === one[1]);
    if (method === 'PATCH' && one) {
      const task = tasks.find((candidate) => candidate.id === one[1])!;
      const { changes } = options.body as { changes: Partial<TaskDto> };
      return { ...task, ...changes, version: task.version + 1 };
    }
    if (method === 'DELETE' && one) return { id: one[1] };
    if (method === 'POST' && path === '/tasks') return aTask({ id: 'new', ...(options.body as object) });
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const render = (role: 'leader' | 'technician' | 'readonly', userId = 'ola-user') => {
  useAuthStore.setState({ user: aUser(role, { id: userId }) });
  renderScreen(
    <MemoryRouter initialEntries={['/tasks']}>
      <TasksPage entityHref={({ id }) => `/projects?open=${id}`} />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
};

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('TasksPage', () => {
  it('lists the tasks with type, dd.MM.yyyy date and overdue mark; the drawer links the project', async () => {
    const user = render('leader');
    const row = await rowOf('Bytt dørpumpe');
    expect(within(row).getByText('Service item – emergency')).toBeInTheDocument();
    expect(within(row).getByText('02.03.2020')).toBeInTheDocument();
    expect(within(row).getByText('overdue')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/tasks', query: { filter: 'all', page: 1, pageSize: 20 } });
    await user.click(within(row).getByText('Bytt dørpumpe'));
    const drawer = await screen.findByRole('dialog', { name: 'Bytt dørpumpe' });
    expect(within(drawer).getByRole('link', { name: 'Project 1042 Skole Lørenskog' })).toHaveAttribute(
      'href',
      `/projects?open=${PROJECT}`,
    );
    expect(within(drawer).getByText('Ola Nordmann')).toBeInTheDocument();
  });

  it('marks a task done, and the toast’s Undo makes it pending again', async () => {
    const user = render('leader');
    const row = await rowOf('Bytt dørpumpe');
    await user.click(within(row).getByRole('button', { name: 'Mark Bytt dørpumpe done' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        version: 1,
        changes: { isDone: true },
      }),
    );
    expect(await screen.findByText('Bytt dørpumpe marked done')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
        version: 2,
        changes: { isDone: false },
      }),
    );
    expect(await screen.findByText('Bytt dørpumpe is pending again')).toBeInTheDocument();
  });

  it('filters by mine, overdue and done on the server', async () => {
    const user = render('leader');
    await rowOf('Bytt dørpumpe');
    await user.click(screen.getByRole('radio', { name: 'Overdue' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ path: '/tasks', query: { filter: 'overdue' } }));
    await user.click(screen.getByRole('radio', { name: 'Done' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ path: '/tasks', query: { filter: 'done' } }));
  });

  it('opens a task in the drawer and deletes it only after asking', async () => {
    const user = render('leader');
    await user.click(await screen.findByText('Bytt dørpumpe'));
    const drawer = await screen.findByRole('dialog', { name: 'Bytt dørpumpe' });
    expect(within(drawer).getByText('Sperr av døra')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete the task?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete task' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ query: { version: 1 } }),
    );
    expect(await screen.findByText('Task Bytt dørpumpe deleted')).toBeInTheDocument();
  });

  it('lets a technician mark only their own task done, and change nothing else', async () => {
    render('technician', 'tech-user');
    const own = await rowOf('Service');
    await waitFor(() =>
      expect(within(own).getByRole('button', { name: 'Mark Service done' })).toBeInTheDocument(),
    );
    const others = await rowOf('Bytt dørpumpe');
    expect(within(others).queryByRole('button', { name: /Mark/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New task' })).toBeNull();
  });

  it('is read only for a reader', async () => {
    const user = render('readonly');
    const row = await rowOf('Bytt dørpumpe');
    expect(within(row).queryByRole('button', { name: /Mark/ })).toBeNull();
    await user.click(within(row).getByText('Bytt dørpumpe'));
    const drawer = await screen.findByRole('dialog', { name: 'Bytt dørpumpe' });
    expect(within(drawer).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(drawer).getByText('You can read this task, not change it.')).toBeInTheDocument();
  });

  it('creates a task with the dialog: a service-item emergency unless another type is picked', async () => {
    const user = render('leader');
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ring kunden');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Ring kunden',
        type: 'service-item-emergency',
        entityType: null,
        assigneeId: null,
      }),
    );
    expect(await screen.findByText('Task Ring kunden created')).toBeInTheDocument();
  });
});

describe('EntityTasks', () => {
  it('lists a project’s tasks and starts a new one about the project', async () => {
    useAuthStore.setState({ user: aUser('leader', { id: 'ola-user' }) });
    renderScreen(
      <MemoryRouter>
        <EntityTasks entityType="project" entityId={PROJECT} entityLabel="1042 Skole Lørenskog" />
      </MemoryRouter>,
    );
    await screen.findByText('Bytt dørpumpe');
    expect(calls[0]).toMatchObject({ query: { filter: 'all', entityId: PROJECT } });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    expect(within(dialog).getByRole('combobox', { name: 'Project' })).toHaveValue('1042 Skole Lørenskog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mål opp');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Mål opp',
        type: 'project',
        entityType: 'project',
        entityId: PROJECT,
      }),
    );
  });
});
