import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { Button, type ButtonProps, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/components';
import { fieldErrorsOf, translateMessage } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { useIsPhone } from '@/lib/use-is-phone';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SecondFactorCodeInput } from './second-factor-code-input';

type Values = { password: string; code: string };

export type TwoFactorCodeDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  /** Ask for the password too (turning two-factor sign-in off). */
  withPassword?: boolean;
  /** Sends the answer; new recovery codes it resolves with are shown before `onDone`. */
  submit: (values: Values) => Promise<string[] | undefined>;
  onDone: () => void;
  username: string;
};

const EMPTY: Values = { password: '', code: '' };

/**
 * A change to two-factor sign-in that must be proven with a current code (and the password): the
 * dialog asks, shows a wrong answer at its field, and shows new recovery codes when there are any.
 */
export const TwoFactorCodeDialog = ({
  opened,
  onClose,
  title,
  text,
  confirmLabel,
  confirmColor,
  withPassword = false,
  submit,
  onDone,
  username,
}: TwoFactorCodeDialogProps) => {
  const { t } = useTranslation('security');
  const isPhone = useIsPhone();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [isBusy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setRecoveryCodes(null);
    onClose();
  };
  const finish = () => {
    close();
    onDone();
  };

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Values> = {
      ...(withPassword && !values.password && { password: VALIDATION_MESSAGE_KEYS.required }),
      ...(!values.code.trim() && { code: VALIDATION_MESSAGE_KEYS.required }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const codes = await submit(values);
      if (codes) setRecoveryCodes(codes);
      else finish();
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      if (fields.password || fields.code) setErrors({ password: fields.password, code: fields.code });
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const errorText = (field: keyof Values) => (errors[field] ? translateMessage(t, errors[field]) : undefined);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      fullScreen={isPhone}
      // New recovery codes are shown once: the dialog closes only through "I have saved them".
      withCloseButton={!recoveryCodes}
      closeOnClickOutside={!recoveryCodes}
      closeOnEscape={!recoveryCodes}
    >
      {recoveryCodes ? (
        <RecoveryCodesPanel codes={recoveryCodes} username={username} onDone={finish} />
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <Stack>
            <Text size="sm">{text}</Text>
            {withPassword && (
              <PasswordInput
                label={t('fields.password')}
                autoComplete="current-password"
                required
                data-autofocus
                value={values.password}
                error={errorText('password')}
                onChange={(event) => change('password', event.currentTarget.value)}
              />
            )}
            <SecondFactorCodeInput
              label={t('fields.codeOrRecoveryCode')}
              acceptsRecoveryCode
              data-autofocus={!withPassword || undefined}
              value={values.code}
              error={errorText('code')}
              onChange={(event) => change('code', event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={isBusy}>
                {t('cancel')}
              </Button>
              <Button type="submit" color={confirmColor} loading={isBusy}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};
