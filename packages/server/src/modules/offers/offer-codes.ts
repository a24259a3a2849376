import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { offers } from './offers.tables';

/** The offer fields that store a key of an admin-managed list (collections). */
export type OfferCodeField = 'projectCategory' | 'complexity' | 'ownerType';

/** How many of the company's offers (archived ones too) carry the key: a value in use is kept. */
export const offersWithCode = async (db: Executor, companyId: string, field: OfferCodeField, key: string) => {
  const [row] = await db
    .select({ count: count() })
    .from(offers)
    .where(and(eq(offers.companyId, companyId), eq(offers[field], key)));
  return row?.count ?? 0;
};
