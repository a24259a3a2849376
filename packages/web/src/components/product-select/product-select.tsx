import type { ProductDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import { PRODUCT_PICKER_PAGE, useProductSearch } from '@/lib/api/products';
import {
  ServerSearchSelect,
  type ServerSearchSelectProps,
} from '../server-search-select/server-search-select';

type ProductOptions = {
  /** Only service products (hours), only goods, or both. */
  isService?: boolean;
};

export type ProductSelectProps = Omit<
  ServerSearchSelectProps<ProductDto, ProductOptions>,
  'useChoices' | 'labelOf' | 'options'
> &
  ProductOptions;

/** "SEN-10 Radarsensor · 1 890,00 per stk": what a person recognises a product by. */
export const productLabel = (product: Pick<ProductDto, 'number' | 'name' | 'unit' | 'priceOre'>) =>
  `${[product.number, product.name].filter(Boolean).join(' ')} · ${formatNok(product.priceOre)}${
    product.unit ? ` / ${product.unit}` : ''
  }`;

const useProductChoices = (search: string, { isService }: ProductOptions) =>
  useProductSearch({
    search,
    pageSize: PRODUCT_PICKER_PAGE,
    ...(isService === undefined ? {} : { isService }),
  }).data?.items ?? [];

/** A product found on the server by number or name: for offer lines and the parts and hours of a visit. */
export const ProductSelect = ({ isService, ...props }: ProductSelectProps) => (
  <ServerSearchSelect
    {...props}
    labelOf={productLabel}
    useChoices={useProductChoices}
    options={{ isService }}
  />
);
