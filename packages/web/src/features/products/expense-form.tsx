import type { ExpenseDto, ProductDto } from '@karm/domain/contract';
import { PRODUCT_LIMITS } from '@karm/domain/contract';
import { osloDateOf } from '@karm/domain/rules';
import { Button, Group, NumberInput, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, MoneyInput, notifyError, notifySuccess, ProductSelect } from '@/components';
import { useSaveExpense } from './expenses-api';
import { useAskToDeleteExpense } from './use-ask-to-delete-expense';

export type ExpenseFormProps = {
  projectId: string;
  serviceItemId: string | null;
  /** An expense to change (at the version read), or none for a new one. */
  expense?: ExpenseDto | null;
  onDone: () => void;
};

/** What the product choice shows while an expense is edited: the product as recorded. */
const recordedProduct = (expense: ExpenseDto): ProductDto => ({
  id: expense.productId,
  number: expense.productNumber,
  name: expense.productName,
  unit: expense.unit,
  priceOre: expense.unitPriceOre,
  // Only a label is drawn from it: an expense records no cost price or rate.
  costPriceOre: 0,
  vatPercent: 25,
  isService: false,
  isActive: true,
  source: 'karm',
  version: 1,
});

/**
 * A part or the hours used on a visit: the product (its price comes along and may be changed, e.g.
 * a special price on site), the quantity (2.5 hours), the date and a note. Big fields for a phone.
 */
export const ExpenseForm = ({ projectId, serviceItemId, expense = null, onDone }: ExpenseFormProps) => {
  const { t } = useTranslation('products');
  const save = useSaveExpense();
  const deletion = useAskToDeleteExpense();
  const [productId, setProductId] = useState<string | null>(expense?.productId ?? null);
  const [unit, setUnit] = useState(expense?.unit ?? '');
  const [quantity, setQuantity] = useState<number | string>(expense?.quantity ?? 1);
  const [unitPriceOre, setUnitPriceOre] = useState(expense?.unitPriceOre ?? 0);
  const [date, setDate] = useState<string | null>(expense?.date ?? osloDateOf(new Date()));
  const [note, setNote] = useState(expense?.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const amount = typeof quantity === 'number' ? quantity : Number(String(quantity).replace(',', '.'));
    const problems: Record<string, string> = {};
    if (!productId) problems.productId = t('form.productRequired');
    if (!(amount > 0)) problems.quantity = t('form.quantityPositive');
    if (!date) problems.date = t('form.dateRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !productId || !date) return;
    try {
      if (expense) {
        await save.mutateAsync({
          kind: 'patch',
          input: {
            id: expense.id,
            version: expense.version,
            changes: { productId, quantity: amount, unitPriceOre, date, note },
          },
        });
      } else {
        await save.mutateAsync({
          kind: 'create',
          input: { projectId, serviceItemId, productId, quantity: amount, unitPriceOre, date, note },
        });
      }
      notifySuccess(t('form.saved'));
      onDone();
    } catch (error) {
      notifyError(error, { title: t('form.saveFailed') });
    }
  };

  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ProductSelect
        label={t('form.product')}
        placeholder={t('form.productPlaceholder')}
        nothingFound={t('form.noProducts')}
        withAsterisk
        value={productId}
        initial={expense ? recordedProduct(expense) : null}
        error={errors.productId}
        onChange={(id, product) => {
          setProductId(id);
          if (product) {
            setUnit(product.unit);
            setUnitPriceOre(product.priceOre);
          }
        }}
      />
      <Group grow gap="sm" align="flex-start">
        <NumberInput
          label={unit ? t('form.quantityIn', { unit }) : t('form.quantity')}
          withAsterisk
          min={0}
          max={PRODUCT_LIMITS.quantity}
          decimalScale={2}
          decimalSeparator=","
          step={0.5}
          inputMode="decimal"
          value={quantity}
          onChange={setQuantity}
          error={errors.quantity}
        />
        <MoneyInput
          key={productId ?? ''}
          label={t('form.unitPrice')}
          value={unitPriceOre}
          onChange={setUnitPriceOre}
        />
      </Group>
      <DateInput label={t('form.date')} withAsterisk value={date} onChange={setDate} error={errors.date} />
      <Textarea
        label={t('form.note')}
        autosize
        minRows={1}
        maxLength={PRODUCT_LIMITS.note}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="sm">
        {expense && (
          <Button
            variant="subtle"
            color="red"
            mr="auto"
            loading={deletion.isPending}
            onClick={async () => {
              if (await deletion.ask(expense)) onDone();
            }}
          >
            {t('delete.confirm')}
          </Button>
        )}
        <Button variant="default" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {expense ? t('form.saveChange') : t('form.add')}
        </Button>
      </Group>
    </Stack>
  );
};
