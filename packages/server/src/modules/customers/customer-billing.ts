import type { CreditBandDto, EffectivePaymentTerm } from '@karm/domain/contract';
import { creditBandOfScore, effectivePaymentTermOf } from '@karm/domain/rules';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { requestAccountingPush } from '../accounting/accounting.jobs';
import { creditBandsOf } from '../billing-settings/credit-bands.service';
import { loadPaymentTermBook } from '../billing-settings/payment-terms.service';
import { customers } from './customers.tables';

/**
 * A customer's payment term and credit band (billing-settings): what invoices and the accounting
 * system use, and what the confirmations check a payment plan against.
 */

const customerOf = async (db: Executor, companyId: string, customerId: string) => {
  const [row] = await db
    .select({
      paymentTermId: customers.paymentTermId,
      category: customers.category,
      creditScore: customers.creditScore,
    })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  if (!row) throw notFound('Customer');
  return row;
};

/**
 * The payment term that applies to the customer: its own, else its category's default, else the
 * company's default term, else the invoice settings' due days. Another company's customer is NOT_FOUND.
 */
export const effectivePaymentTerm = async (
  db: Executor,
  companyId: string,
  customerId: string,
): Promise<EffectivePaymentTerm> => {
  const customer = await customerOf(db, companyId, customerId);
  return effectivePaymentTermOf(await loadPaymentTermBook(db, companyId), customer);
};

/**
 * The credit band the customer's credit score names (its code, case-insensitive), or null: for the
 * confirmations, which refuse a plan that breaks the band's rule (`creditBandBreach` in domain).
 */
export const creditBandOfCustomer = async (
  db: Executor,
  companyId: string,
  customerId: string,
): Promise<CreditBandDto | null> => {
  const customer = await customerOf(db, companyId, customerId);
  return creditBandOfScore(await creditBandsOf(db, companyId), customer.creditScore);
};

/**
 * After a payment term, a default or the invoice settings changed: the company's customers that
 * live in the accounting system are queued for a push, which sends their due days where they
 * differ from what it has (and leaves the others as they are, without a call).
 */
export const requestDueDaysPush = async (ctx: AppContext, companyId: string) => {
  if (!(await ctx.accounting.isConnected(companyId))) return;
  const now = ctx.clock.now();
  const queued = await ctx.db
    .update(customers)
    .set({ syncStatus: 'pending', nextSyncAt: now, syncAttempts: 0, syncError: null })
    .where(
      and(
        eq(customers.companyId, companyId),
        isNotNull(customers.accountingId),
        eq(customers.syncStatus, 'synced'),
      ),
    )
    .returning({ id: customers.id });
  if (queued.length > 0) await requestAccountingPush(ctx, companyId);
};
