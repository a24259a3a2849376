import { type EmployeeDto, ROLES, USER_TYPES } from '@karm/domain/contract';
import { PasswordInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components';
import { useEmployees } from '@/lib/api/employees';
import { type UserFormValues, valuesFromEmployee } from './user-form';

export type UserForm = UseFormReturnType<UserFormValues>;

/**
 * The admin form's fields (SPEC §3) with the role and the employee the user is, for creating and
 * for editing. `isNew` fills a new user's empty fields from the employee picked; `showPassword` is
 * off while an invitation replaces the password.
 */
export const UserFields = ({
  form,
  userId,
  isNew,
  showPassword,
  isReadOnly = false,
}: {
  form: UserForm;
  /** The user edited, whose own employee stays choosable; none for a new user. */
  userId?: string;
  isNew: boolean;
  showPassword: boolean;
  isReadOnly?: boolean;
}) => {
  const { t } = useTranslation('users');
  const employees = useEmployees();
  const employeeOptions = (employees.data ?? [])
    .filter((employee) => employee.isActive || employee.id === form.values.employeeId)
    .map((employee) => {
      const isOthers = employee.userId !== null && employee.userId !== userId;
      return {
        value: employee.id,
        label: isOthers ? `${employee.displayName} (${t('form.employeeLinked')})` : employee.displayName,
        disabled: isOthers,
      };
    });

  const chooseEmployee = (employeeId: string | null) => {
    form.setFieldValue('employeeId', employeeId);
    const employee = employees.data?.find((candidate: EmployeeDto) => candidate.id === employeeId);
    if (isNew && employee) form.setValues(valuesFromEmployee(form.values, employee));
  };
  const date = (field: 'dateOfBirth' | 'dateOfEmployment') => (
    <DateInput
      label={t(`form.${field}`)}
      readOnly={isReadOnly}
      {...form.getInputProps(field)}
      value={form.values[field]}
      onChange={(value) => form.setFieldValue(field, value)}
    />
  );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('form.role')}
          withAsterisk
          readOnly={isReadOnly}
          allowDeselect={false}
          data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          description={t(`roleDescriptions.${form.values.role}`)}
          {...form.getInputProps('role')}
        />
        <Select
          label={t('form.employee')}
          description={t('form.employeeHint')}
          searchable
          clearable
          readOnly={isReadOnly}
          data={employeeOptions}
          {...form.getInputProps('employeeId')}
          onChange={chooseEmployee}
        />
        <TextInput
          label={t('form.username')}
          withAsterisk
          autoComplete="off"
          readOnly={isReadOnly}
          {...form.getInputProps('username')}
        />
        {showPassword && (
          <PasswordInput
            label={t(isNew ? 'form.password' : 'form.newPassword')}
            description={t(isNew ? 'form.passwordHint' : 'form.newPasswordHint')}
            withAsterisk={isNew}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
        )}
        <TextInput
          label={t('form.firstName')}
          withAsterisk
          readOnly={isReadOnly}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('form.lastName')}
          withAsterisk
          readOnly={isReadOnly}
          {...form.getInputProps('lastName')}
        />
        <TextInput
          label={t('form.email')}
          type="email"
          readOnly={isReadOnly}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('form.phone')}
          type="tel"
          readOnly={isReadOnly}
          {...form.getInputProps('phone')}
        />
        {date('dateOfBirth')}
        {date('dateOfEmployment')}
        <Select
          label={t('form.userType')}
          readOnly={isReadOnly}
          allowDeselect={false}
          data={USER_TYPES.map((type) => ({ value: type, label: t(`userTypes.${type}`) }))}
          {...form.getInputProps('userType')}
        />
      </SimpleGrid>
      <Textarea
        label={t('form.comments')}
        rows={3}
        resize="vertical"
        readOnly={isReadOnly}
        {...form.getInputProps('comments')}
      />
    </Stack>
  );
};
