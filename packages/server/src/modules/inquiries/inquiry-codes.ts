import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { inquiries } from './inquiries.tables';

/** The inquiry fields that store a key of an admin-managed list (collections). */
export type InquiryCodeField = 'projectCategory' | 'complexity' | 'customerCategory' | 'ownerType';

/** How many of the company's inquiries (archived ones too) carry the key: a value in use is kept. */
export const inquiriesWithCode = async (
  db: Executor,
  companyId: string,
  field: InquiryCodeField,
  key: string,
) => {
  const [row] = await db
    .select({ count: count() })
    .from(inquiries)
    .where(and(eq(inquiries.companyId, companyId), eq(inquiries[field], key)));
  return row?.count ?? 0;
};
