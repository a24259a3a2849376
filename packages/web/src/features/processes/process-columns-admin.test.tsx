import { PROJECT_PUSHES, type ProcessColumnDto } from '@karm/domain/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { ProcessColumnsAdmin } from './process-columns-admin';
import { aColumn, answer, inputsOf, renderProcesses } from './testing';

const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));
const requestMock = vi.mocked(request);

let columns: ProcessColumnDto[];
const drawings = aColumn({ key: 'PID1', nameNo: 'Tegning', nameEn: 'Drawings', position: 1 });
const approved = aColumn({ key: 'PID2', nameNo: 'Godkjent', nameEn: 'Approved', factor: 7, position: 2 });
const glass = aColumn({
  key: 'PID3',
  nameNo: 'Glass',
  nameEn: 'Glass',
  type: 'orderedReceived',
  factor: 2,
  min: 2,
  max: 4,
  position: 3,
  subProcesses: [
    {
      id: '60000000-0000-7000-8000-000000000001',
      nameNo: 'Herdet',
      nameEn: 'Tempered',
      type: 'orderedReceived',
      position: 1,
    },
  ],
});

const reordered = (ids: string[]) =>
  ids.map((id, index) => ({ ...columns.find((column) => column.id === id)!, position: index + 1 }));

const serve = () =>
  answer(requestMock, {
    'process-columns:get': () => columns,
    'process-columns:reorder': ({ ids }) => {
      columns = reordered(ids);
      return columns;
    },
    'process-columns:create': (input) =>
      aColumn({ ...input, type: 'completed', position: columns.length + 1 }),
    'process-columns:update': (input) => ({
      ...columns.find((column) => column.id === input.id)!,
      ...input,
      type: 'completed',
    }),
    'process-columns:delete': ({ id }) => ({ id }),
    'process-columns:create-sub': (input) => {
      const column = columns.find((candidate) => candidate.id === input.columnId)!;
      return {
        ...column,
        subProcesses: [
          ...column.subProcesses,
          {
            id: '60000000-0000-7000-8000-000000000099',
            nameNo: input.nameNo,
            nameEn: input.nameEn,
            type: 'completed',
            position: 2,
          },
        ],
      };
    },
    'process-columns:delete-sub': ({ id }) => ({
      ...glass,
      subProcesses: glass.subProcesses.filter((sub) => sub.id !== id),
    }),
  });

