import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCityFromPostalCode, usePostalPlace } from '@/lib/api/customers';
import { ApiError } from '@/lib/http';
import type { AddressPath, CustomerForm } from './customer-form';

export type AddressFieldsProps = {
  form: CustomerForm;
  path: AddressPath;
};

/**
 * Line 1, line 2, postal code and city. A complete postal code fills in the city; an unknown one
 * only gets a hint, since the register may lag behind and the user knows the address.
 */
export const AddressFields = ({ form, path }: AddressFieldsProps) => {
  const { t } = useTranslation('customers');
  const postalCode = form.values[path]?.postalCode ?? '';
  const place = usePostalPlace(postalCode);
  // The server answers an unknown code with NOT_FOUND (or a VALIDATION on the code); other failures say nothing.
  const isUnknown =
    place.error instanceof ApiError &&
    (place.error.code === 'NOT_FOUND' || place.error.code === 'VALIDATION');

  const fillCity = useCityFromPostalCode();

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label={t('address.line1')}
        autoComplete="off"
        {...form.getInputProps(`${path}.addressLine1`)}
      />
      <TextInput
        label={t('address.line2')}
        autoComplete="off"
        {...form.getInputProps(`${path}.addressLine2`)}
      />
      <TextInput
        label={t('address.postalCode')}
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        description={isUnknown ? t('address.unknownPostalCode') : undefined}
        {...form.getInputProps(`${path}.postalCode`)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          form.setFieldValue(`${path}.postalCode`, value);
          void fillCity(
            value,
            () => form.getValues()[path]?.postalCode ?? '',
            (city) => form.setFieldValue(`${path}.city`, city),
          );
        }}
      />
      <TextInput label={t('address.city')} autoComplete="off" {...form.getInputProps(`${path}.city`)} />
    </SimpleGrid>
  );
};
