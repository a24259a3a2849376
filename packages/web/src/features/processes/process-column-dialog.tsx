import type { ProcessColumnDto } from '@karm/domain/contract';
import {
  PROCESS_COLUMN_TYPES,
  PROCESS_WEEKS_MAX,
  type ProcessColumnType,
  validateProcessColumn,
} from '@karm/domain/rules';
import {
  Checkbox,
  ColorInput,
  Input,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess } from '@/components';
import { useCreateProcessColumn, useUpdateProcessColumn } from '@/lib/api/processes';
import { applyServerFieldErrors, translateMessage } from '@/lib/forms';
import { ProcessNameFields } from './process-name-fields';

/** The grid colours offered first; any #rrggbb may be typed. */
export const COLUMN_SWATCHES = [
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#2b8a3e',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#be4bdb',
  '#7950f2',
  '#868e96',
];

const DEFAULT_COLOR = '#868e96';

type ColumnFormValues = {
  nameNo: string;
  nameEn: string;
  /** NumberInput holds '' while a field is empty. */
  factor: number | string;
  min: number | string;
  max: number | string;
  type: ProcessColumnType;
  color: string;
  status: string;
  invoice: boolean;
};

const valuesOf = (column: ProcessColumnDto | undefined): ColumnFormValues => ({
  nameNo: column?.nameNo ?? '',
  nameEn: column?.nameEn ?? '',
  factor: column?.factor ?? 0,
  min: column?.min ?? 0,
  max: column?.max ?? 0,
  type: column?.type ?? 'completed',
  color: column?.color ?? DEFAULT_COLOR,
  status: column?.status ?? '',
  invoice: column?.invoice ?? false,
});

const numberOf = (value: number | string) => (typeof value === 'number' ? value : null);

export type ProcessColumnDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The column to edit; a new one is made when it is missing. */
  column?: ProcessColumnDto;
};

/**
 * Creates or edits a process column. SPEC §5: Norwegian and English names are required and at most 15
 * characters; factor, min and max are whole weeks (`validateProcessColumn`). Nothing is sent while a
 * field is wrong. Mount it with a key per column, so each opening starts from that column.
 */
export const ProcessColumnDialog = ({ opened, onClose, column }: ProcessColumnDialogProps) => {
  const { t } = useTranslation('processes');
  const create = useCreateProcessColumn();
  const update = useUpdateProcessColumn();
  const form = useForm<ColumnFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(column),
    validate: (values) =>
      validateProcessColumn({
        ...values,
        factor: numberOf(values.factor),
        min: numberOf(values.min),
        max: numberOf(values.max),
      }),
    // The rules and the server answer in message keys; show them in the user's language.
    enhanceGetInputProps: ({ inputProps }) =>
      inputProps.error ? { error: translateMessage(t, String(inputProps.error)) } : undefined,
  });

  const save = async () => {
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    const input = {
      nameNo: values.nameNo.trim(),
      nameEn: values.nameEn.trim(),
      factor: Number(values.factor),
      min: Number(values.min),
      max: Number(values.max),
      type: values.type,
      color: values.color,
      status: values.status.trim(),
      invoice: values.invoice,
    };
    try {
      if (column) await update.mutateAsync({ id: column.id, ...input });
      else await create.mutateAsync(input);
      notifySuccess(t(column ? 'admin.columnSaved' : 'admin.columnCreated'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };

  const weeks = { min: 0, max: PROCESS_WEEKS_MAX, allowDecimal: false, allowNegative: false } as const;

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={column ? t('admin.editColumn') : t('admin.newColumn')}
      size="lg"
      onCancel={onClose}
      onSave={save}
      saving={create.isPending || update.isPending}
    >
      <Stack gap="sm">
        <ProcessNameFields getInputProps={form.getInputProps} />
        <Input.Wrapper label={t('admin.type')}>
          <div>
            <SegmentedControl<ProcessColumnType>
              mt={4}
              aria-label={t('admin.type')}
              data={PROCESS_COLUMN_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              {...form.getInputProps('type')}
            />
          </div>
        </Input.Wrapper>
        <SimpleGrid cols={3} spacing="sm">
          <NumberInput
            label={t('admin.factor')}
            description={t('admin.factorHint')}
            {...weeks}
            {...form.getInputProps('factor')}
          />
          <NumberInput
            label={t('admin.min')}
            description={t('admin.minHint')}
            {...weeks}
            {...form.getInputProps('min')}
          />
          <NumberInput
            label={t('admin.max')}
            description={t('admin.maxHint')}
            {...weeks}
            {...form.getInputProps('max')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <ColorInput
            label={t('admin.color')}
            format="hex"
            swatches={COLUMN_SWATCHES}
            {...form.getInputProps('color')}
          />
          <TextInput
            label={t('admin.status')}
            description={t('admin.statusHint')}
            maxLength={40}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('admin.invoice')}
          description={t('admin.invoiceHint')}
          {...form.getInputProps('invoice', { type: 'checkbox' })}
        />
      </Stack>
    </AppDialog>
  );
};
