import {
  CUSTOMER_CATEGORIES,
  type CustomerCategory,
  type CustomerDto,
  customerCreateSchema,
  INVOICE_SEND_METHODS,
} from '@karm/domain/contract';
import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCreateCustomer } from '@/lib/api/customers';
import { applyServerFieldErrors } from '@/lib/forms';
import { AppDialog } from '../app-dialog/app-dialog';
import { notifyError, notifySuccess } from '../notify/notify';
import { AddressFields } from './address-fields';
import { EMPTY_ADDRESS, type InvoiceSendMethod, useCustomerForm } from './customer-form';

export type AddCustomerDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Called with the saved customer, before the dialog closes. */
  onCreated?: (customer: CustomerDto) => void;
};

/** SPEC §2 "customer add": the creation payload of SPEC §3, checked by the contract before sending. */
export const AddCustomerDialog = ({ opened, onClose, onCreated }: AddCustomerDialogProps) => {
  const { t } = useTranslation('customers');
  const form = useCustomerForm();
  const createCustomer = useCreateCustomer();
  const values = form.values;

  const close = () => {
    form.reset();
    onClose();
  };

  const save = async () => {
    if (form.validate().hasErrors) return;
    // The schema trims, drops spaces from the organisation number and fills defaults.
    const payload = customerCreateSchema.parse(form.getValues());
    try {
      const customer = await createCustomer.mutateAsync(payload);
      notifySuccess(t('add.created'));
      onCreated?.(customer);
      close();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={t('add.title')}
      size="xl"
      onCancel={close}
      onSave={save}
      saving={createCustomer.isPending}
    >
      <Stack gap="sm">
        <TextInput label={t('fields.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <Switch
            label={t('fields.isPrivateIndividual')}
            description={t('add.privateHint')}
            {...form.getInputProps('isPrivateIndividual', { type: 'checkbox' })}
            onChange={(event) => {
              const isPrivate = event.currentTarget.checked;
              form.setFieldValue('isPrivateIndividual', isPrivate);
              // A private person has no organisation number; the field goes away with its value.
              if (isPrivate) {
                form.setFieldValue('organizationNumber', '');
                form.setFieldValue('category', 'private');
                form.clearFieldError('organizationNumber');
              }
            }}
          />
          <Switch
            label={t('fields.isOneTime')}
            description={t('add.oneTimeHint')}
            {...form.getInputProps('isOneTime', { type: 'checkbox' })}
          />
          {!values.isPrivateIndividual && (
            <TextInput
              label={t('fields.organizationNumber')}
              description={t('add.organizationNumberHint')}
              withAsterisk={!values.isOneTime}
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('organizationNumber')}
            />
          )}
          <NumberInput
            label={t('fields.customerNumber')}
            description={t('add.customerNumberHint')}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('customerNumber')}
            value={values.customerNumber ?? ''}
            onChange={(value) =>
              form.setFieldValue('customerNumber', typeof value === 'number' ? value : null)
            }
          />
          <TextInput label={t('fields.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('fields.invoiceEmail')} type="email" {...form.getInputProps('invoiceEmail')} />
          <TextInput label={t('fields.phone')} type="tel" {...form.getInputProps('phoneNumber')} />
          <TextInput label={t('fields.mobile')} type="tel" {...form.getInputProps('phoneNumberMobile')} />
          <Select<InvoiceSendMethod>
            label={t('fields.invoiceSendMethod')}
            allowDeselect={false}
            data={INVOICE_SEND_METHODS.map((method) => ({
              value: method,
              label: t(`invoiceSendMethod.${method}`),
            }))}
            {...form.getInputProps('invoiceSendMethod')}
          />
          <Select<CustomerCategory>
            label={t('fields.category')}
            allowDeselect={false}
            data={CUSTOMER_CATEGORIES.map((category) => ({
              value: category,
              label: t(`category.${category}`),
            }))}
            {...form.getInputProps('category')}
          />
        </SimpleGrid>
        <Fieldset legend={t('fields.postalAddress')} variant="filled">
          <AddressFields form={form} path="postalAddress" />
        </Fieldset>
        <Checkbox
          label={t('address.physicalDiffers')}
          checked={values.physicalAddress !== null}
          onChange={(event) =>
            form.setFieldValue('physicalAddress', event.currentTarget.checked ? EMPTY_ADDRESS : null)
          }
        />
        {values.physicalAddress !== null && (
          <Fieldset legend={t('fields.physicalAddress')} variant="filled">
            <AddressFields form={form} path="physicalAddress" />
          </Fieldset>
        )}
      </Stack>
    </AppDialog>
  );
};
