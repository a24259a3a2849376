import {
  BILLING_LIMITS,
  INVOICE_SETTINGS_SEND_METHODS,
  type InvoiceSettingsDto,
  type InvoiceSettingsSendMethod,
} from '@karm/domain/contract';
import { Button, Card, Group, NumberInput, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert, notifySaving } from '@/components';
import { useInvoiceSettings, useInvoiceSettingsMutation } from '@/lib/api/billing-settings';
import { useCan } from '@/lib/permissions';

/** The form over the settings as last read; saving sends the version read. */
const InvoiceSettingsForm = ({
  settings,
  isEditable,
}: {
  settings: InvoiceSettingsDto;
  isEditable: boolean;
}) => {
  const { t } = useTranslation('billing');
  const save = useInvoiceSettingsMutation();
  const [dueDays, setDueDays] = useState<number | string>(settings.defaultDueDays);
  const [sendMethod, setSendMethod] = useState<InvoiceSettingsSendMethod>(settings.sendMethod);
  const [invoiceText, setInvoiceText] = useState(settings.invoiceText);
  const [dueDaysError, setDueDaysError] = useState<string>();
  const submit = async () => {
    const days = typeof dueDays === 'number' ? dueDays : Number.NaN;
    if (!(Number.isInteger(days) && days >= 0 && days <= BILLING_LIMITS.maxDaysUntilDue)) {
      setDueDaysError(t('terms.daysRange', { max: BILLING_LIMITS.maxDaysUntilDue }));
      return;
    }
    setDueDaysError(undefined);
    await notifySaving(
      () =>
        save.mutateAsync({
          version: settings.version,
          values: { defaultDueDays: days, sendMethod, invoiceText },
        }),
      t('invoice.saved'),
    );
  };
  return (
    <Stack gap="sm" maw={560}>
      <NumberInput
        label={t('invoice.dueDays')}
        description={t('invoice.dueDaysHint')}
        min={0}
        max={BILLING_LIMITS.maxDaysUntilDue}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        value={dueDays}
        error={dueDaysError}
        disabled={!isEditable}
        onChange={setDueDays}
      />
      <Select
        label={t('invoice.sendMethod')}
        allowDeselect={false}
        data={INVOICE_SETTINGS_SEND_METHODS.map((method) => ({
          value: method,
          label: t(`sendMethod.${method}`),
        }))}
        value={sendMethod}
        disabled={!isEditable}
        onChange={(value) => value && setSendMethod(value as InvoiceSettingsSendMethod)}
      />
      <Textarea
        label={t('invoice.text')}
        description={t('invoice.textHint', { max: BILLING_LIMITS.invoiceTextLength })}
        rows={5}
        maxLength={BILLING_LIMITS.invoiceTextLength}
        value={invoiceText}
        disabled={!isEditable}
        onChange={(event) => setInvoiceText(event.currentTarget.value)}
      />
      {isEditable && (
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('invoice.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};

/**
 * Admin tab "Invoices": the company's invoice settings (default due days, send method, text on
 * invoices). The list of all invoices comes below once invoices exist. Read-only without
 * `invoices.settings`.
 */
/** `children`: what the Invoices tab shows below the settings (the list of all invoices). */
export const InvoiceSettingsAdmin = ({ children }: { children?: ReactNode }) => {
  const { t } = useTranslation('billing');
  const isEditable = useCan('invoices.settings');
  const settings = useInvoiceSettings();
  return (
    <Stack gap="md">
      <Card withBorder padding="md" data-invoice-settings>
        <Stack gap="xs">
          <div>
            <Title order={4}>{t('invoice.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('invoice.description')}
            </Text>
          </div>
          {!isEditable && <Text size="sm">{t('readOnly')}</Text>}
          {settings.isError && (
            <LoadFailedAlert
              title={t('invoice.loadFailed')}
              error={settings.error}
              retryLabel={t('retry')}
              onRetry={() => void settings.refetch()}
            />
          )}
          {settings.data && (
            // A newer version (someone else saved) starts the form again from what is stored.
            <InvoiceSettingsForm
              key={settings.data.version}
              settings={settings.data}
              isEditable={isEditable}
            />
          )}
        </Stack>
      </Card>
      {children}
    </Stack>
  );
};
