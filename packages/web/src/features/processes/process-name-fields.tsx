import { PROCESS_NAME_MAX_LENGTH } from '@karm/domain/rules';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputProps } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The Norwegian and English names a process or sub-process needs (each at most 15 characters). */
export const ProcessNameFields = ({
  getInputProps,
}: {
  getInputProps: GetInputProps<{ nameNo: string; nameEn: string }>;
}) => {
  const { t } = useTranslation('processes');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        label={t('admin.nameNo')}
        description={t('admin.nameHint', { max: PROCESS_NAME_MAX_LENGTH })}
        withAsterisk
        data-autofocus
        {...getInputProps('nameNo')}
      />
      <TextInput
        label={t('admin.nameEn')}
        description={t('admin.nameHint', { max: PROCESS_NAME_MAX_LENGTH })}
        withAsterisk
        {...getInputProps('nameEn')}
      />
    </SimpleGrid>
  );
};
