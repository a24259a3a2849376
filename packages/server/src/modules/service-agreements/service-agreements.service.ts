import type {
  ServiceAgreementDto,
  ServiceAgreementHistoryDto,
  ServiceAgreementOfProjectDto,
  serviceAgreementCreateSchema,
  serviceAgreementPatchSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, nextVisitDate } from '@karm/domain/rules';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { validationError } from '../../platform/errors';
import { employeeNamesOfUsers } from '../employees/employees.service';
import {
  type AgreementRow,
  agreementDtos,
  announceAgreements,
  assertAgreementReferences,
  type Changes,
  insertVisitTasks,
  lockAgreement,
  readAgreement,
  settleOldVisitTasks,
  writeHistory,
} from './agreement-records';
import {
  serviceAgreementHistory,
  serviceAgreementPrices,
  serviceAgreements,
  serviceAgreementVisits,
} from './service-agreements.tables';

/**
 * Service agreements (issue 19): made and changed in the service agreement dialog of a service
 * project, at the version read, each change written to the history; a typed price change is kept in
 * the price history as well. Whenever the next visit's date or its workers change, its tasks are made
 * anew.
 */

type CreateValues = z.output<typeof serviceAgreementCreateSchema>;
type Patch = z.output<typeof serviceAgreementPatchSchema>;

const TRACKED_FIELDS = [
  'serviceWorkerIds',
  'interval',
  'startDate',
  'pricePerVisitOre',
  'pricePerYearOre',
  'itemIds',
  'contactName',
  'contactEmail',
  'contactPhone',
  'nextVisitDate',
] as const satisfies readonly (keyof AgreementRow)[];

const fieldChanges = (before: Partial<AgreementRow>, after: AgreementRow): Changes => {
  const changes: Changes = {};
  for (const field of TRACKED_FIELDS) {
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field] ?? null, to: after[field] };
    }
  }
  return changes;
};

const oneDto = async (ctx: AppContext, actor: Actor, row: AgreementRow, items?: ReadonlySet<string>) =>
  (await agreementDtos(ctx, actor.companyId, [row], items))[0] as ServiceAgreementDto;

/** GET /service-agreements/of-project?projectId: the project's agreement, or null before one is made. */
export const getAgreementOfProject = async (
  ctx: AppContext,
  actor: Actor,
  projectId: string,
): Promise<ServiceAgreementOfProjectDto> => {
  const items = await assertAgreementReferences(ctx, ctx.db, actor, projectId, {});
  const [row] = await ctx.db
    .select()
    .from(serviceAgreements)
    .where(and(eq(serviceAgreements.companyId, actor.companyId), eq(serviceAgreements.projectId, projectId)));
  return { agreement: row ? await oneDto(ctx, actor, row, items) : null };
};

/** POST /service-agreements: the project's agreement, its first visit on the start date. */
export const createAgreement = async (ctx: AppContext, actor: Actor, input: CreateValues) => {
  const now = ctx.clock.now();
  const { row, taskIds } = await ctx.db
    .transaction(async (tx) => {
      await assertAgreementReferences(ctx, tx, actor, input.projectId, input);
      const [existing] = await tx
        .select({ id: serviceAgreements.id })
        .from(serviceAgreements)
        .where(eq(serviceAgreements.projectId, input.projectId));
      if (existing) throw validationError({ projectId: MESSAGES.serviceAgreementExists });
      const [created] = await tx
        .insert(serviceAgreements)
        .values({
          ...input,
          companyId: actor.companyId,
          nextVisitDate: nextVisitDate({ ...input, lastVisitDate: null }),
          createdBy: actor.userId,
        })
        .returning();
      const agreement = created as AgreementRow;
      const visitTaskIds = await insertVisitTasks(ctx, tx, actor, agreement);
      const [withTasks] = await tx
        .update(serviceAgreements)
        .set({ visitTaskIds })
        .where(eq(serviceAgreements.id, agreement.id))
        .returning();
      await writeHistory(tx, actor, agreement.id, 'created', fieldChanges({}, agreement), now);
      return { row: withTasks as AgreementRow, taskIds: visitTaskIds };
    })
    .catch((error: unknown) => {
      // Two people saving the first agreement of a project at once: the second is told it exists.
      if (isUniqueViolation(error)) throw validationError({ projectId: MESSAGES.serviceAgreementExists });
      throw error;
    });
  await announceAgreements(ctx, actor.companyId, [row.projectId], taskIds);
  return oneDto(ctx, actor, row);
};

