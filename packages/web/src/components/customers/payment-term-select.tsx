import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePaymentTerms } from '@/lib/api/billing-settings';
import type { CustomerForm } from './customer-form';

/**
 * The customer's own payment term. Left empty, the customer gets its category's default or the
 * company's (the placeholder says so); a deactivated term still shows while the customer has it.
 */
export const PaymentTermSelect = ({ form }: { form: CustomerForm }) => {
  const { t } = useTranslation('billing');
  const terms = usePaymentTerms();
  const current = form.getValues().paymentTermId;
  const data = (terms.data?.terms ?? [])
    .filter((term) => term.isActive || term.id === current)
    .map((term) => ({
      value: term.id,
      label: t('customerTerm.value', {
        name: term.name,
        days: t('terms.daysValue', { count: term.daysUntilDue }),
      }),
    }));
  return (
    <Select
      label={t('customerTerm.label')}
      placeholder={t('customerTerm.inheritNone')}
      clearable
      data={data}
      {...form.getInputProps('paymentTermId')}
    />
  );
};
