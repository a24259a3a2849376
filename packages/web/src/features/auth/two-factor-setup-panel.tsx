import type { TwoFactorSetup } from '@karm/domain/contract';
import { Alert, Button, Center, Code, Group, Image, List, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/error-text';
import { SecondFactorCodeInput } from './second-factor-code-input';
import { useCodeSubmit } from './use-code-submit';

/**
 * Setting up an authenticator: install an app, scan the QR code (or type the key), confirm with the
 * first code. `onConfirm` sends the code; a wrong one is shown at the field, anything else goes to
 * `onFailure` (by default shown under the form).
 */
export const TwoFactorSetupPanel = ({
  setup,
  onConfirm,
  onFailure,
}: {
  setup: TwoFactorSetup;
  onConfirm: (code: string) => Promise<unknown>;
  onFailure?: (error: unknown) => boolean | undefined;
}) => {
  const { t } = useTranslation('security');
  const { code, change, codeError, failure, isBusy, submit } = useCodeSubmit(onConfirm, onFailure);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <List type="ordered" spacing="sm" size="sm">
          <List.Item>{t('setup.step1')}</List.Item>
          <List.Item>
            <Stack gap="xs">
              <Text size="sm">{t('setup.step2')}</Text>
              <Center>
                <Image
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
                  alt={t('setup.qrAlt')}
                  w={200}
                  h={200}
                  bg="white"
                />
              </Center>
              <Text size="sm">{t('setup.manualKeyHint')}</Text>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {t('setup.manualKey')}:
                </Text>
                <Code fz="sm" data-testid="manual-key" style={{ wordBreak: 'break-all' }}>
                  {setup.manualKey}
                </Code>
              </Group>
            </Stack>
          </List.Item>
          <List.Item>{t('setup.step3')}</List.Item>
        </List>
        <SecondFactorCodeInput
          label={t('fields.code')}
          value={code}
          autoFocus
          error={codeError ? translateMessage(t, codeError) : undefined}
          onChange={(event) => change(event.currentTarget.value)}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={isBusy}>
          {t('setup.confirm')}
        </Button>
      </Stack>
    </form>
  );
};

/** While the new key is being made, or why it could not be. */
export const SetupPending = ({ failure }: { failure: string | null }) => {
  const { t } = useTranslation('security');
  return failure ? (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  ) : (
    <Stack align="center" gap="xs">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {t('setup.loading')}
      </Text>
    </Stack>
  );
};
