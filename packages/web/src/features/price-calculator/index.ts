export {
  type CalculatedOfferLine,
  PriceCalculatorDialog,
  type PriceCalculatorDialogProps,
} from './price-calculator-dialog';
export { PriceCalculatorPage } from './price-calculator-page';