/** PATCH /service-agreements/{id}: the changed fields, at the version read. */
export const updateAgreement = async (ctx: AppContext, actor: Actor, id: string, input: Patch) => {
  const now = ctx.clock.now();
  const { row, newTaskIds, oldTaskIds } = await ctx.db.transaction(async (tx) => {
    const current = await lockAgreement(tx, actor.companyId, id, input.version);
    await assertAgreementReferences(ctx, tx, actor, current.projectId, input.changes);
    const merged = { ...current, ...input.changes };
    const next = nextVisitDate(merged);
    const [updated] = await tx
      .update(serviceAgreements)
      .set({ ...input.changes, nextVisitDate: next, updatedAt: now, version: current.version + 1 })
      .where(eq(serviceAgreements.id, id))
      .returning();
    let row = updated as AgreementRow;
    const changes = fieldChanges(current, row);
    const visitMoved = 'nextVisitDate' in changes || 'serviceWorkerIds' in changes;
    let created: string[] = [];
    if (visitMoved) {
      created = await insertVisitTasks(ctx, tx, actor, row);
      const [withTasks] = await tx
        .update(serviceAgreements)
        .set({ visitTaskIds: created })
        .where(eq(serviceAgreements.id, id))
        .returning();
      row = withTasks as AgreementRow;
    }
    if ('pricePerVisitOre' in changes || 'pricePerYearOre' in changes) {
      await tx.insert(serviceAgreementPrices).values({
        companyId: actor.companyId,
        agreementId: id,
        date: todayIn(ctx.clock),
        oldPricePerVisitOre: current.pricePerVisitOre,
        newPricePerVisitOre: row.pricePerVisitOre,
        oldPricePerYearOre: current.pricePerYearOre,
        newPricePerYearOre: row.pricePerYearOre,
        indexHundredths: null,
        userId: actor.userId,
      });
    }
    if (Object.keys(changes).length > 0) await writeHistory(tx, actor, id, 'updated', changes, now);
    return { row, newTaskIds: created, oldTaskIds: visitMoved ? current.visitTaskIds : [] };
  });
  await settleOldVisitTasks(ctx, actor, oldTaskIds, 'removed');
  await announceAgreements(ctx, actor.companyId, [row.projectId], newTaskIds);
  return oneDto(ctx, actor, row);
};

/** GET /service-agreements/{id}/history: visits, prices and changes, newest first. */
export const agreementHistory = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<ServiceAgreementHistoryDto> => {
  await readAgreement(ctx.db, actor.companyId, id);
  const [visits, prices, changes] = await Promise.all([
    ctx.db
      .select()
      .from(serviceAgreementVisits)
      .where(eq(serviceAgreementVisits.agreementId, id))
      .orderBy(desc(serviceAgreementVisits.date), desc(serviceAgreementVisits.createdAt)),
    ctx.db
      .select()
      .from(serviceAgreementPrices)
      .where(eq(serviceAgreementPrices.agreementId, id))
      .orderBy(desc(serviceAgreementPrices.at), desc(serviceAgreementPrices.id)),
    ctx.db
      .select()
      .from(serviceAgreementHistory)
      .where(eq(serviceAgreementHistory.agreementId, id))
      .orderBy(desc(serviceAgreementHistory.at), desc(serviceAgreementHistory.id)),
  ]);
  const names = await employeeNamesOfUsers(ctx, actor.companyId, [
    ...visits.map((visit) => visit.doneBy),
    ...prices.map((price) => price.userId),
    ...changes.map((change) => change.userId),
  ]);
  const nameOf = (userId: string | null) => (userId ? (names.get(userId)?.displayName ?? null) : null);
  return {
    visits: visits.map((visit) => ({
      id: visit.id,
      date: visit.date,
      note: visit.note,
      doneByName: nameOf(visit.doneBy),
      createdAt: visit.createdAt.toISOString(),
    })),
    prices: prices.map((price) => ({
      id: price.id,
      date: price.date,
      oldPricePerVisitOre: price.oldPricePerVisitOre,
      newPricePerVisitOre: price.newPricePerVisitOre,
      oldPricePerYearOre: price.oldPricePerYearOre,
      newPricePerYearOre: price.newPricePerYearOre,
      indexPercent: price.indexHundredths === null ? null : price.indexHundredths / 100,
      byName: nameOf(price.userId),
    })),
    changes: changes.map((change) => ({
      id: change.id,
      action: change.action as ServiceAgreementHistoryDto['changes'][number]['action'],
      changes: change.changes,
      byName: nameOf(change.userId),
      at: change.at.toISOString(),
    })),
  };
};
