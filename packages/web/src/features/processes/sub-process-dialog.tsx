import type { ProcessColumnDto } from '@karm/domain/contract';
import { PROCESS_COLUMN_TYPES, validateSubProcess } from '@karm/domain/rules';
import { Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess } from '@/components';
import { useCreateSubProcess } from '@/lib/api/processes';
import { applyServerFieldErrors, translateMessage } from '@/lib/forms';
import { nameIn } from './process-cell-state';
import { ProcessNameFields } from './process-name-fields';

type SubProcessFormValues = { nameNo: string; nameEn: string; type: string | null };

const EMPTY: SubProcessFormValues = { nameNo: '', nameEn: '', type: null };

export type SubProcessDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The column the sub-process belongs to. */
  column: ProcessColumnDto;
};

/**
 * Adds a sub-process to a column. SPEC §5: both names required (with the sub-process messages), at
 * most 15 characters, and a type is required; nothing is sent until all hold.
 */
export const SubProcessDialog = ({ opened, onClose, column }: SubProcessDialogProps) => {
  const { t, i18n } = useTranslation('processes');
  const create = useCreateSubProcess();
  const form = useForm<SubProcessFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => validateSubProcess(values),
    enhanceGetInputProps: ({ inputProps }) =>
      inputProps.error ? { error: translateMessage(t, String(inputProps.error)) } : undefined,
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const save = async () => {
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    try {
      await create.mutateAsync({
        columnId: column.id,
        nameNo: values.nameNo.trim(),
        nameEn: values.nameEn.trim(),
        type: values.type,
      });
      notifySuccess(t('admin.subProcessCreated'));
      close();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={t('admin.newSubProcess', { column: nameIn(i18n.language, column) })}
      size="md"
      onCancel={close}
      onSave={save}
      saving={create.isPending}
    >
      <Stack gap="sm">
        <ProcessNameFields getInputProps={form.getInputProps} />
        <Select
          label={t('admin.type')}
          placeholder={t('admin.choose')}
          withAsterisk
          data={PROCESS_COLUMN_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('type')}
        />
      </Stack>
    </AppDialog>
  );
};
