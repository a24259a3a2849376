import { formatDateTime } from '@karm/domain/rules';
import { Alert, Button, Code, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppDialog, errorMessageOf, notifyError, notifySuccess } from '@/components';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { useResendDelivery, useWebhookDelivery } from './webhooks-api';

/** Pretty-prints the body for reading; what was signed and sent is the stored text. */
const readableJson = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/** "Webhook log edit": one delivery with its body and every attempt, and Resend. */
export const DeliveryDialog = ({
  deliveryId,
  onClose,
}: {
  deliveryId: string | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('webhooks');
  const delivery = useWebhookDelivery(deliveryId);
  const resend = useResendDelivery();
  if (!deliveryId) return null;

  const resendNow = async () => {
    try {
      await resend.mutateAsync(deliveryId);
      notifySuccess(t('delivery.resent'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={t('delivery.title')}
      size="xl"
      onCancel={onClose}
      busy={resend.isPending}
      footerExtra={
        <Button
          leftSection={<IconRepeat size={16} />}
          onClick={() => void resendNow()}
          loading={resend.isPending}
          disabled={!delivery.data}
        >
          {t('delivery.resend')}
        </Button>
      }
    >
      {delivery.isError ? (
        <Alert color="red">{errorMessageOf(delivery.error)}</Alert>
      ) : !delivery.data ? (
        <Loader />
      ) : (
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <DeliveryStatusBadge status={delivery.data.status} />
            <Code>{delivery.data.event}</Code>
            <Text size="sm" c="dimmed">
              {t('delivery.created')}: {formatDateTime(delivery.data.createdAt)}
            </Text>
            {delivery.data.nextAttemptAt && (
              <Text size="sm" c="dimmed">
                {t('delivery.nextAttempt')}: {formatDateTime(delivery.data.nextAttemptAt)}
              </Text>
            )}
          </Group>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {t('delivery.url')}: {delivery.data.url}
          </Text>
          <Title order={5}>{t('delivery.body')}</Title>
          <ScrollArea.Autosize mah={220}>
            <Code block>{readableJson(delivery.data.body)}</Code>
          </ScrollArea.Autosize>
          <Title order={5}>{t('delivery.attempts')}</Title>
          {delivery.data.attempts.length === 0 && <Text size="sm">{t('delivery.noAttempts')}</Text>}
          {delivery.data.attempts.map((attempt) => (
            <Paper key={attempt.id} withBorder p="xs" data-testid="webhook-attempt">
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={500}>
                  {formatDateTime(attempt.attemptedAt)}
                </Text>
                <Text size="sm" c={attempt.isSuccess ? 'green' : 'red'}>
                  {attempt.responseCode ?? t('delivery.noAnswer')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('delivery.duration', { ms: attempt.durationMs })}
                </Text>
              </Group>
              {attempt.error && (
                <Text size="sm" c="red">
                  {attempt.error}
                </Text>
              )}
              {attempt.responseExcerpt && (
                <>
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('delivery.responseExcerpt')}
                  </Text>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {attempt.responseExcerpt}
                  </Code>
                </>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </AppDialog>
  );
};
