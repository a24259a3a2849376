import {
  type CustomerDto,
  customerCreateSchema,
  customerUpdateSchema,
  INVOICE_SEND_METHODS,
} from '@karm/domain/contract';
import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@/lib/api/collections';
import { fetchNewerCustomer, useCreateCustomer, useUpdateCustomer } from '@/lib/api/customers';
import { applyServerFieldErrors, changedValues } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { AppDialog } from '../app-dialog/app-dialog';
import { useRecordQuestions } from '../app-dialog/use-record-questions';
import { notifyError, notifySuccess } from '../notify/notify';
import { AddressFields } from './address-fields';
import {
  type CustomerFormValues,
  customerFormValuesOf,
  EMPTY_ADDRESS,
  type InvoiceSendMethod,
  useCustomerForm,
} from './customer-form';
import { PaymentTermSelect } from './payment-term-select';

export type AddCustomerDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The saved customer to edit; without it the dialog adds a new one. */
  customer?: CustomerDto | null;
  /** Called with the created customer, before the dialog closes. */
  onCreated?: (customer: CustomerDto) => void;
};

/** Only what an update may change: the customer's number and kind (one-time or not) stay. */
const editableOf = ({ customerNumber, isOneTime, ...editable }: CustomerFormValues) => editable;

/**
 * SPEC §2 "customer add": the creation payload of SPEC §3, checked by the contract before sending.
 * Given a saved customer, the same form edits it: only the changed fields are sent, at the version
 * the dialog opened with; a newer version on the server offers to retrieve it (SPEC §4).
 */
export const AddCustomerDialog = ({ opened, onClose, customer, onCreated }: AddCustomerDialogProps) => {
  const { t } = useTranslation('customers');
  const queryClient = useQueryClient();
  const questions = useRecordQuestions('customers');
  const isEditing = Boolean(customer);
  const form = useCustomerForm(isEditing);
  const customerCategories = useCollection('customerCategory');
  const createCustomer = useCreateCustomer();
  const updateCustomer = useUpdateCustomer();
  // The version the edits are based on: the opened customer, or the newer one retrieved after a conflict.
  const [base, setBase] = useState<CustomerDto | null>(null);
  const values = form.values;

  const adopt = (saved: CustomerDto) => {
    const initial = customerFormValuesOf(saved);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    setBase(saved);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from the customer each time the dialog opens
  useEffect(() => {
    if (opened && customer) adopt(customer);
  }, [opened, customer?.id]);

  const close = () => {
    form.reset();
    setBase(null);
    onClose();
  };

  const create = async () => {
    // The schema trims, drops spaces from the organisation number and fills defaults.
    const customer = await createCustomer.mutateAsync(customerCreateSchema.parse(form.getValues()));
    notifySuccess(t('add.created'));
    onCreated?.(customer);
  };

  const update = async (saved: CustomerDto) => {
    const changes = changedValues(editableOf(customerFormValuesOf(saved)), editableOf(form.getValues()));
    if (Object.keys(changes).length > 0) {
      const updated = await updateCustomer.mutateAsync({
        id: saved.id,
        version: saved.version,
        // Trimmed and with the organisation number's spaces dropped, as the server reads it.
        changes: customerUpdateSchema.shape.changes.parse(changes),
      });
      notifySuccess(t('edit.saved', { name: updated.name }));
    }
  };

  const fail = async (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CONFLICT' && base) {
      if (await questions.wantsNewerVersion()) adopt(await fetchNewerCustomer(queryClient, base.id));
    } else if (!applyServerFieldErrors(form, error)) notifyError(error);
  };

  const save = async () => {
    if (form.validate().hasErrors) return;
    try {
      await (base ? update(base) : create());
      close();
    } catch (error) {
      await fail(error);
    }
  };

  const cancel = () => (isEditing ? void questions.closeUnlessKept(form.isDirty(), close) : close());

  return (
    <AppDialog
      opened={opened}
      onClose={cancel}
      title={customer ? t('edit.title', { name: customer.name }) : t('add.title')}
      size="xl"
      onCancel={cancel}
      onSave={save}
      saving={createCustomer.isPending || updateCustomer.isPending}
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
          {!isEditing && (
            <Switch
              label={t('fields.isOneTime')}
              description={t('add.oneTimeHint')}
              {...form.getInputProps('isOneTime', { type: 'checkbox' })}
            />
          )}
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
            description={isEditing ? t('edit.customerNumberHint') : t('add.customerNumberHint')}
            readOnly={isEditing}
            variant={isEditing ? 'filled' : 'default'}
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
          <Select
            label={t('fields.category')}
            allowDeselect={false}
            data={customerCategories.options(form.getValues().category)}
            {...form.getInputProps('category')}
          />
          <PaymentTermSelect form={form} />
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
