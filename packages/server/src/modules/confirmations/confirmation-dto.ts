import type {
  ConfirmationDto,
  ConfirmationEntityType,
  PaymentRule,
  PaymentRuleDto,
} from '@karm/domain/contract';
import { type PaymentDue, type PaymentShare, VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import { confirmationPaymentRules, confirmations } from './confirmations.tables';

export type ConfirmationRow = typeof confirmations.$inferSelect;
type RuleRow = typeof confirmationPaymentRules.$inferSelect;

const shareOf = (row: RuleRow): PaymentShare =>
  row.basisPoints === null
    ? { type: 'fixed', amount: row.fixedAmount ?? 0 }
    : { type: 'percent', basisPoints: row.basisPoints };

const dueOf = (row: RuleRow): PaymentDue => {
  switch (row.dueKind) {
    case 'onDate':
      return { kind: 'onDate', date: row.dueDate ?? '' };
    case 'processColumnCompleted':
      return { kind: 'processColumnCompleted', columnId: row.dueColumnId ?? '' };
    case 'atDelivery':
      return { kind: 'atDelivery' };
    default:
      return { kind: 'onOrder' };
  }
};

const toRuleDto = (row: RuleRow): PaymentRuleDto => ({
  id: row.id,
  description: row.description,
  share: shareOf(row),
  due: dueOf(row),
  amount: row.amount,
  invoiceId: row.invoiceId,
});

/** A payment rule as its table stores it: the share and the due rule in their own columns. */
export const paymentRuleColumns = (rule: PaymentRule, amount: number) => ({
  description: rule.description,
  basisPoints: rule.share.type === 'percent' ? rule.share.basisPoints : null,
  fixedAmount: rule.share.type === 'fixed' ? rule.share.amount : null,
  amount,
  dueKind: rule.due.kind,
  dueDate: rule.due.kind === 'onDate' ? rule.due.date : null,
  dueColumnId: rule.due.kind === 'processColumnCompleted' ? rule.due.columnId : null,
});

const toDto = (row: ConfirmationRow, rules: RuleRow[]): ConfirmationDto => ({
  id: row.id,
  entityType: row.entityType,
  entityId: row.entityId,
  offerId: row.offerId,
  number: row.number,
  date: row.date,
  customerId: row.customerId,
  customerName: row.customerName,
  contactId: row.contactId,
  lines: row.lines,
  totalExVat: row.totalExVat,
  vat: row.vat,
  total: row.total,
  terms: row.terms,
  paymentRules: rules.map(toRuleDto),
  isInvoiced: rules.some((rule) => rule.invoiceId !== null),
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** The payment rules of the given confirmations, in their order. */
const rulesOf = async (db: Executor, companyId: string, confirmationIds: string[]) => {
  if (confirmationIds.length === 0) return [];
  return db
    .select()
    .from(confirmationPaymentRules)
    .where(
      and(
        eq(confirmationPaymentRules.companyId, companyId),
        inArray(confirmationPaymentRules.confirmationId, confirmationIds),
      ),
    )
    .orderBy(asc(confirmationPaymentRules.position));
};

/** The confirmations as DTOs, their rules read in one query. */
export const confirmationDtos = async (db: Executor, companyId: string, rows: ConfirmationRow[]) => {
  const rules = await rulesOf(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toDto(
      row,
      rules.filter((rule) => rule.confirmationId === row.id),
    ),
  );
};

export const confirmationDto = async (db: Executor, companyId: string, row: ConfirmationRow) =>
  (await confirmationDtos(db, companyId, [row]))[0] as ConfirmationDto;

/** The confirmation of the actor's company; another company's is "not found". */
export const findOwnConfirmation = async (db: Executor, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(confirmations)
    .where(and(eq(confirmations.companyId, companyId), eq(confirmations.id, id)));
  if (!row) throw notFound('Confirmation');
  return row;
};

/**
 * An order confirmation, not a project's own invoice plan: the confirmation routes (PATCH, DELETE, the
 * PDF) refuse a plan with a code that says so; the plan is changed through `invoice-plan:*`.
 */
export const assertOrderConfirmation = (row: ConfirmationRow) => {
  if (row.kind !== 'confirmation') throw conflict(VALIDATION_MESSAGE_KEYS.invoicePlanNotConfirmation);
};

/** The project's own invoice plan (at most one), if it has one. */
export const invoicePlanOfProject = async (db: Executor, companyId: string, projectId: string) => {
  const [row] = await db
    .select()
    .from(confirmations)
    .where(
      and(
        eq(confirmations.companyId, companyId),
        eq(confirmations.kind, 'invoicePlan'),
        eq(confirmations.entityType, 'project'),
        eq(confirmations.entityId, projectId),
      ),
    );
  return row ?? null;
};

/** Whether a part of the confirmation has been invoiced. */
export const isConfirmationInvoiced = async (db: Executor, companyId: string, id: string) =>
  (await rulesOf(db, companyId, [id])).some((rule) => rule.invoiceId !== null);

const listWhere = async (db: Executor, companyId: string, where: SQL | undefined) =>
  confirmationDtos(
    db,
    companyId,
    await db
      .select()
      .from(confirmations)
      // Order confirmations only: a project's own invoice plan is listed with the invoices.
      .where(and(eq(confirmations.companyId, companyId), eq(confirmations.kind, 'confirmation'), where))
      .orderBy(asc(confirmations.number)),
  );

/** The confirmations now linked to an offer or a project, oldest first. */
export const confirmationsOfEntity = (
  db: Executor,
  companyId: string,
  entityType: ConfirmationEntityType,
  entityId: string,
) =>
  listWhere(
    db,
    companyId,
    and(eq(confirmations.entityType, entityType), eq(confirmations.entityId, entityId)),
  );

/**
 * SPEC §7 GET /confirmations/offer/{id}: the confirmations made for an offer, also after it became
 * a project (they moved to the project, and still show on the offer).
 */
export const confirmationsOfOffer = (db: Executor, companyId: string, offerId: string) =>
  listWhere(db, companyId, eq(confirmations.offerId, offerId));

/** How many confirmations were made for each of the offers, in one query. */
export const confirmationCounts = async (db: Executor, companyId: string, offerIds: string[]) => {
  if (offerIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ offerId: confirmations.offerId, total: count() })
    .from(confirmations)
    .where(
      and(
        eq(confirmations.companyId, companyId),
        eq(confirmations.kind, 'confirmation'),
        inArray(confirmations.offerId, offerIds),
      ),
    )
    .groupBy(confirmations.offerId);
  return new Map(rows.map((row) => [row.offerId ?? '', row.total]));
};
