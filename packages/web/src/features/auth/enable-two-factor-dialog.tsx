import type { TwoFactorSetup } from '@karm/domain/contract';
import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components';
import { useIsPhone } from '@/lib/use-is-phone';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useBeginTwoFactorSetup, useEnableTwoFactor } from './two-factor-api';
import { SetupPending, TwoFactorSetupPanel } from './two-factor-setup-panel';

/**
 * Turning two-factor sign-in on from the profile: a new key (QR code and text), the first code to
 * confirm it, then the recovery codes, which must be saved before the dialog closes.
 */
export const EnableTwoFactorDialog = ({
  opened,
  onClose,
  onEnabled,
  username,
}: {
  opened: boolean;
  onClose: () => void;
  onEnabled: () => void;
  username: string;
}) => {
  const { t } = useTranslation('security');
  const isPhone = useIsPhone();
  const beginSetup = useBeginTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  // A fresh key each time the dialog opens; the previous unconfirmed one is replaced by the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening asks for a key
  useEffect(() => {
    if (!opened) return;
    setSetup(null);
    setRecoveryCodes(null);
    beginSetup.mutate(undefined, { onSuccess: setSetup });
  }, [opened]);

  const finish = () => {
    onClose();
    onEnabled();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('setup.title')}
      centered
      fullScreen={isPhone}
      size="lg"
      withCloseButton={!recoveryCodes}
      closeOnClickOutside={!recoveryCodes}
      closeOnEscape={!recoveryCodes}
    >
      {recoveryCodes ? (
        <RecoveryCodesPanel codes={recoveryCodes} username={username} onDone={finish} />
      ) : setup ? (
        <TwoFactorSetupPanel
          setup={setup}
          onConfirm={async (code) => setRecoveryCodes((await enable.mutateAsync({ code })).recoveryCodes)}
        />
      ) : (
        <SetupPending failure={beginSetup.isError ? errorMessageOf(beginSetup.error) : null} />
      )}
    </Modal>
  );
};
