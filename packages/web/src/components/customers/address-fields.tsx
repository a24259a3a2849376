import { SimpleGrid, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POSTAL_CODE_PATTERN, postalPlaceQueryOptions, usePostalPlace } from '@/lib/api/customers';
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
  const queryClient = useQueryClient();
  const postalCode = form.values[path]?.postalCode ?? '';
  const place = usePostalPlace(postalCode);
  // The server answers an unknown code with NOT_FOUND (or a VALIDATION on the code); other failures say nothing.
  const isUnknown =
    place.error instanceof ApiError &&
    (place.error.code === 'NOT_FOUND' || place.error.code === 'VALIDATION');

  const fillCity = async (code: string) => {
    try {
      const found = await queryClient.fetchQuery(postalPlaceQueryOptions(code));
      // The user may have typed on while we asked; only the code still in the field counts.
      if (form.getValues()[path]?.postalCode.trim() === code) form.setFieldValue(`${path}.city`, found.city);
    } catch {
      // An unknown code is shown as a hint under the field (from usePostalPlace), not as an error.
    }
  };

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
          const code = value.trim();
          if (POSTAL_CODE_PATTERN.test(code)) void fillCity(code);
        }}
      />
      <TextInput label={t('address.city')} autoComplete="off" {...form.getInputProps(`${path}.city`)} />
    </SimpleGrid>
  );
};
