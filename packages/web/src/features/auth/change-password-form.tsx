import { changePasswordInputSchema } from '@karm/domain/contract';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/components/notify/notify';
import { applyServerFieldErrors, useContractForm } from '@/lib/forms';
import { request } from '@/lib/socket';
import { NewPasswordFields } from './new-password-fields';

type ChangePasswordValues = {
  username: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/**
 * SPEC §2 change password (current, new, confirm). On the login page the user also names the
 * account; on the profile page the account is the signed-in one.
 */
export const ChangePasswordForm = ({ username, onDone }: { username?: string; onDone?: () => void }) => {
  const { t } = useTranslation('auth');
  const form = useContractForm<ChangePasswordValues>(changePasswordInputSchema, {
    username: username ?? '',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await request('user:change-password', values);
      // Signed in (the profile), this tab stays signed in; only the other sessions end.
      notifySuccess(t(username === undefined ? 'passwordChanged' : 'passwordChangedSignedIn'));
      form.reset();
      onDone?.();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t(username === undefined ? 'changePasswordHint' : 'changePasswordHintSignedIn')}
        </Text>
        {username === undefined && (
          <TextInput
            label={t('usernameLabel')}
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
        )}
        <PasswordInput
          label={t('currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields getInputProps={form.getInputProps} />
        <Button type="submit" loading={form.submitting}>
          {t('changePassword')}
        </Button>
      </Stack>
    </form>
  );
};
