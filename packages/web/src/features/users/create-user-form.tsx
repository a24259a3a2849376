import { INVITATION_LINK_TTL_DAYS, type UserAdminDto, userCreateSchema } from '@karm/domain/contract';
import { LOCALES, type Locale } from '@karm/domain/i18n';
import { Button, Group, Paper, Select, Stack, Switch } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, SectionHeader } from '@/components';
import { applyServerFieldErrors, useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { UserFields } from './user-fields';
import { newUserValues, type UserFormValues } from './user-form';
import { type UserCreateInput, useCreateUser } from './users-api';

const toCreateInput = (values: UserFormValues): UserCreateInput => ({
  username: values.username,
  firstName: values.firstName,
  lastName: values.lastName,
  email: values.email,
  phone: values.phone,
  comments: values.comments,
  dateOfBirth: values.dateOfBirth,
  dateOfEmployment: values.dateOfEmployment,
  userType: values.userType,
  role: values.role,
  employeeId: values.employeeId,
  isInvitation: values.isInvitation,
  password: values.isInvitation ? '' : values.password,
  locale: values.locale,
});

/**
 * The server answered and said no (the refusal has a reason to show), as opposed to a call that
 * failed on the way or on the server: SPEC §8 tells the two apart.
 */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.code !== 'UPSTREAM' && error.code !== 'INTERNAL';

/**
 * "Manage and create users": a new user with a role, the employee they are, and either a password
 * or an invitation by e-mail (on by default: nobody has to pass a password on).
 */
export const CreateUserForm = ({ onCreated }: { onCreated?: (user: UserAdminDto) => void }) => {
  const { t, i18n } = useTranslation('users');
  const create = useCreateUser();
  const blank = () => newUserValues((i18n.language as Locale) ?? 'en');
  const form = useContractForm<UserFormValues>(userCreateSchema, blank());

  const submit = form.onSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(toCreateInput(values));
      notifySuccess(
        values.isInvitation
          ? `${t('create.created')}. ${t('create.invitationSent', { email: values.email })}`
          : t('create.created'),
      );
      form.setValues(blank());
      form.resetDirty(blank());
      onCreated?.(created);
    } catch (error) {
      if (isRefusal(error)) {
        applyServerFieldErrors(form, error);
        notifyError(error, { title: t('create.failed') });
      } else {
        notifyError(t('create.error'));
      }
    }
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-labelledby="create-user-title">
        <Stack gap="sm">
          <SectionHeader
            titleId="create-user-title"
            title={t('create.title')}
            description={t('create.description')}
          />
          <Switch
            label={t('form.invite')}
            description={t('form.inviteHint', { days: INVITATION_LINK_TTL_DAYS })}
            {...form.getInputProps('isInvitation', { type: 'checkbox' })}
          />
          <UserFields form={form} isNew showPassword={!form.values.isInvitation} />
          <Select
            label={t('form.language')}
            description={t('form.languageHint')}
            allowDeselect={false}
            maw={320}
            data={LOCALES.map((locale) => ({ value: locale, label: t(`common:languages.${locale}`) }))}
            {...form.getInputProps('locale')}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
