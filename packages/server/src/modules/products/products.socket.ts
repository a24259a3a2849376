import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { addProduct, listProducts, updateProduct } from './products.service';

/**
 * Everyone signed in chooses products (offer lines, expenses); the administrator keeps Karm's own
 * (sales settings), as the other lists offers are made from.
 */
export const productEvents = socketModule({
  'product:get': { access: SIGNED_IN, useCase: listProducts },
  'product:add': { access: 'sales.settings', useCase: addProduct },
  'product:upd': { access: 'sales.settings', useCase: updateProduct },
});
