import type { WebhookSubscriptionDto } from '@karm/domain/contract';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, notifyError, notifySuccess, ON_WIDE_SCREENS, SectionHeader } from '@/components';
import { DeliveryLog } from './delivery-log';
import { SecretDialog } from './secret-dialog';
import { WebhookDialog } from './webhook-dialog';
import {
  useSaveWebhookSettings,
  useUpdateWebhook,
  useWebhookPushes,
  useWebhookSettings,
  useWebhooks,
} from './webhooks-api';

/** Whether a dialog is open, and for which subscription (null: a new one). */
type Editing = { subscription: WebhookSubscriptionDto | null } | null;

const PrivateNetworkSetting = () => {
  const { t } = useTranslation('webhooks');
  const settings = useWebhookSettings();
  const save = useSaveWebhookSettings();
  if (!settings.data) return null;
  const { allowPrivateNetwork, isPrivateNetworkPermitted, version } = settings.data;
  const change = async (isOn: boolean) => {
    try {
      await save.mutateAsync({ allowPrivateNetwork: isOn, version });
      notifySuccess(t('settings.saved'));
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Switch
      label={t('settings.allowPrivate')}
      description={isPrivateNetworkPermitted ? t('settings.allowPrivateHint') : t('settings.notPermitted')}
      checked={allowPrivateNetwork}
      disabled={!isPrivateNetworkPermitted || save.isPending}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
};

/** Admin → Webhooks: the receivers, the private-network setting and the delivery log. */
export const WebhooksTab = () => {
  const { t } = useTranslation('webhooks');
  const subscriptions = useWebhooks();
  const update = useUpdateWebhook();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  useWebhookPushes();

  if (subscriptions.isError)
    return <ErrorFallback error={subscriptions.error} onReload={() => void subscriptions.refetch()} />;

  const toggle = async (subscription: WebhookSubscriptionDto, isActive: boolean) => {
    try {
      const { id, version, url, description, events } = subscription;
      await update.mutateAsync({ id, version, url, description, events, isActive });
      notifySuccess(t(isActive ? 'list.activated' : 'list.deactivated'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <SectionHeader title={t('title')} description={t('description')} />
        <PrivateNetworkSetting />
        <Group justify="space-between">
          <Text fw={600}>{t('list.title')}</Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ subscription: null })}>
            {t('list.add')}
          </Button>
        </Group>
        {update.isError && <Alert color="red">{String(update.error.message)}</Alert>}
        <DataTable<WebhookSubscriptionDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={subscriptions.data?.length ? undefined : 120}
          fetching={subscriptions.isPending}
          records={subscriptions.data ?? []}
          noRecordsText={t('list.empty')}
          onRowClick={({ record }) => setEditing({ subscription: record })}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-webhook-id': record.id,
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter') setEditing({ subscription: record });
            },
          })}
          columns={[
            {
              accessor: 'url',
              title: t('list.url'),
              render: (subscription) => (
                <Stack gap={0}>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {subscription.url}
                  </Text>
                  {subscription.description && (
                    <Text size="xs" c="dimmed">
                      {subscription.description}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'events',
              title: t('list.events'),
              noWrap: true,
              render: (subscription) => t('list.eventCount', { count: subscription.events.length }),
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'secretHint',
              title: t('list.secret'),
              noWrap: true,
              render: (subscription) => `••••${subscription.secretHint}`,
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'isActive',
              title: t('list.active'),
              render: (subscription) => (
                // The switch acts on its own; the row's click opens the dialog.
                <Switch
                  aria-label={t('list.active')}
                  checked={subscription.isActive}
                  onClick={(event) => event.stopPropagation()}
                  onChange={(event) => void toggle(subscription, event.currentTarget.checked)}
                />
              ),
            },
          ]}
        />
      </Stack>
      <DeliveryLog subscriptions={subscriptions.data ?? []} />
      {editing && (
        <WebhookDialog
          subscription={editing.subscription}
          onClose={() => setEditing(null)}
          onSecret={setSecret}
        />
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
};
