import { Code, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, SendErrorDialog } from '@/components';
import { errorTextOf } from '@/lib/error-text';
import { useSocketErrorStore } from '@/lib/store/socket-error-store';

/** The "error message" dialog (SPEC §2): an error the server pushed, with a way to report it. */
export const ErrorMessageDialog = () => {
  const { t, i18n } = useTranslation();
  const error = useSocketErrorStore((state) => state.pushed);
  const dismiss = useSocketErrorStore((state) => state.dismissPushed);
  const [isReporting, setReporting] = useState(false);
  if (!error) return null;

  return (
    <>
      <AppDialog
        opened
        onClose={dismiss}
        title={t('errorDialog.title')}
        size="sm"
        onSendError={() => setReporting(true)}
        onCancel={dismiss}
      >
        <Stack gap="xs">
          <Text>{errorTextOf(i18n, error)}</Text>
          <Code block>{`${error.code}: ${error.message}`}</Code>
        </Stack>
      </AppDialog>
      {isReporting && <SendErrorDialog error={error} onClose={() => setReporting(false)} />}
    </>
  );
};
