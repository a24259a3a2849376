import type { CollectionDto, WorkGroupMemberDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { WORK_GROUPS } from './testing';
import { WorkGroupMembers } from './work-group-members';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const groups: CollectionDto = {
  collection: 'workGroup',
  values: [
    ...WORK_GROUPS.map((group) => ({ ...group, isBuiltIn: true, version: 1 })),
    {
      key: 'lager-1',
      labels: { en: 'Warehouse', nb: 'Lager' },
      isActive: true,
      isBuiltIn: false,
      version: 1,
    },
  ],
};
let members: WorkGroupMemberDto[];

beforeEach(() => {
  requestMock.mockReset();
  members = [
    { id: 'e1', name: 'Ola Nordmann', workGroup: 'produksjon', version: 4 },
    { id: 'e2', name: 'Kari Montør', workGroup: null, version: 1 },
  ];
});

const serve = (
  assign: (input: { employeeId: string; version: number; workGroup: string | null }) => unknown,
) =>
  answer(requestMock, {
    'collection:get': () => groups,
    'planner:work-group-members': () => members,
    'planner:assign-work-group': assign as never,
  });

describe('who is in each work group', () => {
  it('moves an employee to another group at the version read, with a toast', async () => {
    serve(({ employeeId, workGroup }) => ({
      ...members.find((m) => m.id === employeeId)!,
      workGroup,
      version: 5,
    }));
    useAuthStore.setState({ user: aUser('admin') });
    renderScreen(<WorkGroupMembers />);
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Work group of Ola Nordmann' });
    expect(select).toHaveValue('produksjon');
    expect(screen.getByRole('combobox', { name: 'Work group of Kari Montør' })).toHaveValue('-');
    await user.selectOptions(select, 'lager-1');
    expect(await screen.findByText('Ola Nordmann moved to Warehouse')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'planner:assign-work-group')).toEqual([
      { employeeId: 'e1', version: 4, workGroup: 'lager-1' },
    ]);
    await waitFor(() => expect(select).toHaveValue('lager-1'));
    // The filter shows one group at a time, with how many are in it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'No work group (1)');
    const table = screen.getByRole('table');
    expect(within(table).queryByText('Ola Nordmann')).not.toBeInTheDocument();
    expect(within(table).getByText('Kari Montør')).toBeInTheDocument();
  });

  it('says so when someone changed the employee meanwhile, and reads the members again', async () => {
    serve(() => {
      throw new ApiError({ code: 'CONFLICT', message: 'The employee was changed by someone else' });
    });
    useAuthStore.setState({ user: aUser('admin') });
    renderScreen(<WorkGroupMembers />);
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Work group of Kari Montør' }),
      'service',
    );
    expect(await screen.findByText('Kari Montør was not moved')).toBeInTheDocument();
    await waitFor(() => expect(inputsOf(requestMock, 'planner:work-group-members')).toHaveLength(2));
  });
});
