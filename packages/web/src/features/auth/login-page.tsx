import type { Locale } from '@karm/domain/i18n';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageSelect } from '@/components/language-select/language-select';
import { changeLocale } from '@/lib/i18n';
import { SignInForm } from './sign-in-form';

// The other panels load when opened: with the contract's schemas (and zod) they would weigh down
// the sign-in, which every visit begins with.
const ChangePasswordForm = lazy(() =>
  import('./change-password-form').then((module) => ({ default: module.ChangePasswordForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form').then((module) => ({ default: module.ForgotPasswordForm })),
);
const ResetPasswordForm = lazy(() =>
  import('./reset-password-form').then((module) => ({ default: module.ResetPasswordForm })),
);

type Panel = 'signIn' | 'changePassword' | 'forgotPassword';

/** SPEC §2 /login: sign in, change password, forgot password, reset from a mailed link. */
export const LoginPage = () => {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const resetToken = searchParams.get('reset');
  // An invitation's link: the same form, but the person is new here.
  const isWelcome = Boolean(resetToken) && searchParams.get('welcome') === '1';
  const panel = (searchParams.get('panel') as Panel | null) ?? 'signIn';
  const show = (next: Panel) => setSearchParams(next === 'signIn' ? {} : { panel: next });

  const heading = isWelcome
    ? t('welcomeTitle')
    : resetToken
      ? t('resetPasswordTitle')
      : panel === 'changePassword'
        ? t('changePassword')
        : panel === 'forgotPassword'
          ? t('forgotPassword')
          : t('title');

  return (
    <Paper withBorder shadow="md" radius="md" p="xl" maw={440} mx="auto">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2}>{heading}</Title>
            {panel === 'signIn' && !resetToken && (
              <Text size="sm" c="dimmed">
                {t('subtitle')}
              </Text>
            )}
            {isWelcome && (
              <Text size="sm" c="dimmed">
                {t('welcomeText')}
              </Text>
            )}
          </Stack>
        </Group>
        <LanguageSelect
          value={(i18n.language as Locale) ?? 'en'}
          onChange={(locale) => void changeLocale(locale)}
        />
        <Suspense fallback={null}>
          {resetToken ? (
            <ResetPasswordForm token={resetToken} onDone={() => setSearchParams({})} />
          ) : panel === 'changePassword' ? (
            <ChangePasswordForm onDone={() => show('signIn')} />
          ) : panel === 'forgotPassword' ? (
            <ForgotPasswordForm />
          ) : (
            <SignInForm onSignedIn={() => void navigate('/')} />
          )}
        </Suspense>
        <Group justify="space-between">
          {panel === 'signIn' && !resetToken ? (
            <>
              <Anchor component="button" type="button" size="sm" onClick={() => show('forgotPassword')}>
                {t('forgotPassword')}
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => show('changePassword')}>
                {t('changePassword')}
              </Anchor>
            </>
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={() => setSearchParams({})}>
              {t('backToSignIn')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
};
