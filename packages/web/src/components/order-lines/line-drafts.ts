import { lineVatRate, type OrderLineDto, type ProductDto, type VatRate } from '@karm/domain/contract';

/** Order and offer lines being edited (SPEC §3: description, count, unit price, discount, cost price, VAT). */

/** An order line being edited; `key` tells React rows apart before the server gives an id. */
export type LineDraft = {
  key: string;
  id?: string;
  description: string;
  count: number;
  unitPrice: number;
  discountPercent: number;
  costPrice: number;
  vatPercent: VatRate;
};
let lastKey = 0;
/** A key that tells React rows apart before the server gives an id. */
export const nextDraftKey = () => {
  lastKey += 1;
  return `draft-${lastKey}`;
};

export const newLine = (values: Partial<Omit<LineDraft, 'key'>> = {}): LineDraft => ({
  key: nextDraftKey(),
  description: '',
  count: 1,
  unitPrice: 0,
  discountPercent: 0,
  costPrice: 0,
  vatPercent: 25,
  ...values,
});

/** A product's part of a line: "SEN-10 Radarsensor", its price excl. VAT, cost price and VAT rate. */
export type LineProduct = Pick<ProductDto, 'number' | 'name' | 'priceOre' | 'costPriceOre' | 'vatPercent'>;

/**
 * What a product fills in a line (issue 19): its number and name as products show on expenses, its
 * price excl. VAT, cost price and VAT rate (one lines do not offer reads as 25 %). Count and discount
 * are the line's own; everything stays editable.
 */
export const productPartOfLine = (product: LineProduct) => ({
  description: [product.number, product.name].filter(Boolean).join(' '),
  unitPrice: product.priceOre,
  costPrice: product.costPriceOre,
  vatPercent: lineVatRate(product.vatPercent),
});

/** A new line filled from a product. */
export const lineFromProduct = (product: LineProduct): LineDraft => newLine(productPartOfLine(product));

/** An existing line given a product instead of what it held: its count, discount and id stay. */
export const lineWithProduct = (line: LineDraft, product: LineProduct): LineDraft => ({
  ...line,
  ...productPartOfLine(product),
});

export const toLineDrafts = (lines: OrderLineDto[]): LineDraft[] =>
  lines.map((line) => ({
    key: nextDraftKey(),
    id: line.id,
    description: line.description,
    count: line.count,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    costPrice: line.costPrice,
    vatPercent: lineVatRate(line.vatPercent),
  }));

/** The lines as the server takes them (the sales price is the server's to work out). */
export const toLineInputs = (lines: LineDraft[]) =>
  lines.map(({ key: _key, id: lineId, ...line }) => ({
    ...(lineId ? { id: lineId } : {}),
    ...line,
    description: line.description.trim(),
  }));
