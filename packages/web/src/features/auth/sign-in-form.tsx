import type { CompanyChoice, SecondFactorChallenge } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { Alert, Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components/notify/notify';
import { translateMessage } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { acceptSession } from '@/lib/session';
import { request, socket } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';

// Only users of several companies see the company choice; its dropdown loads when it is needed.
const CompanySelect = lazy(() =>
  import('./company-select').then((module) => ({ default: module.CompanySelect })),
);

// The second step (a code, or setting up two-factor sign-in) loads only for those who need it.
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((module) => ({ default: module.SecondFactorForm })),
);
const TwoFactorEnrolment = lazy(() =>
  import('./two-factor-enrolment').then((module) => ({ default: module.TwoFactorEnrolment })),
);

type Field = 'username' | 'password' | 'companyId';

/**
 * SPEC §4 login: credentials go over the socket; a wrong answer sets the login error flag; a user
 * of several companies is asked to select one; with two-factor sign-in a second step follows.
 *
 * The one form that loads before the app, so it is kept light: plain state, and it checks only that
 * the fields are filled, leaving the rest of the contract (loginInputSchema) to the server — the
 * contract's zod schemas and the form library load with the signed-in app instead.
 */
export const SignInForm = ({ onSignedIn }: { onSignedIn: () => void }) => {
  const { t } = useTranslation('auth');
  const hasLoginError = useAuthStore((state) => state.hasLoginError);
  const setLoginError = useAuthStore((state) => state.setLoginError);
  const [companies, setCompanies] = useState<CompanyChoice[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState({ username: '', password: '', companyId: null as string | null });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  /** Set when the password was right but a second factor is needed. */
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  const inputProps = (field: Field) => ({
    error: errors[field] ? translateMessage(t, errors[field]) : undefined,
  });
  const change = (field: Field, value: string | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const signIn = async () => {
    setFailure(null);
    const missing: Partial<Record<Field, string>> = {
      ...(values.username.trim() === '' && { username: VALIDATION_MESSAGE_KEYS.required }),
      ...(values.password === '' && { password: VALIDATION_MESSAGE_KEYS.required }),
      ...(companies.length > 0 && !values.companyId && { companyId: 'validation.companyRequired' }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const session = await request('authenticate', values);
      setLoginError(false);
      // Only once the session is stored: a reload right after the address changes must find it.
      await acceptSession(session);
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED') {
        setLoginError(false);
        setChallenge(error.details as SecondFactorChallenge);
        return;
      }
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
  };

  // The connection (and Socket.IO's code) does not load with the page: it starts when the user
  // begins to type (autofill included), so it is open by the submit. Not on focus: the username
  // field has focus from the start, so that typing is never lost.
  const connectEarly = () => void socket.connect();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await signIn();
    } finally {
      setSubmitting(false);
    }
  };

  /** Back from the second step to the password (which is asked again), with the reason if any. */
  const restart = (reason?: string) => {
    setChallenge(null);
    setValues((current) => ({ ...current, password: '' }));
    setFailure(reason ?? null);
  };

  if (challenge) {
    const SecondStep = challenge.method === 'enrol' ? TwoFactorEnrolment : SecondFactorForm;
    return (
      <Suspense fallback={<Loader size="sm" mx="auto" />}>
        <SecondStep challenge={challenge} onSignedIn={onSignedIn} onRestart={restart} />
      </Suspense>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label={t('usernameLabel')}
          autoComplete="username"
          required
          // Focused on load: a person who starts typing at once signs in (SPEC §2 login form).
          autoFocus
          value={values.username}
          onInput={connectEarly}
          onChange={(event) => change('username', event.currentTarget.value)}
          {...inputProps('username')}
        />
        <PasswordInput
          label={t('passwordLabel')}
          autoComplete="current-password"
          required
          value={values.password}
          onInput={connectEarly}
          onChange={(event) => change('password', event.currentTarget.value)}
          {...inputProps('password')}
        />
        {companies.length > 0 && (
          <Suspense fallback={null}>
            <CompanySelect
              label={t('selectCompany')}
              description={t('selectCompanyHint')}
              placeholder={t('selectCompany')}
              data={companies.map((company) => ({ value: company.id, label: company.name }))}
              value={values.companyId}
              onChange={(value) => change('companyId', value)}
              {...inputProps('companyId')}
            />
          </Suspense>
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
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('signIn')}
        </Button>
      </Stack>
    </form>
  );
};
