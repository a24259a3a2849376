import { osloDateOf, PRICE_INDEX_LIMITS } from '@karm/domain/rules';
import { NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DateInput, notifyError, notifySuccess, useConfirm } from '@/components';
import { fieldErrorsOf, translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { usePriceIndex } from './service-agreements-api';

/** The administrator's yearly price index: a percent applied to every agreement's prices. */
export const PriceIndexDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('serviceAgreements');
  const { t: tAll, i18n } = useTranslation();
  const isNorwegian = i18n.language.startsWith('nb');
  const confirm = useConfirm();
  const apply = usePriceIndex();
  const [percent, setPercent] = useState<number | ''>('');
  const [date, setDate] = useState<string | null>(() => osloDateOf(new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorOf = (field: string) => (errors[field] ? translateMessage(tAll, errors[field]) : undefined);
  const save = async () => {
    if (percent === '' || !date) return;
    const percentText = percent.toLocaleString(isNorwegian ? 'nb-NO' : 'en-GB');
    if (
      !(await confirm({
        title: t('index.confirmTitle'),
        message: t('index.confirm', { percent: percentText }),
        confirmLabel: t('index.apply'),
      }))
    )
      return;
    setErrors({});
    try {
      const result = await apply.mutateAsync({ percent, date });
      notifySuccess(t('toast.indexed', result));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyError(error);
    }
  };
  return (
    <AppDialog
      opened
      size="sm"
      title={t('index.title')}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saveDisabled={percent === '' || !date}
      saving={apply.isPending}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('index.hint')}
        </Text>
        <NumberInput
          label={t('index.percent')}
          value={percent}
          onChange={(value) => setPercent(typeof value === 'number' ? value : '')}
          decimalScale={2}
          decimalSeparator={isNorwegian ? ',' : '.'}
          min={PRICE_INDEX_LIMITS.min}
          max={PRICE_INDEX_LIMITS.max}
          suffix=" %"
          error={errorOf('percent')}
          data-autofocus
          data-testid="price-index-percent"
        />
        <DateInput label={t('index.date')} value={date} onChange={setDate} error={errorOf('date')} required />
      </Stack>
    </AppDialog>
  );
};
