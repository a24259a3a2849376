import { formatDate } from '@karm/domain/rules';
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, notifySuccess } from '@/components';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import { ProfileSection } from './profile-section';
import { useDisableTwoFactor, useRegenerateRecoveryCodes, useTwoFactorStatus } from './two-factor-api';
import { TwoFactorCodeDialog } from './two-factor-code-dialog';

/** Few enough recovery codes left to suggest new ones. */
const FEW_RECOVERY_CODES = 3;

type Dialog = 'enable' | 'disable' | 'regenerate' | null;

/** The profile's "Two-factor sign-in": whether it is on, turning it on and off, new recovery codes. */
export const TwoFactorSection = ({ username }: { username: string }) => {
  const { t } = useTranslation('security');
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (!status.data) {
    return (
      <ProfileSection title={t('title')}>
        {status.isError ? (
          <ErrorFallback error={status.error} onReload={() => void status.refetch()} />
        ) : (
          <Loader size="sm" aria-label={t('title')} />
        )}
      </ProfileSection>
    );
  }

  const { isEnabled, enabledAt, recoveryCodesLeft, isRequired } = status.data;
  return (
    <ProfileSection title={t('title')}>
      <Stack>
        <Group gap="sm">
          <Badge
            color={isEnabled ? 'green' : 'gray'}
            leftSection={isEnabled ? <IconShieldCheck size={14} /> : undefined}
            data-testid="two-factor-status"
          >
            {isEnabled ? t('statusOn') : t('statusOff')}
          </Badge>
          {enabledAt && (
            <Text size="sm" c="dimmed">
              {t('enabledSince', { date: formatDate(enabledAt) })}
            </Text>
          )}
        </Group>
        <Text size="sm">{t('intro')}</Text>
        {isEnabled && <Text size="sm">{t('recoveryCodesLeft', { count: recoveryCodesLeft })}</Text>}
        {isEnabled && recoveryCodesLeft <= FEW_RECOVERY_CODES && (
          <Alert color="yellow">{t('fewRecoveryCodesLeft')}</Alert>
        )}
        {isEnabled && isRequired && (
          <Text size="sm" c="dimmed">
            {t('requiredNote')}
          </Text>
        )}
        <Group>
          {isEnabled ? (
            <>
              <Button variant="default" onClick={() => setDialog('regenerate')}>
                {t('newRecoveryCodes')}
              </Button>
              <Button color="red" variant="light" disabled={isRequired} onClick={() => setDialog('disable')}>
                {t('turnOff')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setDialog('enable')}>{t('turnOn')}</Button>
          )}
        </Group>
      </Stack>
      <EnableTwoFactorDialog
        opened={dialog === 'enable'}
        onClose={close}
        onEnabled={() => notifySuccess(t('turnedOn'))}
        username={username}
      />
      <TwoFactorCodeDialog
        opened={dialog === 'disable'}
        onClose={close}
        title={t('disable.title')}
        text={t('disable.text')}
        confirmLabel={t('disable.confirm')}
        confirmColor="red"
        withPassword
        submit={async (values) => {
          await disable.mutateAsync(values);
          return undefined;
        }}
        onDone={() => notifySuccess(t('turnedOff'))}
        username={username}
      />
      <TwoFactorCodeDialog
        opened={dialog === 'regenerate'}
        onClose={close}
        title={t('regenerate.title')}
        text={t('regenerate.text')}
        confirmLabel={t('regenerate.confirm')}
        submit={async ({ code }) => (await regenerate.mutateAsync({ code })).recoveryCodes}
        onDone={() => notifySuccess(t('recoveryCodesRenewed'))}
        username={username}
      />
    </ProfileSection>
  );
};
