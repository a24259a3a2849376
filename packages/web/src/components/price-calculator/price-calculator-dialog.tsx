import { localeOrDefault } from '@karm/domain/i18n';
import { Alert, Button, Loader } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalculatePrice, usePriceMatrix } from '@/lib/api/price-calculator';
import { AppDialog } from '../app-dialog/app-dialog';
import { notifyError } from '../notify/notify';
import {
  EMPTY_CALCULATOR_INPUT,
  type PriceCalculatorInput,
  PriceCalculatorPanel,
  quoteOf,
} from './price-calculator-panel';

/** An offer line made by the calculator (øre; the offer's line shape). */
export type CalculatedOfferLine = {
  description: string;
  count: number;
  unitPrice: number;
  discountPercent: 0;
  /** The matrix cell's cost of one door, so the offer's margin is right at once. */
  costPrice: number;
  vatPercent: 25;
};

export type PriceCalculatorDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** From an offer: adds the priced line. Without it (from the drawer) the dialog only shows the price. */
  onAddLine?: (line: CalculatedOfferLine) => void;
};

/**
 * SPEC §1 price calculator as a dialog. The price shows live from the fetched matrix; adding the
 * line asks the server to calculate it, so the offer gets the price of the matrix as saved now.
 */
export const PriceCalculatorDialog = ({ opened, onClose, onAddLine }: PriceCalculatorDialogProps) => {
  const { t, i18n } = useTranslation('calculator');
  const matrix = usePriceMatrix();
  const calculate = useCalculatePrice();
  const [input, setInput] = useState<PriceCalculatorInput>(EMPTY_CALCULATOR_INPUT);
  // The line's text names the door type in the language the person works in.
  const locale = localeOrDefault(i18n.resolvedLanguage ?? i18n.language);
  const quote = matrix.data ? quoteOf(matrix.data.matrix, input, locale) : null;

  const close = () => {
    setInput(EMPTY_CALCULATOR_INPUT);
    onClose();
  };

  const addLine = async () => {
    if (!onAddLine || !input.doorTypeId || !input.widthMm || !input.heightMm) return;
    try {
      const result = await calculate.mutateAsync({
        doorTypeId: input.doorTypeId,
        widthMm: input.widthMm,
        heightMm: input.heightMm,
        count: input.count,
        locale,
      });
      onAddLine({
        description: result.description,
        count: result.count,
        unitPrice: result.unitPrice,
        discountPercent: 0,
        costPrice: result.unitCost,
        vatPercent: 25,
      });
      close();
    } catch {
      notifyError(t('operationFailed'));
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={t('title')}
      size="md"
      busy={calculate.isPending}
      footerExtra={
        onAddLine ? (
          <Button
            onClick={() => void addLine()}
            loading={calculate.isPending}
            disabled={!quote?.lookup?.isFound}
          >
            {t('addToOffer')}
          </Button>
        ) : undefined
      }
    >
      {matrix.isPending ? (
        <Loader aria-label={t('calculating')} />
      ) : matrix.isError ? (
        <Alert color="red" variant="light">
          {t('operationFailed')}
        </Alert>
      ) : !matrix.data.matrix.doorTypes.some((type) => type.isActive) ? (
        <Alert variant="light">{t('noMatrix')}</Alert>
      ) : (
        <PriceCalculatorPanel matrix={matrix.data.matrix} value={input} onChange={setInput} />
      )}
    </AppDialog>
  );
};
