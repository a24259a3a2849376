import { describe, expect, it } from 'vitest';
import { effectivePaymentTermOf, type PaymentTermBook } from './payment-terms';

const term = (id: string, daysUntilDue: number, extra: { isActive?: boolean; isDefault?: boolean } = {}) => ({
  id,
  name: `${daysUntilDue} dager`,
  daysUntilDue,
  isActive: extra.isActive ?? true,
  isDefault: extra.isDefault ?? false,
});

const book: PaymentTermBook = {
  terms: [
    term('t14', 14, { isDefault: true }),
    term('t30', 30),
    term('t0', 0),
    term('old', 60, { isActive: false }),
  ],
  categoryDefaults: new Map([
    ['hardwareStore', 't30'],
    ['special', 'old'],
  ]),
  defaultDueDays: 10,
};

describe('effectivePaymentTermOf', () => {
  it("takes the customer's own term first", () => {
    expect(effectivePaymentTermOf(book, { paymentTermId: 't0', category: 'hardwareStore' })).toEqual({
      paymentTermId: 't0',
      name: '0 dager',
      daysUntilDue: 0,
      source: 'customer',
    });
  });

  it("then its category's default, then the company's", () => {
    expect(effectivePaymentTermOf(book, { paymentTermId: null, category: 'hardwareStore' })).toMatchObject({
      paymentTermId: 't30',
      source: 'category',
    });
    expect(effectivePaymentTermOf(book, { paymentTermId: null, category: 'private' })).toMatchObject({
      paymentTermId: 't14',
      source: 'company',
    });
  });

  it('passes over deactivated terms', () => {
    expect(effectivePaymentTermOf(book, { paymentTermId: 'old', category: 'special' })).toMatchObject({
      paymentTermId: 't14',
      source: 'company',
    });
  });

  it("falls back on the invoice settings' due days without any default term", () => {
    const bare = { ...book, terms: book.terms.map((entry) => ({ ...entry, isDefault: false })) };
    expect(effectivePaymentTermOf(bare, { paymentTermId: null, category: 'private' })).toEqual({
      paymentTermId: null,
      name: '',
      daysUntilDue: 10,
      source: 'invoiceSettings',
    });
  });
});
