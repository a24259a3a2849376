import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENTS_SENT_TODAY,
  type WebhookEvent,
  type WebhookSubscriptionDto,
  webhookCreateSchema,
} from '@karm/domain/contract';
import { Button, Checkbox, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconKey, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess, useConfirm } from '@/components';
import { applyServerFieldErrors, useContractForm } from '@/lib/forms';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
} from './webhooks-api';

type FormValues = { url: string; description: string; events: WebhookEvent[]; isActive: boolean };

const valuesOf = (subscription: WebhookSubscriptionDto | null): FormValues => ({
  url: subscription?.url ?? 'https://',
  description: subscription?.description ?? '',
  events: subscription?.events ?? [],
  isActive: subscription?.isActive ?? true,
});

export type WebhookDialogProps = {
  /** The subscription to edit; null adds a new one. */
  subscription: WebhookSubscriptionDto | null;
  onClose: () => void;
  /** A new secret to show once (after adding or rotating). */
  onSecret: (secret: string) => void;
};

/** Add or edit one receiver: address, events, active; rotate its secret or send it a test event. */
export const WebhookDialog = ({ subscription, onClose, onSecret }: WebhookDialogProps) => {
  const { t } = useTranslation('webhooks');
  const confirm = useConfirm();
  const form = useContractForm<FormValues>(webhookCreateSchema, valuesOf(subscription));
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestEvent();

  const save = async () => {
    if (form.validate().hasErrors) return;
    try {
      if (subscription) {
        await update.mutateAsync({ id: subscription.id, version: subscription.version, ...form.values });
        notifySuccess(t('dialog.saved'));
        onClose();
      } else {
        const created = await create.mutateAsync(form.values);
        notifySuccess(t('dialog.created'));
        onClose();
        onSecret(created.secret);
      }
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };

  const deleteWebhook = async () => {
    if (!subscription) return;
    try {
      await remove.mutateAsync({ id: subscription.id, version: subscription.version });
      notifySuccess(t('dialog.deleted'));
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };

  const rotateSecret = async () => {
    if (!subscription) return;
    const isConfirmed = await confirm({
      title: t('dialog.rotateTitle'),
      message: t('dialog.rotateQuestion'),
      confirmLabel: t('dialog.rotate'),
    });
    if (!isConfirmed) return;
    try {
      const rotated = await rotate.mutateAsync({ id: subscription.id, version: subscription.version });
      onClose();
      onSecret(rotated.secret);
    } catch (error) {
      notifyError(error);
    }
  };

  const test = async () => {
    if (!subscription) return;
    try {
      await sendTest.mutateAsync(subscription.id);
      notifySuccess(t('dialog.testSent'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={subscription ? t('dialog.editTitle') : t('dialog.newTitle')}
      size="lg"
      onCancel={onClose}
      onSave={save}
      saving={create.isPending || update.isPending}
      busy={remove.isPending || rotate.isPending || sendTest.isPending}
      onDelete={subscription ? deleteWebhook : undefined}
      deleteConfirmMessage={t('dialog.deleteQuestion')}
      footerExtra={
        subscription ? (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => void test()}>
              {t('dialog.sendTest')}
            </Button>
            <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => void rotateSecret()}>
              {t('dialog.rotate')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      <Stack gap="sm">
        <TextInput label={t('dialog.url')} required maxLength={2000} {...form.getInputProps('url')} />
        <TextInput label={t('dialog.description')} maxLength={200} {...form.getInputProps('description')} />
        <Checkbox.Group label={t('dialog.events')} required {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                value={event}
                label={
                  WEBHOOK_EVENTS_SENT_TODAY.includes(event) ? (
                    event
                  ) : (
                    <>
                      {event}{' '}
                      <Text span size="xs" c="dimmed">
                        ({t('dialog.comingLater')})
                      </Text>
                    </>
                  )
                }
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch label={t('dialog.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        {subscription && (
          <Text size="sm" c="dimmed">
            {t('dialog.secret')}: {t('dialog.secretHint', { hint: subscription.secretHint })}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
};
