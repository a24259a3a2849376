import type { OrderDto, ProjectDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { ProjectDialog, type ProjectDialogProps } from './project-dialog';
import { toFormValues } from './project-form';
import {
  aCombined,
  answer,
  aProject,
  aUser,
  conflict,
  DEPARTMENT,
  inputsOf,
  MANAGER,
  OTHER_MANAGER,
  renderProjects,
} from './projects-testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
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

const lookups = {
  'project-manager:get': () => [MANAGER, OTHER_MANAGER],
  'project_department:get': () => [DEPARTMENT],
  'process-columns:get': () => [],
} as const;

const open = (props: Partial<ProjectDialogProps> = {}) => {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const view = renderProjects(<ProjectDialog opened onClose={onClose} onDeleted={onDeleted} {...props} />);
  return { ...view, onClose, onDeleted, user: userEvent.setup({ delay: null }) };
};

/** Serves `get-combined` from a variable, so a test can change what "the database" holds. */
const database = (project: ProjectDto, orders: OrderDto[] = []) => {
  const state = { project, orders };
  httpMock.mockImplementation(async () => aCombined(state.project, state.orders));
  return state;
};

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
const tab = (name: string) => screen.getByRole('tab', { name });

describe('ProjectDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    requestMock.mockReset();
    httpMock.mockReset();
    useAuthStore.setState({ user: aUser() });
  });

  it('a new project has only the Project tab until it is saved, and may be closed', async () => {
    answer(requestMock, lookups);
    const { user, onClose } = open();
    const dialog = await dialogNamed('New project');
    expect(tab('Project')).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Process', 'Orders', 'Notes']) expect(tab(name)).toBeDisabled();
    expect(within(dialog).getByText(/Save the project first/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();

    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toBeEnabled();
    await user.click(close);
    expect(onClose).toHaveBeenCalled();
  });

  it('saving a new project sends the fields to project:create, then opens the other tabs', async () => {
    const created = aProject({
      number: 1043,
      name: 'Ny skole',
      projectManager: MANAGER,
      deliveryDate: '2026-12-24',
      customer: null,
      department: null,
    });
    answer(requestMock, { ...lookups, 'project:create': () => created });
    database(created);
    const { user } = open();
    const dialog = await dialogNamed('New project');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'project:create')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Project name/ }), '  Ny skole ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Project manager' }));
    await user.click(await within(dialog).findByRole('option', { name: MANAGER.displayName }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Delivery date' }), '24.12.2026');
    await user.tab();
    await user.type(within(dialog).getByRole('textbox', { name: 'Postal code' }), '0150');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Direct project' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(inputsOf(requestMock, 'project:create')).toHaveLength(1));
    expect(inputsOf(requestMock, 'project:create')[0]).toEqual(
      expect.objectContaining({
        name: 'Ny skole',
        projectManagerId: MANAGER.id,
        deliveryDate: '2026-12-24',
        projectPostalCode: '0150',
        isDirect: true,
        isService: false,
        customerId: null,
        orders: [],
      }),
    );
    expect(await screen.findByText('Project 1043 created')).toBeInTheDocument();
    await dialogNamed('Project 1043 – Ny skole');
    for (const name of ['Process', 'Orders', 'Notes']) expect(tab(name)).toBeEnabled();
  });

  it('shows the project’s tasks in a Tasks tab, composed by the app, for whoever may read tasks', async () => {
    const project = aProject({ name: 'Skolebygg Nord' });
    database(project);
    answer(requestMock, lookups);
    const renderTasks = vi.fn((shown: { id: string; number: number }) => <p>Tasks of {shown.number}</p>);
    const { user } = open({ projectId: project.id, renderTasks });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    await waitFor(() => expect(within(dialog).getByRole('tab', { name: 'Tasks' })).toBeEnabled());
    await user.click(tab('Tasks'));
    expect(await within(dialog).findByText('Tasks of 1042')).toBeInTheDocument();
    expect(renderTasks).toHaveBeenCalledWith(expect.objectContaining({ id: project.id }));
  });

  it('has no Tasks tab for someone who may not read tasks', async () => {
    useAuthStore.setState({
      user: { ...aUser(), permissions: aUser().permissions.filter((p) => !p.startsWith('tasks.')) },
    });
    const project = aProject({ name: 'Skolebygg Nord' });
    database(project);
    answer(requestMock, lookups);
    open({ projectId: project.id, renderTasks: () => <p>Tasks</p> });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    await within(dialog).findByRole('tab', { name: 'Orders' });
    expect(within(dialog).queryByRole('tab', { name: 'Tasks' })).toBeNull();
  });

  it('on CONFLICT offers the newer data and, on yes, reloads it into the form', async () => {
    const mine = aProject({ name: 'Skolebygg Nord', version: 3 });
    const db = database(mine);
    answer(requestMock, {
      ...lookups,
      'project:update': () => {
        throw conflict({ currentVersion: 4 });
      },
    });
    const { user } = open({ projectId: mine.id });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    const name = await within(dialog).findByRole('textbox', { name: /Project name/ });
    await user.clear(name);
    await user.type(name, 'Mitt navn');
    db.project = { ...mine, name: 'Endret av Ola', siteContactName: 'Ola', version: 4 };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(inputsOf(requestMock, 'project:update')).toEqual([
      { id: mine.id, version: 3, changes: { ...toFormValues(mine), name: 'Mitt navn' } },
    ]);
    const question = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    expect(
      within(question).getByText('This project was changed by someone else. Retrieve the newer data?'),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Retrieve newer data' }));

    await waitFor(() => expect(name).toHaveValue('Endret av Ola'));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Ola');
    expect(await screen.findByText('The newer data was retrieved')).toBeInTheDocument();
    await dialogNamed('Project 1042 – Endret av Ola');

    // The next save goes against the version just retrieved.
    requestMock.mockClear();
    answer(requestMock, {
      ...lookups,
      'project:update': (input) => ({ ...db.project, ...input.changes, version: 5 }),
    });
    await user.clear(name);
    await user.type(name, 'Mitt navn');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'project:update')).toEqual([
        { id: mine.id, version: 4, changes: { ...toFormValues(db.project), name: 'Mitt navn' } },
      ]),
    );
  });

  it('on CONFLICT, "keep my form" leaves the edits in place', async () => {
    const mine = aProject({ version: 3 });
    database(mine);
    answer(requestMock, {
      ...lookups,
      'project:update': () => {
        throw conflict({ currentVersion: 4 });
      },
    });
    const { user } = open({ projectId: mine.id });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    const name = await within(dialog).findByRole('textbox', { name: /Project name/ });
    await user.clear(name);
    await user.type(name, 'Mitt navn');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    await user.click(within(question).getByRole('button', { name: 'Keep my form' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(name).toHaveValue('Mitt navn');
    expect(httpMock).toHaveBeenCalledTimes(1);
  });

  it('delete asks first, and asks again when the project has active plans', async () => {
    const mine = aProject({ version: 2 });
    database(mine);
    answer(requestMock, {
      ...lookups,
      'project:delete': ({ isPlanRemovalConfirmed }) => {
        if (!isPlanRemovalConfirmed) throw conflict({ activePlans: 2 });
        return { id: mine.id, removedPlans: 2 };
      },
    });
    const { user, onClose, onDeleted } = open({ projectId: mine.id });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    await within(dialog).findByRole('textbox', { name: /Project name/ });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const first = await screen.findByRole('dialog', { name: 'Delete?' });
    expect(
      within(first).getByText('Delete project 1042 – Skolebygg Nord? This cannot be undone.'),
    ).toBeInTheDocument();
    expect(inputsOf(requestMock, 'project:delete')).toEqual([]);
    await user.click(within(first).getByRole('button', { name: 'Delete' }));

    const second = await screen.findByRole('dialog', { name: 'The project has active plans' });
    expect(within(second).getByText('The project has 2 active plans; remove them too?')).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Delete with plans' }));

    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(mine.id));
    expect(inputsOf(requestMock, 'project:delete')).toEqual([
      { id: mine.id, version: 2, isPlanRemovalConfirmed: false },
      { id: mine.id, version: 2, isPlanRemovalConfirmed: true },
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Project 1042 deleted')).toBeInTheDocument();
  });

  it('declining the active-plans question deletes nothing', async () => {
    const mine = aProject();
    database(mine);
    answer(requestMock, {
      ...lookups,
      'project:delete': () => {
        throw conflict({ activePlans: 1 });
      },
    });
    const { user, onDeleted } = open({ projectId: mine.id });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    await within(dialog).findByRole('textbox', { name: /Project name/ });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete?' })).getByRole('button', { name: 'Delete' }),
    );
    const second = await screen.findByRole('dialog', { name: 'The project has active plans' });
    expect(within(second).getByText('The project has 1 active plan; remove it too?')).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(second).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'project:delete')).toHaveLength(1);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Project 1042 – Skolebygg Nord' })).toBeInTheDocument();
  });

  it('archive asks for a reason', async () => {
    const mine = aProject({ version: 5 });
    database(mine);
    answer(requestMock, {
      ...lookups,
      'project:archive': ({ reason }) => ({ ...mine, state: 'archived', archiveReason: reason, version: 6 }),
    });
    const { user } = open({ projectId: mine.id });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    await within(dialog).findByRole('textbox', { name: /Project name/ });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    const ask = await screen.findByRole('dialog', { name: 'Archive the project' });
    await user.click(within(ask).getByRole('button', { name: 'Archive' }));
    expect(within(ask).getByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(ask).getByRole('textbox', { name: /Reason/ }), 'Kunden trakk seg');
    await user.click(within(ask).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Project archived')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'project:archive')).toEqual([
      { id: mine.id, version: 5, reason: 'Kunden trakk seg' },
    ]);
    expect(within(dialog).getByText('Archived: Kunden trakk seg')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
  });

  it('edits orders with money inputs, shows sales prices and totals, and saves them', async () => {
    const mine = aProject({ version: 7 });
    database(mine);
    answer(requestMock, {
      ...lookups,
      'project:save-orders': ({ orders }) => ({
        project: { ...mine, version: 8, projectValue: 180_090 },
        orders: orders.map((order, index) => ({
          id: `order-${index}`,
          title: order.title ?? '',
          total: 180_090,
          lines: (order.lines ?? []).map((line, at) => ({
            id: `line-${at}`,
            description: line.description ?? '',
            count: line.count ?? 1,
            unitPrice: line.unitPrice ?? 0,
            discountPercent: line.discountPercent ?? 0,
            costPrice: line.costPrice ?? 0,
            vatPercent: line.vatPercent ?? 25,
            salesPrice: 180_090,
          })),
        })),
      }),
    });
    const { user } = open({ projectId: mine.id });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    await within(dialog).findByRole('textbox', { name: /Project name/ });
    await user.click(tab('Orders'));
    await user.click(within(dialog).getByRole('button', { name: 'Add order' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Order 1 title' }), 'Dører');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description, line 1' }), 'Ytterdør');
    const count = within(dialog).getByRole('textbox', { name: 'Count, line 1' });
    await user.clear(count);
    await user.type(count, '2');
    const price = within(dialog).getByRole('textbox', { name: 'Unit price, line 1' });
    await user.clear(price);
    await user.type(price, '1 000,50');
    await user.tab();
    expect(price).toHaveValue(formatNok(100_050));
    await user.type(within(dialog).getByRole('textbox', { name: 'Discount %, line 1' }), '10');
    const cost = within(dialog).getByRole('textbox', { name: 'Cost price, line 1' });
    await user.clear(cost);
    await user.type(cost, 'tusen');
    await user.tab();
    expect(within(dialog).getByText('Not an amount, e.g. 1 234,50')).toBeInTheDocument();
    await user.clear(cost);
    await user.type(cost, '500');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'VAT, line 1' }), '15');

    // 2 × 1 000,50 less 10 % = 1 800,90
    const nbsp = (text: string) => text.replace(/\s/g, ' ');
    expect(dialog.querySelector('[data-sales-price]')).toHaveTextContent(nbsp(formatNok(180_090)));
    expect(within(dialog).getAllByText(nbsp(formatNok(180_090)), { exact: false }).length).toBeGreaterThan(1);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inputsOf(requestMock, 'project:save-orders')).toHaveLength(1));
    expect(inputsOf(requestMock, 'project:save-orders')[0]).toEqual({
      id: mine.id,
      version: 7,
      orders: [
        {
          title: 'Dører',
          lines: [
            {
              description: 'Ytterdør',
              count: 2,
              unitPrice: 100_050,
              discountPercent: 10,
              costPrice: 50_000,
              vatPercent: 15,
            },
          ],
        },
      ],
    });
    expect(inputsOf(requestMock, 'project:update')).toEqual([]);
    expect(await screen.findByText('Project saved')).toBeInTheDocument();
  });

  it('asks before closing with unsaved changes', async () => {
    const mine = aProject();
    database(mine);
    answer(requestMock, lookups);
    const { user, onClose } = open({ projectId: mine.id });
    const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
    await user.type(await within(dialog).findByRole('textbox', { name: /Project name/ }), ' II');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  describe('for a role that may read projects but not change them', () => {
    const ORDER: OrderDto = {
      id: 'order-1',
      title: 'Dører',
      total: 27_000_00,
      lines: [
        {
          id: 'line-1',
          description: 'Ytterdør',
          count: 2,
          unitPrice: 15_000_00,
          discountPercent: 10,
          costPrice: 9_000_00,
          vatPercent: 25,
          salesPrice: 27_000_00,
        },
      ],
    };

    it('shows the project, its orders and notes read only; the work order still opens', async () => {
      useAuthStore.setState({ user: aUser('leader') });
      // Made from an offer, which a leader may not read: no offer is fetched, no link shown.
      const mine = aProject({ customer: null, offerId: '70000000-0000-7000-8000-000000000001' });
      database(mine, [ORDER]);
      answer(requestMock, lookups);
      const { user } = open({ projectId: mine.id });
      const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
      const name = await within(dialog).findByRole('textbox', { name: /Project name/ });
      expect(within(dialog).getByText('Read only')).toBeInTheDocument();
      expect(name).toHaveValue('Skolebygg Nord');
      expect(name).toBeDisabled();
      for (const action of ['Save', 'Archive', 'Delete', 'Find customer', 'Add customer', 'Add contact']) {
        expect(within(dialog).queryByRole('button', { name: action }), action).not.toBeInTheDocument();
      }
      expect(within(dialog).getByRole('button', { name: 'Show document' })).toBeEnabled();
      expect(httpMock.mock.calls.some(([path]) => String(path).startsWith('/offers'))).toBe(false);

      await user.click(tab('Orders'));
      expect(within(dialog).getByRole('textbox', { name: 'Order 1 title' })).toBeDisabled();
      expect(within(dialog).getByRole('textbox', { name: 'Description, line 1' })).toBeDisabled();
      for (const action of ['Add order', 'Remove order', 'Add line', 'Remove, line 1']) {
        expect(within(dialog).queryByRole('button', { name: action }), action).not.toBeInTheDocument();
      }
      await user.click(tab('Notes'));
      expect(within(dialog).getByRole('textbox', { name: /Note to the resource planner/ })).toBeDisabled();
    });

    it('whoever may change projects gets the same dialog with everything in it', async () => {
      const mine = aProject({ customer: null });
      database(mine, [ORDER]);
      answer(requestMock, lookups);
      const { user } = open({ projectId: mine.id });
      const dialog = await dialogNamed('Project 1042 – Skolebygg Nord');
      expect(await within(dialog).findByRole('textbox', { name: /Project name/ })).toBeEnabled();
      expect(within(dialog).queryByText('Read only')).not.toBeInTheDocument();
      for (const action of ['Save', 'Archive', 'Delete', 'Find customer', 'Add customer']) {
        expect(within(dialog).getByRole('button', { name: action }), action).toBeInTheDocument();
      }
      await user.click(tab('Orders'));
      expect(within(dialog).getByRole('button', { name: 'Add order' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Remove, line 1' })).toBeInTheDocument();
    });
  });
});
