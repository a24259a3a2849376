import type { PaymentRule } from '@karm/domain/contract';
import {
  creditBandBreach,
  messageWithParams,
  splitPlan,
  VALIDATION_MESSAGE_KEYS,
  WHOLE_IN_BASIS_POINTS,
} from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { type Actor, can } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany, type Reference } from '../../platform/db/references';
import { forbidden, validationError } from '../../platform/errors';
import { creditBandOfCustomer } from '../customers/customer-billing';
import {
  ensureProcessColumns,
  INVOICE_PROCESS_COLUMNS_REFERABLE,
} from '../processes/process-columns.service';
import { paymentRuleColumns } from './confirmation-dto';
import { confirmationPaymentRules } from './confirmations.tables';

/**
 * A confirmation's payment plan as it is checked and stored: its parts split over the total to the
 * øre, the customer's credit band rule, the process columns parts fall due on, and the stored parts.
 */

/** The amounts of the plan's parts, adding up to the total exactly; refused as `splitPlan` says. */
export const amountsOf = (total: number, rules: PaymentRule[]) => {
  const split = splitPlan(total, rules);
  if (split.ok) return split.amounts;
  const { index, messageKey } = split.refusal;
  throw validationError({ [index === undefined ? 'paymentRules' : `paymentRules.${index}`]: messageKey });
};

/**
 * The customer's credit band rule (admin tab "Credit score"): the plan's first part must be at least
 * the band's prepayment share, and some bands need an administrator's approval. A plan that breaks
 * it is refused with a message naming the band, unless an administrator approves it.
 */
export const checkCreditBand = async (
  tx: Executor,
  actor: Actor,
  check: {
    customerId: string | null;
    total: number;
    rules: PaymentRule[];
    amounts: number[];
    isApproved: boolean;
  },
) => {
  if (check.isApproved && !can(actor, 'invoices.write')) {
    throw forbidden("Only an administrator approves a plan outside the customer's credit band");
  }
  if (!check.customerId) return;
  const band = await creditBandOfCustomer(tx, actor.companyId, check.customerId);
  const [first] = check.rules;
  const firstShare =
    first?.share.type === 'percent'
      ? first.share.basisPoints
      : check.total > 0
        ? Math.floor(((check.amounts[0] ?? 0) * WHOLE_IN_BASIS_POINTS) / check.total)
        : WHOLE_IN_BASIS_POINTS;
  const breach = creditBandBreach(band, firstShare, { isApprovedByAdmin: check.isApproved });
  if (!band || !breach) return;
  const key =
    breach === 'prepaymentTooLow'
      ? VALIDATION_MESSAGE_KEYS.creditBandPrepaymentTooLow
      : VALIDATION_MESSAGE_KEYS.creditBandApprovalRequired;
  throw validationError({
    'paymentRules.0': messageWithParams(key, {
      band: band.code,
      percent: band.minPrepaymentBasisPoints / 100,
    }),
  });
};

/**
 * Every process column a rule falls due on must be one of the company's live columns with the
 * invoice flag. The default columns are stored first, so that one named before any write exists.
 */
export const checkDueColumns = async (tx: Executor, companyId: string, rules: PaymentRule[]) => {
  const references: Record<string, Reference> = {};
  for (const [index, rule] of rules.entries()) {
    if (rule.due.kind === 'processColumnCompleted') {
      references[`paymentRules.${index}.due.columnId`] = [
        INVOICE_PROCESS_COLUMNS_REFERABLE,
        rule.due.columnId,
      ];
    }
  }
  if (Object.keys(references).length === 0) return;
  await ensureProcessColumns(tx, companyId);
  await assertReferencesInCompany(tx, companyId, references);
};

/** The confirmation's parts replaced by the plan's, each with its amount. */
export const replacePaymentRules = async (
  tx: Executor,
  companyId: string,
  confirmationId: string,
  rules: PaymentRule[],
  amounts: number[],
) => {
  await tx
    .delete(confirmationPaymentRules)
    .where(
      and(
        eq(confirmationPaymentRules.companyId, companyId),
        eq(confirmationPaymentRules.confirmationId, confirmationId),
      ),
    );
  await tx.insert(confirmationPaymentRules).values(
    rules.map((rule, position) => ({
      companyId,
      confirmationId,
      position,
      ...paymentRuleColumns(rule, amounts[position] ?? 0),
    })),
  );
};
