import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A new or rotated signing secret, shown this once with a copy button. */
export const SecretDialog = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
  const { t } = useTranslation('webhooks');
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('secretDialog.title')}
      closeOnClickOutside={false}
      size="lg"
    >
      <Stack gap="sm">
        <Alert color="yellow">{t('secretDialog.message')}</Alert>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
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
        <Text size="xs" c="dimmed">
          Karm-Signature: t=…,v1=HMAC-SHA256(secret, t + "." + body)
        </Text>
      </Stack>
    </Modal>
  );
};
