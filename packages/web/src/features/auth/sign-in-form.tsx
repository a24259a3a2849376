import { type CompanyChoice, loginInputSchema } from '@karm/domain/contract';
import { Alert, Button, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components';
import { useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { acceptSession } from '@/lib/session';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';

type SignInValues = { username: string; password: string; companyId: string | null };

/**
 * SPEC §4 login: credentials go over the socket; a wrong answer sets the login error flag; a user
 * of several companies is asked to select one.
 */
export const SignInForm = ({ onSignedIn }: { onSignedIn: () => void }) => {
  const { t } = useTranslation('auth');
  const hasLoginError = useAuthStore((state) => state.hasLoginError);
  const setLoginError = useAuthStore((state) => state.setLoginError);
  const [companies, setCompanies] = useState<CompanyChoice[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm<SignInValues>(loginInputSchema, {
    username: '',
    password: '',
    companyId: null,
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (companies.length > 0 && !values.companyId) {
      form.setFieldError('companyId', 'validation.companyRequired');
      return;
    }
    try {
      const session = await request('authenticate', {
        username: values.username,
        password: values.password,
        companyId: values.companyId,
      });
      setLoginError(false);
      acceptSession(session);
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'COMPANY_REQUIRED') {
        setCompanies((error.details as { companies: CompanyChoice[] }).companies);
        return;
      }
      if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') {
        setLoginError(true);
        return;
      }
      setFailure(errorMessageOf(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('usernameLabel')}
          autoComplete="username"
          required
          data-autofocus
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('passwordLabel')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        {companies.length > 0 && (
          <Select
            label={t('selectCompany')}
            description={t('selectCompanyHint')}
            placeholder={t('selectCompany')}
            data={companies.map((company) => ({ value: company.id, label: company.name }))}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            {...form.getInputProps('companyId')}
          />
        )}
        {hasLoginError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
            {t('wrongCredentials')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('signIn')}
        </Button>
      </Stack>
    </form>
  );
};
