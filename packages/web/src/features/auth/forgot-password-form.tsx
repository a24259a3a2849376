import { forgotPasswordInputSchema } from '@karm/domain/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/components/notify/notify';
import { useContractForm } from '@/lib/forms';
import { request } from '@/lib/socket';

/** SPEC §2 forgot password: sends a reset link. The answer never says whether the account exists. */
export const ForgotPasswordForm = () => {
  const { t } = useTranslation('auth');
  const [isSent, setSent] = useState(false);
  const form = useContractForm<{ usernameOrEmail: string }>(forgotPasswordInputSchema, {
    usernameOrEmail: '',
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await request('user:forgot-password', values);
      setSent(true);
    } catch (error) {
      notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('forgotPasswordHint')}
        </Text>
        <TextInput
          label={t('usernameLabel')}
          autoComplete="username"
          required
          {...form.getInputProps('usernameOrEmail')}
        />
        {isSent && (
          <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
            {t('resetLinkSent')}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting}>
          {t('sendResetLink')}
        </Button>
      </Stack>
    </form>
  );
};
