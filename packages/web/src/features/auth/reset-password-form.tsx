import { resetPasswordInputSchema } from '@karm/domain/contract';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/components/notify/notify';
import { applyServerFieldErrors, fieldErrorsOf, translateMessage, useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { NewPasswordFields } from './new-password-fields';

type ResetValues = { token: string; newPassword: string; confirmPassword: string };

/** The form behind the mailed reset link (`/login?reset=…`). */
export const ResetPasswordForm = ({ token, onDone }: { token: string; onDone: () => void }) => {
  const { t } = useTranslation('auth');
  const form = useContractForm<ResetValues>(resetPasswordInputSchema, {
    token,
    newPassword: '',
    confirmPassword: '',
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await request('user:reset-password', values);
      notifySuccess(t('passwordReset'));
      onDone();
    } catch (error) {
      // A dead link has no field on screen, so its message goes into a toast.
      const tokenMessage = error instanceof ApiError ? fieldErrorsOf(error).token : undefined;
      if (tokenMessage) notifyError(translateMessage(t, tokenMessage));
      else if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <NewPasswordFields getInputProps={form.getInputProps} autoFocus />
        <Button type="submit" loading={form.submitting}>
          {t('resetPassword')}
        </Button>
      </Stack>
    </form>
  );
};
