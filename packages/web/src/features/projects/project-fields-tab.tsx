import { deliveryColour, osloDateOf } from '@karm/domain/rules';
import {
  ActionIcon,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconUserPlus, IconZoomQuestion } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddContactDialog,
  AddCustomerDialog,
  CustomerSelect,
  DateInput,
  FindCustomerDialog,
} from '@/components';
import { useCollection } from '@/lib/api/collections';
import { primeCustomer, useCityFromPostalCode, useContacts, useCustomer } from '@/lib/api/customers';
import { useDepartments, useProjectManagers } from '@/lib/api/employees';
import { useCan } from '@/lib/permissions';
import { DeliveryDot } from './project-badges';
import type { ProjectForm } from './project-form';

type NullableNumberField = 'productionHours' | 'installationHours' | 'installationStaff';
type DateField = 'startDate' | 'deliveryDate' | 'endDate' | 'agreedInstallationDate';

/**
 * SPEC §3 project fields: customer and contact, manager, department, dates, address, flags, time.
 * Read only, the buttons that find or add a customer or contact are left out; adding one needs
 * customers.write.
 */
export const ProjectFieldsTab = ({
  form,
  isReadOnly = false,
}: {
  form: ProjectForm;
  isReadOnly?: boolean;
}) => {
  const { t } = useTranslation('projects');
  const mayAddCustomers = useCan('customers.write') && !isReadOnly;
  const queryClient = useQueryClient();
  const values = form.values;
  const managers = useProjectManagers();
  const departments = useDepartments();
  const projectCategories = useCollection('projectCategory');
  const customer = useCustomer(values.customerId);
  const contacts = useContacts(values.customerId);
  const [customerDialog, setCustomerDialog] = useState<'find' | 'add' | 'contact' | null>(null);

  const setCustomer = (customerId: string | null) => {
    if (customerId === values.customerId) return;
    form.setFieldValue('customerId', customerId);
    // A contact belongs to one customer.
    form.setFieldValue('contactId', null);
  };

  const numberProps = (field: NullableNumberField) => ({
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

  const fillCity = useCityFromPostalCode();

  const colour = values.deliveryDate ? deliveryColour(values.deliveryDate, osloDateOf(new Date())) : null;
  const deliveryHint = colour ? (
    <Group gap={4} component="span" wrap="nowrap" data-delivery-colour={colour}>
      <DeliveryDot colour={colour} size={8} />
      {t(`delivery.${colour}`)}
    </Group>
  ) : undefined;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
        <Textarea
          label={t('fields.description')}
          rows={2}
          resize="vertical"
          {...form.getInputProps('description')}
        />
      </SimpleGrid>

      <Fieldset legend={t('fields.customerLegend')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Group gap={4} align="flex-end" wrap="nowrap">
            <CustomerSelect
              label={t('fields.customer')}
              value={values.customerId}
              onChange={setCustomer}
              error={form.errors.customerId}
              style={{ flex: 1 }}
            />
            {!isReadOnly && (
              <Tooltip label={t('fields.findCustomer')}>
                <ActionIcon
                  variant="default"
                  size="input-sm"
                  aria-label={t('fields.findCustomer')}
                  onClick={() => setCustomerDialog('find')}
                >
                  <IconZoomQuestion size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {mayAddCustomers && (
              <Tooltip label={t('fields.addCustomer')}>
                <ActionIcon
                  variant="default"
                  size="input-sm"
                  aria-label={t('fields.addCustomer')}
                  onClick={() => setCustomerDialog('add')}
                >
                  <IconPlus size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Group gap={4} align="flex-end" wrap="nowrap">
            <Select
              label={t('fields.contact')}
              placeholder={values.customerId ? undefined : t('fields.chooseCustomerFirst')}
              disabled={!values.customerId}
              searchable
              clearable
              data={(contacts.data ?? []).map((contact) => ({
                value: contact.id,
                label: contact.displayName,
              }))}
              {...form.getInputProps('contactId')}
              style={{ flex: 1 }}
            />
            {mayAddCustomers && (
              <Tooltip label={t('fields.addContact')}>
                <ActionIcon
                  variant="default"
                  size="input-sm"
                  aria-label={t('fields.addContact')}
                  disabled={!customer.data}
                  onClick={() => setCustomerDialog('contact')}
                >
                  <IconUserPlus size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Select
            label={t('fields.projectManager')}
            searchable
            clearable
            data={managers.map((manager) => ({ value: manager.id, label: manager.displayName }))}
            {...form.getInputProps('projectManagerId')}
          />
          <Select
            label={t('fields.department')}
            searchable
            clearable
            data={(departments.data ?? []).map((department) => ({
              value: department.id,
              label: department.displayName,
            }))}
            {...form.getInputProps('departmentId')}
          />
          <Select
            label={t('fields.projectCategory')}
            clearable
            data={projectCategories.options(values.projectCategory)}
            {...form.getInputProps('projectCategory')}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('fields.datesLegend')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <DateInput label={t('fields.startDate')} {...dateProps('startDate')} />
          <DateInput
            label={t('fields.deliveryDate')}
            description={deliveryHint}
            {...dateProps('deliveryDate')}
          />
          <DateInput label={t('fields.endDate')} {...dateProps('endDate')} />
          <DateInput label={t('fields.agreedInstallationDate')} {...dateProps('agreedInstallationDate')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('fields.addressLegend')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('fields.projectAddress')} {...form.getInputProps('projectAddress')} />
          <TextInput
            label={t('fields.projectPostalCode')}
            inputMode="numeric"
            maxLength={10}
            {...form.getInputProps('projectPostalCode')}
            onChange={(event) => {
              const code = event.currentTarget.value;
              form.setFieldValue('projectPostalCode', code);
              void fillCity(
                code,
                () => form.getValues().projectPostalCode,
                (city) => form.setFieldValue('projectCity', city),
              );
            }}
          />
          <TextInput label={t('fields.projectCity')} {...form.getInputProps('projectCity')} />
        </SimpleGrid>
      </Fieldset>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Fieldset legend={t('fields.siteContactLegend')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('fields.siteContactName')} {...form.getInputProps('siteContactName')} />
            <TextInput
              label={t('fields.siteContactPhone')}
              type="tel"
              {...form.getInputProps('siteContactPhone')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('fields.timeLegend')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t('fields.productionHours')}
              decimalScale={1}
              decimalSeparator=","
              {...numberProps('productionHours')}
            />
            <NumberInput
              label={t('fields.installationHours')}
              decimalScale={1}
              decimalSeparator=","
              {...numberProps('installationHours')}
            />
            <NumberInput
              label={t('fields.installationStaff')}
              allowDecimal={false}
              {...numberProps('installationStaff')}
            />
          </SimpleGrid>
        </Fieldset>
      </SimpleGrid>

      <Fieldset legend={t('fields.statusLegend')}>
        <Stack gap="sm">
          <Group gap="xl">
            <Checkbox
              label={t('fields.isClosed')}
              {...form.getInputProps('isClosed', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('fields.isDirect')}
              {...form.getInputProps('isDirect', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('fields.isService')}
              {...form.getInputProps('isService', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('fields.missingData')}
              {...form.getInputProps('missingData', { type: 'checkbox' })}
            />
          </Group>
          {values.missingData && (
            <TextInput label={t('fields.missingDataComment')} {...form.getInputProps('missingDataComment')} />
          )}
        </Stack>
      </Fieldset>

      <FindCustomerDialog
        opened={customerDialog === 'find'}
        onClose={() => setCustomerDialog(null)}
        onSelect={(found) => {
          primeCustomer(queryClient, found);
          setCustomer(found.id);
        }}
      />
      {mayAddCustomers && (
        <AddCustomerDialog
          opened={customerDialog === 'add'}
          onClose={() => setCustomerDialog(null)}
          onCreated={(created) => setCustomer(created.id)}
        />
      )}
      {mayAddCustomers && customer.data && (
        <AddContactDialog
          opened={customerDialog === 'contact'}
          onClose={() => setCustomerDialog(null)}
          customer={customer.data}
          onCreated={(contact) => form.setFieldValue('contactId', contact.id)}
        />
      )}
    </Stack>
  );
};
