export {
  type CalculatedOfferLine,
  PriceCalculatorDialog,
  type PriceCalculatorDialogProps,
} from './price-calculator-dialog';
export {
  EMPTY_CALCULATOR_INPUT,
  type PriceCalculatorInput,
  PriceCalculatorPanel,
} from './price-calculator-panel';
