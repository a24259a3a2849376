import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { calculatePrice, getPriceMatrix, updatePriceMatrix } from './price-calculator.service';

type PriceCalculatorEvent = 'price-matrix:get' | 'price-matrix:update' | 'price-calculator:calculate';

export const priceCalculatorSocketHandlers: SocketHandlers<PriceCalculatorEvent> = {
  'price-matrix:get': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return getPriceMatrix(ctx, actor);
  },
  'price-matrix:update': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updatePriceMatrix(ctx, actor, input);
  },
  'price-calculator:calculate': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return calculatePrice(ctx, actor, input);
  },
};
