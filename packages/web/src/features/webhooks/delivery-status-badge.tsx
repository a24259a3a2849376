import type { WebhookDeliveryStatus } from '@karm/domain/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<WebhookDeliveryStatus, string> = {
  pending: 'gray',
  retrying: 'yellow',
  delivered: 'green',
  failed: 'red',
};

export const DeliveryStatusBadge = ({ status }: { status: WebhookDeliveryStatus }) => {
  const { t } = useTranslation('webhooks');
  return (
    <Badge color={COLOURS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {t(`log.statuses.${status}`)}
    </Badge>
  );
};
