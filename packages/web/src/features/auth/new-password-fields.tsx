import { PasswordInput } from '@mantine/core';
import type { GetInputProps } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** "New password" and its confirmation, as every form that sets a password shows them. */
export const NewPasswordFields = ({
  getInputProps,
  autoFocus = false,
}: {
  getInputProps: GetInputProps<{ newPassword: string; confirmPassword: string }>;
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={t('newPassword')}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        {...getInputProps('newPassword')}
      />
      <PasswordInput
        label={t('confirmPassword')}
        autoComplete="new-password"
        required
        {...getInputProps('confirmPassword')}
      />
    </>
  );
};
