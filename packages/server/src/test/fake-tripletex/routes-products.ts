import { containsParam, equalsParam, flagParam, getByIdRoute, listAnswer, type Route } from './fake-http';
import { productJson } from './serialize';

/** Read-only in the fake, as Karm only reads products (offer lines and expenses are priced from them). */
export const productRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/product$/,
    handle: (ctx) => {
      const { query } = ctx;
      const isInactive = flagParam(query, 'isInactive');
      const isStockItem = flagParam(query, 'isStockItem');
      const matches = [...ctx.state.products.values()].filter(
        (p) =>
          containsParam(query, 'name', p.name) &&
          equalsParam(query, 'productNumber', p.number) &&
          (isInactive === null || p.isInactive === isInactive) &&
          (isStockItem === null || p.isStockItem === isStockItem),
      );
      return listAnswer(ctx, matches, (p) => productJson(ctx, p));
    },
  },
  getByIdRoute(
    'product',
    'Product',
    (state, id) => state.products.get(id),
    (ctx, product) => productJson(ctx, product),
  ),
];
