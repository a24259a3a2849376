import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components';
import { useCollection } from '@/lib/api/collections';
import { useCityFromPostalCode } from '@/lib/api/customers';
import { useEmployees } from '@/lib/api/employees';
import type { InquiryForm } from './inquiry-form';

/** The project side of an inquiry: dates, owner, project, address and the SPEC §3 code lists. */
export const InquiryDetailsTab = ({ form }: { form: InquiryForm }) => {
  const { t } = useTranslation(['inquiries', 'pipeline', 'customers']);
  const employees = useEmployees();
  const values = form.getValues();
  const projectCategories = useCollection('projectCategory');
  const complexities = useCollection('complexity');
  const customerCategories = useCollection('customerCategory');
  const ownerTypes = useCollection('ownerType');

  // The postal address comes from the post code (the same admin:postaladdress lookup as customers).
  const fillCity = useCityFromPostalCode();

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateInput
          label={t('fields.receivedDate')}
          withAsterisk
          {...form.getInputProps('receivedDate')}
          value={form.values.receivedDate}
          onChange={(value) => form.setFieldValue('receivedDate', value ?? '')}
        />
        <DateInput
          label={t('fields.deadline')}
          clearable
          {...form.getInputProps('deadline')}
          value={form.values.deadline}
          onChange={(value) => form.setFieldValue('deadline', value)}
        />
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
      </SimpleGrid>
      <TextInput
        label={t('fields.projectName')}
        withAsterisk
        maxLength={200}
        {...form.getInputProps('projectName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.projectAddress')}
          maxLength={200}
          {...form.getInputProps('projectAddress')}
        />
        <TextInput
          label={t('fields.postalCode')}
          maxLength={10}
          {...form.getInputProps('postalCode')}
          onChange={(event) => {
            const code = event.currentTarget.value;
            form.setFieldValue('postalCode', code);
            void fillCity(
              code,
              () => form.getValues().postalCode,
              (city) => form.setFieldValue('city', city),
            );
          }}
        />
        <TextInput label={t('fields.city')} maxLength={100} {...form.getInputProps('city')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('fields.projectCategory')}
          clearable
          data={projectCategories.options(values.projectCategory)}
          {...form.getInputProps('projectCategory')}
        />
        <TextInput
          label={t('fields.calculationGroup')}
          maxLength={60}
          {...form.getInputProps('calculationGroup')}
        />
        <Select
          label={t('fields.complexity')}
          clearable
          data={complexities.options(values.complexity)}
          {...form.getInputProps('complexity')}
        />
        <Select
          label={t('fields.customerCategory')}
          clearable
          data={customerCategories.options(values.customerCategory)}
          {...form.getInputProps('customerCategory')}
        />
        <Select
          label={t('fields.ownerType')}
          clearable
          data={ownerTypes.options(values.ownerType)}
          {...form.getInputProps('ownerType')}
        />
        <TextInput label={t('fields.projectOwner')} maxLength={200} {...form.getInputProps('projectOwner')} />
        <TextInput label={t('fields.architect')} maxLength={200} {...form.getInputProps('architect')} />
        <TextInput label={t('fields.consultant')} maxLength={200} {...form.getInputProps('consultant')} />
      </SimpleGrid>
      <Textarea
        label={t('fields.comment')}
        rows={3}
        resize="vertical"
        maxLength={4000}
        {...form.getInputProps('comment')}
      />
    </Stack>
  );
};
