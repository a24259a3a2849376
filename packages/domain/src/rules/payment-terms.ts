import type { EffectivePaymentTerm } from '../contract/billing-settings';

/** Every term's id, name, days and state, and the defaults, as the resolution needs them. */
export type PaymentTermBook = {
  terms: readonly { id: string; name: string; daysUntilDue: number; isActive: boolean; isDefault: boolean }[];
  /** Category key → term id. */
  categoryDefaults: ReadonlyMap<string, string>;
  /** The invoice settings' default due days: the last fallback. */
  defaultDueDays: number;
};

/**
 * The payment term that applies to a customer: its own term, else its category's default, else the
 * company's default term, else the invoice settings' due days. A deactivated term is passed over
 * (it stays on the customer for history but no longer applies), as if it were not set.
 */
export const effectivePaymentTermOf = (
  book: PaymentTermBook,
  customer: { paymentTermId: string | null; category: string },
): EffectivePaymentTerm => {
  const usable = (id: string | null | undefined) =>
    id ? book.terms.find((term) => term.id === id && term.isActive) : undefined;
  const candidates = [
    ['customer', usable(customer.paymentTermId)],
    ['category', usable(book.categoryDefaults.get(customer.category))],
    ['company', book.terms.find((term) => term.isDefault && term.isActive)],
  ] as const;
  for (const [source, term] of candidates) {
    if (term) return { paymentTermId: term.id, name: term.name, daysUntilDue: term.daysUntilDue, source };
  }
  return { paymentTermId: null, name: '', daysUntilDue: book.defaultDueDays, source: 'invoiceSettings' };
};