const itemNames = () =>
  within(screen.getByRole('list', { name: 'Process columns' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('ProcessColumnsAdmin', () => {
  beforeEach(() => {
    requestMock.mockReset();
    listeners.clear();
    columns = [drawings, approved, glass];
    serve();
  });

  it('lists the columns in order with their names, type, weeks and sub-processes', async () => {
    renderProcesses(<ProcessColumnsAdmin />);
    expect(await screen.findByText('Tegning / Drawings')).toBeInTheDocument();
    expect(itemNames()).toEqual(['Drawings', 'Approved', 'Glass']);
    const glassItem = screen.getByRole('listitem', { name: 'Glass' });
    expect(within(glassItem).getByText('Ordered / received')).toBeInTheDocument();
    expect(within(glassItem).getByText('Factor 2 · min 2 · max 4 weeks')).toBeInTheDocument();
    expect(within(glassItem).getByText(/Herdet \/ Tempered/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Drawings up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Glass down' })).toBeDisabled();
  });

  it('"Move up" sends the new order and shows it', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProcessColumnsAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Move Approved up' }));
    expect(inputsOf(requestMock, 'process-columns:reorder')).toEqual([
      { ids: [approved.id, drawings.id, glass.id] },
    ]);
    await waitFor(() => expect(itemNames()).toEqual(['Approved', 'Drawings', 'Glass']));
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
  });

  it('a new process needs both names, each at most 15 characters, and sends nothing until then', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProcessColumnsAdmin />);
    await user.click(await screen.findByRole('button', { name: 'New process' }));
    const dialog = screen.getByRole('dialog', { name: 'New process' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Norwegian name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('English name is required')).toBeInTheDocument();

    await user.type(
      within(dialog).getByRole('textbox', { name: /^Norwegian name/ }),
      'Sluttkontroll av dører',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^English name/ }), 'Final check');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Cannot exceed 15 characters')).toBeInTheDocument();
    expect(within(dialog).queryByText('English name is required')).not.toBeInTheDocument();
    expect(inputsOf(requestMock, 'process-columns:create')).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Norwegian name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Norwegian name/ }), 'Sluttkontroll');
    const factor = within(dialog).getByRole('textbox', { name: /^Factor/ });
    await user.clear(factor);
    await user.type(factor, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'process-columns:create')).toEqual([
      {
        nameNo: 'Sluttkontroll',
        nameEn: 'Final check',
        factor: 1,
        min: 0,
        max: 0,
        type: 'completed',
        color: '#868e96',
        status: '',
        invoice: false,
      },
    ]);
    expect(await screen.findByText('Sluttkontroll / Final check')).toBeInTheDocument();
  });

  it('edits a column', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProcessColumnsAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Edit Approved' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit process' });
    const english = within(dialog).getByRole('textbox', { name: /^English name/ });
    expect(english).toHaveValue('Approved');
    await user.clear(english);
    await user.type(english, 'Signed off');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Invoice point/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'process-columns:update')).toEqual([
      expect.objectContaining({
        id: approved.id,
        nameNo: 'Godkjent',
        nameEn: 'Signed off',
        invoice: true,
        factor: 7,
      }),
    ]);
    expect(await screen.findByText('Godkjent / Signed off')).toBeInTheDocument();
  });

  it('deletes a column only after asking', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProcessColumnsAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Delete Drawings' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete process?' });
    expect(within(ask).getByText(/Delete the process Drawings\?/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(inputsOf(requestMock, 'process-columns:delete')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Drawings' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete process?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(inputsOf(requestMock, 'process-columns:delete')).toEqual([{ id: drawings.id }]),
    );
    await waitFor(() => expect(itemNames()).toEqual(['Approved', 'Glass']));
  });

  it('a sub-process needs both names and a type; deleting one asks first', async () => {
    const user = userEvent.setup();
    renderProcesses(<ProcessColumnsAdmin />);
    const item = await screen.findByRole('listitem', { name: 'Drawings' });
    await user.click(within(item).getByRole('button', { name: 'Add sub-process' }));
    const dialog = screen.getByRole('dialog', { name: 'New sub-process of Drawings' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Sub process norwegian name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Sub process english name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Sub process type is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Norwegian name/ }), 'Arbeidstegning');
    await user.type(within(dialog).getByRole('textbox', { name: /^English name/ }), 'Shop drawing');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Sub process type is required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'process-columns:create-sub')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await within(dialog).findByRole('option', { name: 'Completed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf(requestMock, 'process-columns:create-sub')).toEqual([
      { columnId: drawings.id, nameNo: 'Arbeidstegning', nameEn: 'Shop drawing', type: 'completed' },
    ]);
    expect(await within(item).findByText(/Arbeidstegning \/ Shop drawing/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete sub-process Tempered' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete sub-process?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(inputsOf(requestMock, 'process-columns:delete-sub')).toEqual([
        { id: glass.subProcesses[0]!.id },
      ]),
    );
    await waitFor(() => expect(screen.queryByText(/Herdet \/ Tempered/)).not.toBeInTheDocument());
  });

  it('columns pushed by another administrator replace the list', async () => {
    renderProcesses(<ProcessColumnsAdmin />);
    await screen.findByText('Tegning / Drawings');
    act(() =>
      listeners.get(PROJECT_PUSHES.processColumnsChanged)?.([
        { ...glass, position: 1 },
        { ...drawings, position: 2 },
      ]),
    );
    await waitFor(() => expect(itemNames()).toEqual(['Glass', 'Drawings']));
  });
});
