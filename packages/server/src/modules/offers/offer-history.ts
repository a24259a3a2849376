import type {
  OfferFieldChange,
  OfferHistoryAction,
  OfferHistoryDto,
  PaymentPlanPart,
} from '@karm/domain/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { userNamesByIds } from '../auth/users.repository';
import { employeeNamesOfUsers } from '../employees/employees.service';
import { describeChanges } from '../inquiries/inquiry-history';
import { readOfferSettings } from './offer-config.service';
import type { OfferRow } from './offer-dto';
import { offerHistory } from './offers.tables';

/** What a history row keeps: the changed fields with their values as read, and the action's facts. */
type HistoryEntry = {
  fields?: OfferFieldChange[];
  /** The archive reason. */
  reason?: string;
  projectId?: string;
  projectNumber?: number;
  /** The offer's number and project name when created. */
  number?: number;
  projectName?: string;
};

/** Keys of a row written before the values were kept that are facts of the action, not changed fields. */
const ACTION_FACTS = new Set(['reason', 'projectId', 'projectNumber', 'number', 'projectName']);

export const recordOfferHistory = (
  tx: Executor,
  actor: Actor,
  offerId: string,
  action: OfferHistoryAction,
  entry: HistoryEntry,
) =>
  tx
    .insert(offerHistory)
    .values({ companyId: actor.companyId, offerId, userId: actor.userId, action, changes: entry });

/** The offer's fields whose change the history names. */
type OfferFields = Partial<Omit<OfferRow, 'statusChangedAt'>> & { lines?: number };

const planText = (plan: PaymentPlanPart[]) =>
  plan.length === 0 ? null : plan.map((part) => `${part.percent} % ${part.description}`.trim()).join(', ');

/**
 * The changed fields of an offer from `before` to `after`, as people read them: status, salesperson,
 * customer and contact by name, the payment plan as text, money as øre digits (the client formats
 * it), dates and codes as stored. Reads names on ctx.db, so it runs before the write's transaction.
 */
export const describeOfferChanges = async (
  ctx: AppContext,
  companyId: string,
  before: OfferFields,
  after: OfferFields,
): Promise<OfferFieldChange[]> => {
  const { statuses } = await readOfferSettings(ctx.db, companyId);
  const statusNames = new Map(statuses.map((status) => [status.id, status.name]));
  const { statusChangedAt: _derived, ...changed } = after as OfferFields & { statusChangedAt?: unknown };
  return describeChanges<string>(ctx, companyId, before, changed, (field, value) => {
    if (field === 'statusId') return statusNames.get(value as string) ?? null;
    if (field === 'paymentPlan') return planText(value as PaymentPlanPart[]);
    return undefined;
  });
};

const toHistoryDto = (
  row: typeof offerHistory.$inferSelect,
  users: Map<string, { id: string; displayName: string }>,
): OfferHistoryDto => {
  const stored = row.changes as HistoryEntry & Record<string, unknown>;
  // Rows written before values were kept name the changed fields only, with their new raw values.
  const changes = Array.isArray(stored.fields)
    ? stored.fields
    : Object.keys(stored)
        .filter((field) => !ACTION_FACTS.has(field))
        .map((field) => ({ field, from: null, to: null }));
  return {
    id: row.id,
    action: row.action as OfferHistoryAction,
    changes,
    reason: typeof stored.reason === 'string' ? stored.reason : null,
    projectNumber: typeof stored.projectNumber === 'number' ? stored.projectNumber : null,
    user: row.userId ? (users.get(row.userId) ?? null) : null,
    at: row.at.toISOString(),
  };
};

/** The offer's history, newest first, each row with the employee who made it. */
export const offerHistoryOf = async (ctx: AppContext, companyId: string, offerId: string) => {
  const rows = await ctx.db
    .select()
    .from(offerHistory)
    .where(and(eq(offerHistory.companyId, companyId), eq(offerHistory.offerId, offerId)))
    .orderBy(desc(offerHistory.at), desc(offerHistory.id));
  const userIds = rows.flatMap((row) => (row.userId ? [row.userId] : []));
  const users = await employeeNamesOfUsers(ctx, companyId, userIds);
  // Someone who is no employee (any more: a deleted user's employee was let go) is named by their account.
  const accountNames = await userNamesByIds(
    ctx.db,
    userIds.filter((id) => !users.has(id)),
  );
  for (const [id, displayName] of accountNames) users.set(id, { id, displayName });
  return rows.map((row) => toHistoryDto(row, users));
};
