import { socketModule } from '../../platform/realtime/socket-module';
import { calculatePrice, getPriceMatrix, updatePriceMatrix } from './price-calculator.service';

const MANAGE = 'price-matrix.manage';

export const priceCalculatorEvents = socketModule({
  // The calculator prices offer lines: whoever reads offers uses it; the matrix's editors read it too.
  'price-matrix:get': {
    access: ['offers.read', MANAGE],
    useCase: (ctx, actor) => getPriceMatrix(ctx, actor),
  },
  'price-matrix:update': { access: MANAGE, useCase: updatePriceMatrix },
  'price-calculator:calculate': { access: ['offers.read', MANAGE], useCase: calculatePrice },
});
