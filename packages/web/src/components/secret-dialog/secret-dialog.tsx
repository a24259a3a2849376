import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SecretDialogProps = {
  /** The secret to show; the dialog is open while there is one. */
  secret: string | null;
  title: string;
  /** Why it must be copied now (it is never shown again). */
  message: string;
  /** A line under the secret, e.g. how it is used. */
  footnote?: ReactNode;
  'data-testid'?: string;
  onClose: () => void;
};

/** A secret shown this once — a webhook's signing secret, an API token — with a copy button. */
export const SecretDialog = ({ secret, title, message, footnote, onClose, ...props }: SecretDialogProps) => {
  const { t } = useTranslation('components');
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} closeOnClickOutside={false} size="lg">
      <Stack gap="sm">
        <Alert color="yellow">{message}</Alert>
        <Code
          block
          data-testid={props['data-testid']}
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {secret}
        </Code>
        <Group justify="space-between">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('secretDialog.copied') : t('secretDialog.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('secretDialog.done')}</Button>
        </Group>
        {footnote && (
          <Text size="xs" c="dimmed">
            {footnote}
          </Text>
        )}
      </Stack>
    </Modal>
  );
};
