import {
  ACCOUNTING_ENVIRONMENTS,
  ACCOUNTING_PROVIDERS,
  type AccountingSettingsDto,
  accountingSettingsUpdateSchema,
  SYNC_INTERVAL_MAX,
  SYNC_INTERVAL_MIN,
} from '@karm/domain/contract';
import {
  Alert,
  Button,
  Group,
  Input,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/components';
import { applyServerFieldErrors, useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useUpdateAccountingSettings } from './accounting-api';

/** The contract's bounds for the automatic sync interval, in minutes. */

/** Wide enough for a token, narrow enough to read as one form. */
export const FORM_MAX_WIDTH = 640;

type Provider = AccountingSettingsDto['provider'];
type Environment = AccountingSettingsDto['environment'];

type FormValues = {
  provider: Provider;
  environment: Environment;
  /** Empty means "keep the stored token". */
  consumerToken: string;
  employeeToken: string;
  externalCompanyId: string;
  /** NumberInput holds '' while the field is empty. */
  syncIntervalMinutes: number | string;
  version: number;
};

export type AccountingSettingsFormProps = {
  settings: AccountingSettingsDto;
  /** Reads the stored settings again (after a CONFLICT). */
  onReload: () => void;
};

/**
 * Provider, environment, tokens, company and interval. Mount it with `key={settings.version}`: a
 * saved or reloaded version starts a fresh form, with empty token fields and the new hints.
 */
export const AccountingSettingsForm = ({ settings, onReload }: AccountingSettingsFormProps) => {
  const { t } = useTranslation('admin');
  const save = useUpdateAccountingSettings();
  const [hasConflict, setHasConflict] = useState(false);
  const form = useContractForm<FormValues>(accountingSettingsUpdateSchema, {
    provider: settings.provider,
    environment: settings.environment,
    consumerToken: '',
    employeeToken: '',
    externalCompanyId: settings.externalCompanyId,
    syncIntervalMinutes: settings.syncIntervalMinutes,
    version: settings.version,
  });
  const isTripletex = form.values.provider === 'tripletex';

  const tokenPlaceholder = (hint: string | null) =>
    hint ? t('accounting.form.storedHint', { hint }) : t('accounting.form.notStored');

  const submit = form.onSubmit(async (values) => {
    setHasConflict(false);
    try {
      await save.mutateAsync({
        provider: values.provider,
        environment: values.environment,
        // Left empty: the server keeps the stored token.
        consumerToken: values.consumerToken.trim() || undefined,
        employeeToken: values.employeeToken.trim() || undefined,
        externalCompanyId: values.externalCompanyId.trim(),
        syncIntervalMinutes: Number(values.syncIntervalMinutes),
        version: values.version,
      });
      notifySuccess(t('accounting.form.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') setHasConflict(true);
      else applyServerFieldErrors(form, error);
      notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={FORM_MAX_WIDTH}>
        {hasConflict && (
          <Alert color="orange" title={t('accounting.form.conflictTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('accounting.form.conflictText')}</Text>
              <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onReload}>
                {t('accounting.form.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Select
          label={t('accounting.form.provider')}
          allowDeselect={false}
          data={ACCOUNTING_PROVIDERS.map((provider) => ({
            value: provider,
            label: t(`accounting.provider.${provider}`),
          }))}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('provider')}
        />
        {!isTripletex ? (
          <Text size="sm" c="dimmed">
            {t('accounting.form.noneText')}
          </Text>
        ) : (
          <>
            <Input.Wrapper
              label={t('accounting.form.environment')}
              description={t('accounting.form.environmentDescription')}
            >
              <div>
                <SegmentedControl
                  mt={4}
                  aria-label={t('accounting.form.environment')}
                  data={[...ACCOUNTING_ENVIRONMENTS].reverse().map((environment) => ({
                    value: environment,
                    label: t(`accounting.environment.${environment}`),
                  }))}
                  {...form.getInputProps('environment')}
                />
              </div>
            </Input.Wrapper>
            <PasswordInput
              label={t('accounting.form.consumerToken')}
              placeholder={tokenPlaceholder(settings.consumerTokenHint)}
              // Not a sign-in password: keep the browser from filling in a saved one.
              autoComplete="new-password"
              {...form.getInputProps('consumerToken')}
            />
            <PasswordInput
              label={t('accounting.form.employeeToken')}
              placeholder={tokenPlaceholder(settings.employeeTokenHint)}
              autoComplete="new-password"
              {...form.getInputProps('employeeToken')}
            />
            <TextInput
              label={t('accounting.form.companyId')}
              description={t('accounting.form.companyIdDescription')}
              inputMode="numeric"
              {...form.getInputProps('externalCompanyId')}
            />
            <NumberInput
              label={t('accounting.form.interval')}
              description={t('accounting.form.intervalDescription', {
                min: SYNC_INTERVAL_MIN,
                max: SYNC_INTERVAL_MAX,
              })}
              min={SYNC_INTERVAL_MIN}
              max={SYNC_INTERVAL_MAX}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('syncIntervalMinutes')}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
