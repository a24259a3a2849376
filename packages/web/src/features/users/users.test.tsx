import {
  type EmployeeDto,
  type RolePermissionsDto,
  roleGrantsOf,
  type UserAdminDto,
} from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser, nextTestId } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { CreateUserForm } from './create-user-form';
import { RolePermissionsEditor } from './role-permissions-editor';
import { UsersTab } from './users-tab';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
const requestMock = vi.mocked(request);
// Large screens (a matrix of 37 permissions, a form of 13 fields): on a busy machine they take time to render.
vi.setConfig({ testTimeout: 20_000 });

const me = aUser('admin', { firstName: 'Anne', lastName: 'Admin', fullName: 'Anne Admin' });

const aListedUser = (overrides: Partial<UserAdminDto> = {}): UserAdminDto => ({
  id: nextTestId('60000000'),
  username: 'per',
  email: 'per@firma.test',
  firstName: 'Per',
  lastName: 'Hansen',
  fullName: 'Per Hansen',
  phone: '900 11 222',
  comments: null,
  dateOfBirth: '1990-11-29',
  dateOfEmployment: '2018-01-15',
  userType: 'employee',
  role: 'technician',
  employee: null,
  lastSignedInAt: '2026-03-02T06:45:00.000Z',
  isActive: true,
  isInvitationPending: false,
  isManageable: true,
  hasTwoFactor: false,
  locale: 'nb',
  version: 3,
  ...overrides,
});

const anEmployee = (overrides: Partial<EmployeeDto> = {}): EmployeeDto => ({
  id: nextTestId('70000000'),
  firstName: 'Ingrid',
  lastName: 'Olsen',
  fornavn: 'Ingrid',
  etternavn: 'Olsen',
  displayName: 'Ingrid Olsen',
  fullName: 'Ingrid Olsen',
  accountingId: '42',
  employeeCategory: null,
  department: null,
  workGroup: 'montasje',
  email: 'ingrid@firma.test',
  phoneNumberMobile: '911 22 333',
  birthDate: '1993-02-17',
  employmentDate: '2021-09-01',
  isActive: true,
  userId: null,
  ...overrides,
});

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  requestMock.mockReset();
  useAuthStore.setState({ user: me });
});

