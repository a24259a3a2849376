import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifySuccess } from '@/components';
import { reportClientError } from '@/lib/error-reporting';
import { errorTextOf } from '@/lib/error-text';
import { useSocketErrorStore } from '@/lib/store/socket-error-store';

/** The "error message" dialog (SPEC §2): an error the server pushed, with a way to report it. */
export const ErrorMessageDialog = () => {
  const { t, i18n } = useTranslation();
  const error = useSocketErrorStore((state) => state.pushed);
  const dismiss = useSocketErrorStore((state) => state.dismissPushed);
  if (!error) return null;

  const send = async () => {
    await reportClientError('server-error-dialog', new Error(error.message), error);
    notifySuccess(t('errorDialog.sent'));
    dismiss();
  };

  return (
    <AppDialog
      opened
      onClose={dismiss}
      title={t('errorDialog.title')}
      size="sm"
      onSendError={send}
      onCancel={dismiss}
    >
      <Stack gap="xs">
        <Text>{errorTextOf(i18n, error)}</Text>
        <Code block>{`${error.code}: ${error.message}`}</Code>
      </Stack>
    </AppDialog>
  );
};
