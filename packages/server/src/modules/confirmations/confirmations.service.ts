import type { ConfirmationDto } from '@karm/domain/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { confirmations } from './confirmations.tables';

type ConfirmationRow = typeof confirmations.$inferSelect;

const toDto = (row: ConfirmationRow): ConfirmationDto => ({
  id: row.id,
  entityType: row.entityType,
  entityId: row.entityId,
  number: row.number,
  paymentRules: row.paymentRules,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

/** SPEC §7 GET /confirmations/offer/{id}: an entity's confirmations, oldest first. */
export const confirmationsOf = async (
  db: Executor,
  companyId: string,
  entityType: 'offer' | 'project',
  entityId: string,
) =>
  (
    await db
      .select()
      .from(confirmations)
      .where(
        and(
          eq(confirmations.companyId, companyId),
          eq(confirmations.entityType, entityType),
          eq(confirmations.entityId, entityId),
        ),
      )
      .orderBy(asc(confirmations.createdAt), asc(confirmations.number))
  ).map(toDto);

/** How many confirmations each of the entities has, in one query. */
export const confirmationCounts = async (
  db: Executor,
  companyId: string,
  entityType: 'offer' | 'project',
  entityIds: string[],
) => {
  if (entityIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ entityId: confirmations.entityId, total: count() })
    .from(confirmations)
    .where(
      and(
        eq(confirmations.companyId, companyId),
        eq(confirmations.entityType, entityType),
        inArray(confirmations.entityId, entityIds),
      ),
    )
    .groupBy(confirmations.entityId);
  return new Map(rows.map((row) => [row.entityId, row.total]));
};
