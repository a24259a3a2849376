import type { OrderLineDto, ProductDto, VAT_RATES } from '@karm/domain/contract';

/** Order and offer lines being edited (SPEC §3: description, count, unit price, discount, cost price, VAT). */

export type VatRate = (typeof VAT_RATES)[number];

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

const isVatRate = (value: number): value is VatRate => [0, 12, 15, 25].includes(value);

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

/**
 * A line filled from a product (issue 19): "SEN-10 Radarsensor" as products show on expenses, at the
 * product's price excl. VAT. A product carries no cost price or VAT rate, so those stay the new line's
 * (0 and 25 %, the rate every project line is invoiced at); everything stays editable.
 */
export const lineFromProduct = (product: Pick<ProductDto, 'number' | 'name' | 'priceOre'>): LineDraft =>
  newLine({
    description: [product.number, product.name].filter(Boolean).join(' '),
    unitPrice: product.priceOre,
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
    vatPercent: isVatRate(line.vatPercent) ? line.vatPercent : 25,
  }));

/** The lines as the server takes them (the sales price is the server's to work out). */
export const toLineInputs = (lines: LineDraft[]) =>
  lines.map(({ key: _key, id: lineId, ...line }) => ({
    ...(lineId ? { id: lineId } : {}),
    ...line,
    description: line.description.trim(),
  }));
