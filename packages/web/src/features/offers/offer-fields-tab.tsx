import { offerStatusDeadline, osloDateOf } from '@karm/domain/rules';
import { Input, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomerSelect, DateInput, DeadlineBadge } from '@/components';
import { useCollection } from '@/lib/api/collections';
import { useContacts } from '@/lib/api/customers';
import { useEmployees } from '@/lib/api/employees';
import { useOfferStatuses } from '@/lib/api/offers';
import type { OfferForm } from './offer-form';

export type OfferFieldsTabProps = {
  form: OfferForm;
  /** The saved offer's status deadline, or null for a new offer. */
  statusDeadline: string | null;
  /** The status the saved offer has: choosing another restarts the deadline (shown at once). */
  savedStatusId: string | null;
  defaultDeadlineDays: number;
};

type NumberField = 'productionHours' | 'productionStaff' | 'installationHours' | 'installationStaff';
type DateField = 'offerDeadline' | 'startedAt' | 'expectedDeliveryDate';

/** SPEC §3 offer fields: status and deadlines, customer, project, people and time. */
export const OfferFieldsTab = ({
  form,
  statusDeadline,
  savedStatusId,
  defaultDeadlineDays,
}: OfferFieldsTabProps) => {
  const { t } = useTranslation('offers');
  const values = form.getValues();
  const statuses = useOfferStatuses();
  const employees = useEmployees();
  const contacts = useContacts(values.customerId);
  const chosenStatus = statuses.data?.find((status) => status.id === values.statusId);
  // A new status counts from today; the saved one keeps its deadline. A won or lost one has none.
  const isDecided = Boolean(chosenStatus?.isWon || chosenStatus?.isLost);
  const isStatusChanged = values.statusId !== savedStatusId || (statusDeadline === null && !isDecided);
  const shownDeadline = isStatusChanged
    ? offerStatusDeadline({
        statusChangedAt: osloDateOf(new Date()),
        statusDeadlineDays: chosenStatus?.deadlineDays ?? null,
        defaultDeadlineDays,
        isDecided,
      })
    : statusDeadline;

  const projectCategories = useCollection('projectCategory');
  const complexities = useCollection('complexity');
  const ownerTypes = useCollection('ownerType');
  const numberProps = (field: NumberField) => ({
    value: values[field] ?? '',
    error: form.errors[field],
    min: 0,
    onChange: (value: number | string) => form.setFieldValue(field, typeof value === 'number' ? value : null),
  });
  const dateProps = (field: DateField) => ({
    value: values[field],
    error: form.errors[field],
    clearable: true,
    onChange: (value: string | null) => form.setFieldValue(field, value),
  });
  const isOneTime = values.oneTimeCustomer !== null;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('fields.status')}
          description={t('fields.statusHint')}
          data={(statuses.data ?? []).map((status) => ({ value: status.id, label: status.name }))}
          {...form.getInputProps('statusId')}
        />
        <Input.Wrapper label={t('fields.statusDeadline')}>
          <div data-status-deadline style={{ paddingTop: 6 }}>
            <DeadlineBadge deadline={shownDeadline} label={chosenStatus?.name} />
          </div>
        </Input.Wrapper>
        <DateInput label={t('fields.offerDeadline')} {...dateProps('offerDeadline')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('fields.owner')}
          searchable
          clearable
          data={(employees.data ?? []).map((employee) => ({
            value: employee.id,
            label: employee.displayName,
          }))}
          {...form.getInputProps('ownerId')}
        />
        <DateInput label={t('fields.startedAt')} {...dateProps('startedAt')} />
        <DateInput
          label={t('fields.expectedDeliveryDate')}
          description={t('fields.expectedDeliveryDateHint')}
          {...dateProps('expectedDeliveryDate')}
        />
      </SimpleGrid>
      <Switch
        label={t('fields.oneTime')}
        checked={isOneTime}
        onChange={(event) => {
          const isChecked = event.currentTarget.checked;
          form.setFieldValue(
            'oneTimeCustomer',
            isChecked ? { name: '', email: '', phone: '', address: '' } : null,
          );
          if (isChecked) {
            form.setFieldValue('customerId', null);
            form.setFieldValue('contactId', null);
          }
        }}
      />
      {isOneTime ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.oneTimeName')}
            withAsterisk
            {...form.getInputProps('oneTimeCustomer.name')}
          />
          <TextInput label={t('fields.oneTimeEmail')} {...form.getInputProps('oneTimeCustomer.email')} />
          <TextInput label={t('fields.oneTimePhone')} {...form.getInputProps('oneTimeCustomer.phone')} />
          <TextInput label={t('fields.oneTimeAddress')} {...form.getInputProps('oneTimeCustomer.address')} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CustomerSelect
            label={t('fields.customer')}
            value={values.customerId}
            error={form.errors.customerId}
            onChange={(customerId) => {
              form.setFieldValue('customerId', customerId);
              form.setFieldValue('contactId', null);
            }}
          />
          <Select
            label={t('fields.contact')}
            disabled={!values.customerId}
            searchable
            clearable
            data={(contacts.data ?? []).map((contact) => ({ value: contact.id, label: contact.displayName }))}
            {...form.getInputProps('contactId')}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.projectName')} withAsterisk {...form.getInputProps('projectName')} />
        <TextInput label={t('fields.projectAddress')} {...form.getInputProps('projectAddress')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <TextInput label={t('fields.postalCode')} {...form.getInputProps('postalCode')} />
        <TextInput label={t('fields.city')} {...form.getInputProps('city')} />
        <Select
          label={t('fields.projectCategory')}
          clearable
          data={projectCategories.options(values.projectCategory)}
          {...form.getInputProps('projectCategory')}
        />
        <Select
          label={t('fields.complexity')}
          clearable
          data={complexities.options(values.complexity)}
          {...form.getInputProps('complexity')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Select
          label={t('fields.ownerType')}
          clearable
          data={ownerTypes.options(values.ownerType)}
          {...form.getInputProps('ownerType')}
        />
        <TextInput label={t('fields.projectOwner')} {...form.getInputProps('projectOwner')} />
        <TextInput label={t('fields.architect')} {...form.getInputProps('architect')} />
        <TextInput label={t('fields.consultant')} {...form.getInputProps('consultant')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <TextInput label={t('fields.calculationGroup')} {...form.getInputProps('calculationGroup')} />
        <NumberInput
          label={t('fields.productionHours')}
          decimalScale={2}
          {...numberProps('productionHours')}
        />
        <NumberInput
          label={t('fields.productionStaff')}
          allowDecimal={false}
          {...numberProps('productionStaff')}
        />
        <NumberInput
          label={t('fields.installationHours')}
          decimalScale={2}
          {...numberProps('installationHours')}
        />
        <NumberInput
          label={t('fields.installationStaff')}
          allowDecimal={false}
          {...numberProps('installationStaff')}
        />
      </SimpleGrid>
      <Textarea label={t('fields.comment')} rows={3} {...form.getInputProps('comment')} />
    </Stack>
  );
};
