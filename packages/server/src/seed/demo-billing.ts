import {
  creditBands,
  paymentTermCategoryDefaults,
  paymentTerms,
} from '../modules/billing-settings/billing-settings.tables';
import type { Executor } from '../platform/db/client';

/** Payment terms a Norwegian door and window maker uses; "14 dager" is the company default. */
const DEMO_TERMS = [
  { name: '14 dager', daysUntilDue: 14, isDefault: true },
  { name: '30 dager', daysUntilDue: 30, isDefault: false },
  { name: 'Forskudd', daysUntilDue: 0, isDefault: false },
] as const;

/** Customer categories with a default of their own: shops pay in 30 days, private people in advance. */
const DEMO_CATEGORY_TERMS = { hardwareStore: '30 dager', private: 'Forskudd' } as const;

/** Credit bands A (best) to E: the share to pay first grows, and D and E need an admin's approval. */
const DEMO_BANDS = [
  { code: 'A', name: 'Svært god', minPrepaymentBasisPoints: 0, requiresAdminApproval: false },
  { code: 'B', name: 'God', minPrepaymentBasisPoints: 1000, requiresAdminApproval: false },
  { code: 'C', name: 'Middels', minPrepaymentBasisPoints: 3000, requiresAdminApproval: false },
  { code: 'D', name: 'Svak', minPrepaymentBasisPoints: 5000, requiresAdminApproval: true },
  { code: 'E', name: 'Dårlig', minPrepaymentBasisPoints: 10_000, requiresAdminApproval: true },
] as const;

/** The demo company's payment terms, category defaults and credit bands. */
export const seedDemoBilling = async (db: Executor, companyId: string) => {
  const terms = await db
    .insert(paymentTerms)
    .values(DEMO_TERMS.map((term) => ({ companyId, ...term })))
    .returning();
  const idOf = new Map(terms.map((term) => [term.name, term.id]));
  await db.insert(paymentTermCategoryDefaults).values(
    Object.entries(DEMO_CATEGORY_TERMS).map(([categoryKey, name]) => ({
      companyId,
      categoryKey,
      paymentTermId: idOf.get(name) ?? '',
    })),
  );
  await db.insert(creditBands).values(DEMO_BANDS.map((band, position) => ({ companyId, ...band, position })));
};
