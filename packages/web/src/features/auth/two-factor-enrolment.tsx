import type { EnrolledSignInResult, TwoFactorSetup } from '@karm/domain/contract';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components/notify/notify';
import { acceptSession } from '@/lib/session';
import { request } from '@/lib/socket';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { restartWhenExpired, type SecondStepProps } from './second-factor-form';
import { SetupPending, TwoFactorSetupPanel } from './two-factor-setup-panel';
import './security-texts';

/**
 * Sign-in for an administrator whose company requires two-factor sign-in and who has none yet:
 * set it up (QR code or key, first code), save the recovery codes, and only then go in.
 */
export const TwoFactorEnrolment = ({ challenge, onSignedIn, onRestart }: SecondStepProps) => {
  const { t } = useTranslation('security');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState<EnrolledSignInResult | null>(null);
  // One secret per visit: React's development double effect must not ask for two.
  const isRequested = useRef(false);

  const restartIfExpired = (error: unknown) => restartWhenExpired(error, t, onRestart);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the setup is asked for once, on arrival
  useEffect(() => {
    if (isRequested.current) return;
    isRequested.current = true;
    request('authenticate:enrol-setup', { challengeToken: challenge.challengeToken }).then(
      setSetup,
      (error) => {
        if (!restartIfExpired(error)) setFailure(errorMessageOf(error));
      },
    );
  }, []);

  if (enrolled) {
    const { recoveryCodes, ...session } = enrolled;
    return (
      <RecoveryCodesPanel
        codes={recoveryCodes}
        username={session.user.username}
        onDone={async () => {
          await acceptSession(session);
          onSignedIn();
        }}
      />
    );
  }

  return (
    <Stack>
      <Alert color="blue" icon={<IconShieldLock size={18} />} title={t('setup.title')}>
        {t('setup.requiredByCompany')}
      </Alert>
      {setup ? (
        <TwoFactorSetupPanel
          setup={setup}
          onConfirm={async (code) =>
            setEnrolled(
              await request('authenticate:enrol-confirm', { challengeToken: challenge.challengeToken, code }),
            )
          }
          onFailure={restartIfExpired}
        />
      ) : (
        <SetupPending failure={failure} />
      )}
      <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
        {t('signIn.startOver')}
      </Anchor>
    </Stack>
  );
};
