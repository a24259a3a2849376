import { Alert, Loader, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_CALCULATOR_INPUT,
  PageHeader,
  type PriceCalculatorInput,
  PriceCalculatorPanel,
} from '@/components';
import { usePriceMatrix, usePriceMatrixPushes } from '@/lib/api/price-calculator';
import { useCan } from '@/lib/permissions';
import { PriceMatrixEditor } from './price-matrix-editor';

/** /price-calculator: the calculator for everyone, and the matrix editor for administrators. */
export const PriceCalculatorPage = () => {
  const { t } = useTranslation(['calculator', 'nav']);
  usePriceMatrixPushes();
  const matrix = usePriceMatrix();
  const mayEditMatrix = useCan('price-matrix.manage');
  const [input, setInput] = useState<PriceCalculatorInput>(EMPTY_CALCULATOR_INPUT);

  return (
    <Stack>
      <PageHeader title={t('nav:priceCalculator')} subtitle={t('intro')} />
      {matrix.isPending ? (
        <Loader aria-label={t('calculating')} />
      ) : matrix.isError ? (
        <Alert color="red" variant="light">
          {t('operationFailed')}
        </Alert>
      ) : (
        <>
          {!matrix.data.matrix.doorTypes.some((type) => type.isActive) ? (
            <Alert variant="light">{t(mayEditMatrix ? 'noMatrixAdmin' : 'noMatrix')}</Alert>
          ) : (
            <Paper withBorder p="md" radius="md" maw={640}>
              <PriceCalculatorPanel matrix={matrix.data.matrix} value={input} onChange={setInput} />
            </Paper>
          )}
          {mayEditMatrix && <PriceMatrixEditor saved={matrix.data} />}
        </>
      )}
    </Stack>
  );
};
