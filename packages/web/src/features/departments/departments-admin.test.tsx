import type { DepartmentAdminDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { DepartmentsAdmin } from './departments-admin';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
// The real store persists through IndexedDB, which jsdom lacks; the list only reads `user`.
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const department = (
  id: string,
  name: string,
  extra: Partial<DepartmentAdminDto> = {},
): DepartmentAdminDto => ({
  id,
  name,
  departmentNumber: '',
  isActive: true,
  fromAccounting: false,
  usage: 0,
  version: 1,
  ...extra,
});
let list: DepartmentAdminDto[];

beforeEach(() => {
  requestMock.mockReset();
  list = [
    department('d1', 'Montasje', { usage: 4 }),
    department('d2', 'Salg Tripletex', { fromAccounting: true, departmentNumber: '10' }),
  ];
  answer(requestMock, {
    'department:list': () => list,
    'department:add': (input) => [
      ...list,
      department('d3', input.name, { departmentNumber: input.departmentNumber ?? '' }),
    ],
    'department:upd': (input) =>
      list.map((candidate) =>
        candidate.id === input.id
          ? {
              ...candidate,
              ...(input.values.name !== undefined && { name: input.values.name }),
              ...(input.values.isActive !== undefined && { isActive: input.values.isActive }),
              version: candidate.version + 1,
            }
          : candidate,
      ),
    'department:del': () => {
      throw new ApiError({
        code: 'CONFLICT',
        message: 'in use',
        details: { reason: 'valueInUse', usage: 4 },
      });
    },
  });
});

const render = (role: 'admin' | 'office' = 'admin') => {
  useAuthStore.setState({ user: aUser(role) });
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <DepartmentsAdmin />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
};

const rowOf = async (name: string) => {
  await waitFor(() => expect(document.querySelector(`[data-department="${name}"]`)).not.toBeNull());
  return document.querySelector(`[data-department="${name}"]`) as HTMLElement;
};

describe('DepartmentsAdmin', () => {
  it("adds a department of the company's own", async () => {
    const user = render();
    await rowOf('Montasje');
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    await user.type(await screen.findByLabelText(/Name/), 'Service Vest');
    await user.type(screen.getByLabelText('Number'), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'department:add')).toEqual([
        { name: 'Service Vest', departmentNumber: '40' },
      ]),
    );
    expect(await screen.findByText('The department was saved.')).toBeInTheDocument();
    expect(await rowOf('Service Vest')).toBeInTheDocument();
  });

  it('refuses an empty name before asking the server', async () => {
    const user = render();
    await rowOf('Montasje');
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'department:add')).toEqual([]);
  });

  it('offers to deactivate a department in use instead of deleting it', async () => {
    const user = render();
    const row = await rowOf('Montasje');
    expect(within(row).getByText('4')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete: Montasje' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/is used by 4 projects, employees or settings/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'department:upd')).toEqual([
        { id: 'd1', version: 1, values: { isActive: false } },
      ]),
    );
  });

  it("shows the accounting system's departments read-only, with a note where to change them", async () => {
    render();
    const row = await rowOf('Salg Tripletex');
    expect(within(row).getByText('Tripletex')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit: Salg Tripletex' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Delete: Salg Tripletex' })).toBeDisabled();
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(screen.getByText(/come from the accounting system/)).toBeInTheDocument();
  });

  it('shows the list read only to someone without the projects settings permission', async () => {
    render('office');
    const row = await rowOf('Montasje');
    expect(screen.queryByRole('button', { name: 'Add department' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(row).getByRole('switch')).toBeDisabled();
  });
});
