import type { CustomerDto } from '@karm/domain/contract';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddCustomerDialog, CreditBandBadge, CustomerSourceBadge, FindCustomerDialog } from '@/components';
import { useContacts, useCustomer } from '@/lib/api/customers';
import { useCan } from '@/lib/permissions';
import type { InquiryForm } from './inquiry-form';

const EMPTY_ONE_TIME = { name: '', email: '', phone: '', address: '' };

/**
 * SPEC §3: the customer comes from the accounting system or the local database (one of our
 * customers), or is a one-time customer kept only on the inquiry. Read only, it only shows the
 * customer; adding a customer needs customers.write.
 */
export const InquiryCustomerTab = ({
  form,
  isReadOnly = false,
}: {
  form: InquiryForm;
  isReadOnly?: boolean;
}) => {
  const { t } = useTranslation('inquiries');
  const mayAddCustomers = useCan('customers.write');
  const values = form.getValues();
  const [kind, setKind] = useState<'customer' | 'oneTime'>(values.oneTimeCustomer ? 'oneTime' : 'customer');
  const [dialog, setDialog] = useState<'find' | 'add' | null>(null);
  const customer = useCustomer(values.customerId);
  const contacts = useContacts(values.customerId);

  const choose = (chosen: CustomerDto) => {
    form.setValues({ customerId: chosen.id, contactId: null, oneTimeCustomer: null, creditScore: '' });
    setDialog(null);
  };
  const switchTo = (next: 'customer' | 'oneTime') => {
    setKind(next);
    if (next === 'oneTime')
      form.setValues({ customerId: null, contactId: null, oneTimeCustomer: EMPTY_ONE_TIME });
    else form.setValues({ oneTimeCustomer: null, creditScore: '' });
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={kind}
        onChange={(next) => switchTo(next as 'customer' | 'oneTime')}
        data={[
          { value: 'customer', label: t('customer.existing') },
          { value: 'oneTime', label: t('customer.oneTime') },
        ]}
      />
      {kind === 'customer' ? (
        <>
          <Group gap="xs">
            <Text fw={500} data-testid="chosen-customer">
              {customer.data?.name ?? t('customer.none')}
            </Text>
            {customer.data && <CustomerSourceBadge source={customer.data.source} />}
          </Group>
          {!isReadOnly && (
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconSearch size={16} />}
                onClick={() => setDialog('find')}
              >
                {t('customer.find')}
              </Button>
              {mayAddCustomers && (
                <Button
                  variant="default"
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => setDialog('add')}
                >
                  {t('customer.add')}
                </Button>
              )}
            </Group>
          )}
          <Select
            label={t('fields.contact')}
            clearable
            disabled={!values.customerId}
            data={(contacts.data ?? []).map((contact) => ({ value: contact.id, label: contact.displayName }))}
            {...form.getInputProps('contactId')}
          />
          <TextInput
            label={t('fields.creditScore')}
            readOnly
            value={customer.data?.creditScore?.score ?? t('customer.noCreditScore')}
            rightSection={<CreditBandBadge score={customer.data?.creditScore?.score} />}
            rightSectionWidth="auto"
            rightSectionPointerEvents="all"
            rightSectionProps={{ style: { paddingInline: 8 } }}
          />
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('oneTime.name')}
            withAsterisk
            maxLength={200}
            {...form.getInputProps('oneTimeCustomer.name')}
          />
          <TextInput
            label={t('oneTime.email')}
            maxLength={200}
            {...form.getInputProps('oneTimeCustomer.email')}
          />
          <TextInput
            label={t('oneTime.phone')}
            maxLength={40}
            {...form.getInputProps('oneTimeCustomer.phone')}
          />
          <TextInput
            label={t('oneTime.address')}
            maxLength={300}
            {...form.getInputProps('oneTimeCustomer.address')}
          />
          <TextInput
            label={t('fields.creditScore')}
            maxLength={40}
            {...form.getInputProps('creditScore')}
            rightSection={<CreditBandBadge score={form.getValues().creditScore} />}
            rightSectionWidth="auto"
            rightSectionPointerEvents="all"
            rightSectionProps={{ style: { paddingInline: 8 } }}
          />
        </SimpleGrid>
      )}
      <FindCustomerDialog opened={dialog === 'find'} onClose={() => setDialog(null)} onSelect={choose} />
      {mayAddCustomers && (
        <AddCustomerDialog opened={dialog === 'add'} onClose={() => setDialog(null)} onCreated={choose} />
      )}
    </Stack>
  );
};
