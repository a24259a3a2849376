import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDto,
  type WebhookDeliveryStatus,
  type WebhookSubscriptionDto,
} from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Alert, Code, Group, Select, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, ON_WIDE_SCREENS, SectionHeader, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { DeliveryDialog } from './delivery-dialog';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { useWebhookDeliveries } from './webhooks-api';

export const DELIVERIES_PAGE_SIZE = 20;

/** The delivery log: every delivery, newest first, paged and filtered on the server. */
export const DeliveryLog = ({ subscriptions }: { subscriptions: WebhookSubscriptionDto[] }) => {
  const { t } = useTranslation('webhooks');
  const paging = usePagingTexts();
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const [event, setEvent] = useState<string | null>(null);
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries({
    page,
    pageSize: DELIVERIES_PAGE_SIZE,
    ...(status && { status }),
    ...(event && { event }),
    ...(subscriptionId && { subscriptionId }),
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="sm">
      <SectionHeader title={t('log.title')} />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('log.status')}
          placeholder={t('log.all')}
          clearable
          value={status}
          onChange={filter((value) => setStatus(value as WebhookDeliveryStatus | null))}
          data={WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t(`log.statuses.${value}`) }))}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('log.event')}
          placeholder={t('log.all')}
          clearable
          value={event}
          onChange={filter(setEvent)}
          data={[...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('log.subscription')}
          placeholder={t('log.all')}
          clearable
          value={subscriptionId}
          onChange={filter(setSubscriptionId)}
          data={subscriptions.map((subscription) => ({
            value: subscription.id,
            label: subscription.description || subscription.url,
          }))}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {deliveries.isError ? (
        <Alert color="red">{errorMessageOf(deliveries.error)}</Alert>
      ) : (
        <DataTable<WebhookDeliveryDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={deliveries.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(deliveries)}
          records={deliveries.data?.items ?? []}
          totalRecords={deliveries.data?.total ?? 0}
          recordsPerPage={DELIVERIES_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('log.empty')}
          {...paging}
          onRowClick={({ record }) => setOpenId(record.id)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-delivery-id': record.id,
            tabIndex: 0,
            onKeyDown: (keyEvent: KeyboardEvent) => {
              if (keyEvent.key === 'Enter') setOpenId(record.id);
            },
          })}
          columns={[
            {
              accessor: 'createdAt',
              title: t('log.time'),
              noWrap: true,
              render: (delivery) => formatDateTime(delivery.createdAt),
            },
            { accessor: 'event', title: t('log.event'), render: (delivery) => <Code>{delivery.event}</Code> },
            {
              accessor: 'status',
              title: t('log.status'),
              render: (delivery) => <DeliveryStatusBadge status={delivery.status} />,
            },
            { accessor: 'attemptCount', title: t('log.attempts'), textAlign: 'right', ...ON_WIDE_SCREENS },
            {
              accessor: 'lastResponseCode',
              title: t('log.response'),
              textAlign: 'right',
              render: (delivery) => delivery.lastResponseCode ?? '',
            },
            {
              accessor: 'url',
              title: t('log.subscription'),
              render: (delivery) => (
                <Text size="sm" truncate maw={280}>
                  {delivery.url}
                </Text>
              ),
              ...ON_WIDE_SCREENS,
            },
          ]}
        />
      )}
      <DeliveryDialog deliveryId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
};
