import type { SecondFactorChallenge } from '@karm/domain/contract';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, translateMessage } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { acceptSession } from '@/lib/session';
import { request } from '@/lib/socket';
import { SecondFactorCodeInput } from './second-factor-code-input';
import { useCodeSubmit } from './use-code-submit';
import './security-texts';

export type SecondStepProps = {
  challenge: SecondFactorChallenge;
  onSignedIn: () => void;
  /** Back to the password, e.g. when the challenge expired (with the reason to show there). */
  onRestart: (reason?: string) => void;
};

/**
 * When the challenge is spent or expired (the answer names the `challengeToken` field), goes back
 * to the password step with the reason; true if so.
 */
export const restartWhenExpired = (
  error: unknown,
  t: Parameters<typeof translateMessage>[0],
  onRestart: SecondStepProps['onRestart'],
) => {
  const key = error instanceof ApiError ? fieldErrorsOf(error).challengeToken : undefined;
  if (key) onRestart(translateMessage(t, key));
  return key !== undefined;
};

/**
 * The second sign-in step (SPEC §4 with two-factor sign-in): a code from the authenticator app, or
 * one of the recovery codes. Loaded only when a sign-in asks for it, so /login stays light.
 */
export const SecondFactorForm = ({ challenge, onSignedIn, onRestart }: SecondStepProps) => {
  const { t } = useTranslation('security');
  const [isRecoveryCode, setRecoveryCode] = useState(false);
  const { code, change, codeError, failure, isBusy, submit } = useCodeSubmit(
    async (typed) => {
      const session = await request('authenticate:second-factor', {
        challengeToken: challenge.challengeToken,
        code: typed,
      });
      await acceptSession(session);
      onSignedIn();
    },
    (error) => restartWhenExpired(error, t, onRestart),
  );

  const switchKind = () => {
    setRecoveryCode((current) => !current);
    change('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Text size="sm">{t(isRecoveryCode ? 'signIn.recoveryHint' : 'signIn.codeHint')}</Text>
        <SecondFactorCodeInput
          // A new field for the other kind, so the browser offers the right keyboard and autofill.
          key={isRecoveryCode ? 'recovery' : 'code'}
          label={t(isRecoveryCode ? 'signIn.recoveryCodeLabel' : 'signIn.codeLabel')}
          acceptsRecoveryCode={isRecoveryCode}
          autoFocus
          value={code}
          error={codeError ? translateMessage(t, codeError) : undefined}
          onChange={(event) => change(event.currentTarget.value)}
        />
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={isBusy} fullWidth>
          {t('signIn.verify')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {t(isRecoveryCode ? 'signIn.useAppCode' : 'signIn.useRecoveryCode')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
            {t('signIn.startOver')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
};