describe('the users list', () => {
  it('shows each user with role, state and last sign-in, searches and pages on the server', async () => {
    const per = aListedUser();
    const invited = aListedUser({
      username: 'nora',
      fullName: 'Nora Ny',
      role: 'office',
      lastSignedInAt: null,
      isInvitationPending: true,
    });
    answer(requestMock, {
      'users:list': ({ search, page }) =>
        search
          ? aPage([per])
          : aPage(Number(page ?? 1) === 1 ? [per, invited] : [], { total: 25, page: Number(page ?? 1) }),
    });
    renderScreen(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    const row = await screen.findByRole('row', { name: /Per Hansen/ });
    expect(within(row).getByText('Technician')).toBeInTheDocument();
    expect(within(row).getByText('02.03.2026 07:45')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const invitedRow = screen.getByRole('row', { name: /Nora Ny/ });
    expect(within(invitedRow).getByText('Invited')).toBeInTheDocument();
    expect(within(invitedRow).getByText('Never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(inputsOf(requestMock, 'users:list').at(-1)).toMatchObject({ page: 2 }));
    await user.type(screen.getByLabelText('Search name, username or e-mail'), 'per');
    await waitFor(() =>
      expect(inputsOf(requestMock, 'users:list').at(-1)).toMatchObject({ search: 'per', page: 1 }),
    );
    await user.click(screen.getByRole('radio', { name: 'Deactivated' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'users:list').at(-1)).toMatchObject({ status: 'inactive' }),
    );
  });

  it('opens a user, saves only what changed at the version read, with a toast', async () => {
    const per = aListedUser();
    answer(requestMock, {
      'users:list': () => aPage([per]),
      'users:get': () => per,
      'employee:get': () => [],
      'users:update': (input) =>
        ({ ...per, ...input, phone: input.phone ?? per.phone, version: 4 }) as UserAdminDto,
    });
    renderScreen(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('row', { name: /Per Hansen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'User: Per Hansen' });
    const phone = within(dialog).getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveValue('900 11 222'));
    await user.clear(phone);
    await user.type(phone, '411 00 000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User saved')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'users:update')).toEqual([{ id: per.id, version: 3, phone: '411 00 000' }]);
  });

  it('tells an administrator who tries to delete themselves that they cannot, and asks nothing', async () => {
    const self = aListedUser({ id: me.id, fullName: 'Anne Admin', role: 'admin', username: 'admin' });
    answer(requestMock, {
      'users:list': () => aPage([self]),
      'users:get': () => self,
      'employee:get': () => [],
    });
    renderScreen(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('row', { name: /Anne Admin/ }));
    const dialog = await screen.findByRole('dialog', { name: 'User: Anne Admin' });
    expect(within(dialog).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('A user cannot delete themselves')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'users:delete')).toEqual([]);
  });

  it('asks before deactivating, and shows a user shared with another company read-only', async () => {
    const per = aListedUser();
    const shared = aListedUser({ fullName: 'Kari Kontor', isManageable: false });
    answer(requestMock, {
      'users:list': () => aPage([per, shared]),
      'users:get': ({ id }) => (id === per.id ? per : shared),
      'employee:get': () => [],
      'users:deactivate': () => ({ ...per, isActive: false, version: 4 }),
    });
    renderScreen(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('row', { name: /Per Hansen/ }));
    let dialog = await screen.findByRole('dialog', { name: 'User: Per Hansen' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const question = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(within(question).getByText(/They are signed out at once/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Per Hansen is deactivated and signed out.')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'users:deactivate')).toEqual([{ id: per.id, version: 3 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('row', { name: /Kari Kontor/ }));
    dialog = await screen.findByRole('dialog', { name: 'User: Kari Kontor' });
    expect(within(dialog).getByText(/also works for another company/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('turns off the two-factor sign-in of someone who lost their phone, after asking', async () => {
    let per = aListedUser({ hasTwoFactor: true });
    answer(requestMock, {
      'users:list': () => aPage([per]),
      'users:get': () => per,
      'employee:get': () => [],
      'two-factor:reset-user': () => {
        per = { ...per, hasTwoFactor: false };
        return { ok: true };
      },
    });
    renderScreen(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('row', { name: /Per Hansen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'User: Per Hansen' });
    expect(within(dialog).getByText('Two-factor sign-in is on.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    const question = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    expect(within(question).getByText(/they are signed out/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in is off for Per Hansen.')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'two-factor:reset-user')).toEqual([{ userId: per.id }]);
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('button', { name: 'Turn off two-factor sign-in' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('creating a user', () => {
  const fillIn = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText(/^Username/), 'nora');
    await user.type(screen.getByLabelText(/^First name/), 'Nora');
    await user.type(screen.getByLabelText(/^Last name/), 'Ny');
    await user.type(screen.getByLabelText('E-mail'), 'nora@firma.test');
  };

  it('invites by default and says "User created successfully"', async () => {
    answer(requestMock, {
      'employee:get': () => [],
      'users:create': (input) => aListedUser({ username: input.username }),
    });
    renderScreen(<CreateUserForm />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Create a user');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText(/User created successfully/)).toBeInTheDocument();
    expect(inputsOf(requestMock, 'users:create')[0]).toMatchObject({
      username: 'nora',
      isInvitation: true,
      password: '',
      role: 'technician',
      locale: 'en',
    });
    // The form is ready for the next one.
    expect(screen.getByLabelText(/^Username/)).toHaveValue('');
  });

  it('fills a new user from the employee picked, without overwriting what is typed', async () => {
    const ingrid = anEmployee();
    const taken = anEmployee({ displayName: 'Per Hansen', userId: nextTestId('60000000') });
    answer(requestMock, {
      'employee:get': () => [ingrid, taken],
    });
    renderScreen(<CreateUserForm />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^First name/), 'Inga');
    await user.click(screen.getByRole('combobox', { name: 'Employee' }));
    expect(await screen.findByRole('option', { name: 'Per Hansen (another user)' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'Ingrid Olsen' }));
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Inga');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Olsen');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ingrid@firma.test');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('17.02.1993');
  });

  it('"Failed to create user" when the server refuses, with the reason by the field', async () => {
    answer(requestMock, {
      'employee:get': () => [],
      'users:create': () => {
        throw new ApiError({
          code: 'VALIDATION',
          message: 'This username is already in use',
          messageKey: 'validation.usernameTaken',
          details: { fields: { username: 'validation.usernameTaken' } },
        });
      },
    });
    renderScreen(<CreateUserForm />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Create a user');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
    expect(screen.getAllByText(/This username is already in use in Karm/).length).toBeGreaterThan(0);
  });

  it('"Error creating user" when the call itself fails', async () => {
    answer(requestMock, {
      'employee:get': () => [],
      'users:create': () => {
        throw new ApiError({ code: 'UPSTREAM', message: 'No answer from the server' });
      },
    });
    renderScreen(<CreateUserForm />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Create a user');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Error creating user')).toBeInTheDocument();
  });

  it('checks the form before sending: a password when not inviting, employment not before birth', async () => {
    answer(requestMock, {
      'employee:get': () => [],
    });
    renderScreen(<CreateUserForm />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Create a user');
    await fillIn(user);
    await user.click(screen.getByRole('switch', { name: /Send an invitation/ }));
    await user.type(screen.getByLabelText(/^Password/), 'kort');
    await user.type(screen.getByLabelText('Date of birth'), '01.05.1990');
    await user.type(screen.getByLabelText('Date of employment'), '01.04.1990');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(
      await screen.findByText(/The date of employment cannot be before the date of birth/),
    ).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'users:create')).toEqual([]);
  });
});

describe('the roles and permissions matrix', () => {
  const permissionsAt = (version: number, grants = roleGrantsOf()): RolePermissionsDto => ({
    grants,
    defaults: roleGrantsOf(),
    version,
  });
  const cell = (permission: string, role: string) =>
    screen.getByLabelText(new RegExp(`^${permission}: ${role}`));

  it('marks departures, saves the whole matrix at its version, and goes back to the standard', async () => {
    const withoutCustomers = {
      ...roleGrantsOf(),
      office: roleGrantsOf().office.filter((name) => name !== 'customers.write'),
    };
    answer(requestMock, {
      'employee:get': () => [],
      'permissions:get': () => permissionsAt(4, withoutCustomers),
      'permissions:update': ({ grants, version }) => permissionsAt(version + 1, grants as never),
    });
    renderScreen(<RolePermissionsEditor />);
    const user = userEvent.setup({ delay: null });
    const changed = await screen.findByLabelText(
      'Add and change customers and contacts: Office (Changed from the standard)',
    );
    expect(changed).not.toBeChecked();
    // Administrators always; their column cannot be changed, nor the administrators-only permissions.
    expect(cell('Manage users and what each role may do', 'Administrator')).toBeDisabled();
    expect(cell('Manage users and what each role may do', 'Office')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save permissions' })).toBeDisabled();

    await user.click(cell('See the resource planner', 'Technician'));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    const [saved] = inputsOf(requestMock, 'permissions:update');
    expect(saved?.version).toBe(4);
    expect(saved?.grants.technician).toContain('planner.read');
    expect(saved?.grants.office).not.toContain('customers.write');

    await user.click(screen.getByRole('button', { name: 'Back to the standard' }));
    const question = await screen.findByRole('dialog', { name: 'Back to the standard' });
    await user.click(within(question).getByRole('button', { name: 'Back to the standard' }));
    expect(cell('Add and change customers and contacts', 'Office')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(inputsOf(requestMock, 'permissions:update')).toHaveLength(2));
    expect(inputsOf(requestMock, 'permissions:update')[1]).toEqual({ version: 5, grants: roleGrantsOf() });
  });

  it('after a conflict, asks to load the newer version and shows it', async () => {
    let stored = permissionsAt(2);
    answer(requestMock, {
      'employee:get': () => [],
      'permissions:get': () => stored,
      'permissions:update': () => {
        stored = permissionsAt(3, {
          ...roleGrantsOf(),
          readonly: [...roleGrantsOf().readonly, 'capacity.read'],
        });
        throw new ApiError({ code: 'CONFLICT', message: 'changed' });
      },
    });
    renderScreen(<RolePermissionsEditor />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText(/^See reports: Technician/));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText(/Someone else changed the permissions meanwhile/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retrieve newer data' }));
    await waitFor(() => expect(cell('See reports', 'Technician')).not.toBeChecked());
    expect(cell('See capacity and forecasts', 'Read only')).toBeChecked();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });
});
