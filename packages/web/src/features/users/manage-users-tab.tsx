import { Stack } from '@mantine/core';
import { CreateUserForm } from './create-user-form';
import { RolePermissionsEditor } from './role-permissions-editor';
import { useUserPushes } from './users-api';

/** Admin tab "Manage and create users": a new user, and what each role may do in the company. */
export const ManageUsersTab = () => {
  useUserPushes();
  return (
    <Stack gap="lg">
      <CreateUserForm />
      <RolePermissionsEditor />
    </Stack>
  );
};
