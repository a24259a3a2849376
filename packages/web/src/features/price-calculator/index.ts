export { PriceCalculatorPage } from './price-calculator-page';
