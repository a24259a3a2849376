import type {
  ServiceFunctionsDto,
  serviceFunctionNamePatchSchema,
  serviceFunctionStatusPatchSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '@karm/domain/rules';
import { count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { AppError } from '../../platform/errors';
import { appendTo, changeList, deleteListed, readLists, updateListed } from './company-lists';
import {
  serviceFunctionGroups,
  serviceFunctionStatuses,
  serviceFunctions,
  serviceRows,
} from './service-templates.tables';
import type { FunctionGroupRow, FunctionRow, FunctionStatusRow } from './starters';
import { SERVICE_FUNCTION_GROUPS_REFERABLE } from './template-locks';

/**
 * Function groups, functions and function statuses (SPEC §3 "function groups, functions, function
 * statuses … also exist"): the reference lists a checklist row may point at — an automatic door's
 * sensors, drive unit, emergency opening — and what a technician may record of a function.
 */

const ordered = <Row extends { position: number }>(rows: Row[]) =>
  [...rows].sort((left, right) => left.position - right.position);

const toDto = (
  groups: FunctionGroupRow[],
  functions: FunctionRow[],
  statuses: FunctionStatusRow[],
): ServiceFunctionsDto => ({
  groups: ordered(groups).map((group) => ({
    id: group.id,
    name: group.name,
    position: group.position,
    version: group.version,
    functions: ordered(functions.filter((fn) => fn.groupId === group.id)).map((fn) => ({
      id: fn.id,
      groupId: fn.groupId,
      name: fn.name,
      position: fn.position,
      version: fn.version,
    })),
  })),
  statuses: ordered(statuses).map((status) => ({
    id: status.id,
    name: status.name,
    color: status.color,
    position: status.position,
    version: status.version,
  })),
});

/** GET /service-templates/functions. */
export const listServiceFunctions = (ctx: AppContext, actor: Actor) =>
  readLists(
    ctx.db,
    actor.companyId,
    (starters) => toDto(starters.functionGroups, starters.functions, starters.functionStatuses),
    async () => {
      const [groups, functions, statuses] = await Promise.all([
        ctx.db
          .select()
          .from(serviceFunctionGroups)
          .where(eq(serviceFunctionGroups.companyId, actor.companyId)),
        ctx.db.select().from(serviceFunctions).where(eq(serviceFunctions.companyId, actor.companyId)),
        ctx.db
          .select()
          .from(serviceFunctionStatuses)
          .where(eq(serviceFunctionStatuses.companyId, actor.companyId)),
      ]);
      return toDto(groups, functions, statuses);
    },
  );

const change = (ctx: AppContext, actor: Actor, work: (tx: Executor) => Promise<void>) =>
  changeList(ctx, actor, { isGlobalAnswersChanged: false, isFunctionsChanged: true }, work, () =>
    listServiceFunctions(ctx, actor),
  );

/** Rows of templates that point at the functions: a function they use is not deleted. */
const assertFunctionsUnused = async (tx: Executor, functionIds: string[]) => {
  if (functionIds.length === 0) return;
  const [used] = await tx
    .select({ total: count() })
    .from(serviceRows)
    .where(inArray(serviceRows.functionId, functionIds));
  const total = used?.total ?? 0;
  if (total > 0) {
    throw new AppError('CONFLICT', messageWithParams(MESSAGES.serviceFunctionInUse, { count: total }), {
      reason: 'functionInUse',
      count: total,
    });
  }
};

/** The three lists by the name their routes carry: the table and what a missing row is called. */
export const FUNCTION_LISTS = {
  'function-groups': { table: serviceFunctionGroups, what: 'Function group' },
  functions: { table: serviceFunctions, what: 'Function' },
  'function-statuses': { table: serviceFunctionStatuses, what: 'Function status' },
} as const;
export type FunctionList = keyof typeof FUNCTION_LISTS;

export const createFunctionGroup = (ctx: AppContext, actor: Actor, input: { name: string }) =>
  change(ctx, actor, (tx) => appendTo(tx, serviceFunctionGroups, actor.companyId, input));

export const createFunction = (ctx: AppContext, actor: Actor, input: { groupId: string; name: string }) =>
  change(ctx, actor, async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      groupId: [SERVICE_FUNCTION_GROUPS_REFERABLE, input.groupId],
    });
    await appendTo(tx, serviceFunctions, actor.companyId, input, [serviceFunctions.groupId, input.groupId]);
  });

export const createFunctionStatus = (ctx: AppContext, actor: Actor, input: { name: string; color: string }) =>
  change(ctx, actor, (tx) => appendTo(tx, serviceFunctionStatuses, actor.companyId, input));

/** Renames a function group or function, or renames or recolours a status, at the version read. */
export const updateFunctionEntry =
  (list: FunctionList) =>
  (
    ctx: AppContext,
    actor: Actor,
    id: string,
    input:
      | z.output<typeof serviceFunctionNamePatchSchema>
      | z.output<typeof serviceFunctionStatusPatchSchema>,
  ) =>
    change(ctx, actor, async (tx) => {
      await updateListed(
        tx,
        FUNCTION_LISTS[list].table,
        actor.companyId,
        id,
        FUNCTION_LISTS[list].what,
        input,
      );
    });

/** Deletes an entry at the version read; a function rows use (or a group holding one) is kept. */
export const deleteFunctionEntry =
  (list: FunctionList) => (ctx: AppContext, actor: Actor, id: string, version: number) =>
    change(ctx, actor, async (tx) => {
      if (list === 'functions') await assertFunctionsUnused(tx, [id]);
      if (list === 'function-groups') {
        const functions = await tx
          .select({ id: serviceFunctions.id })
          .from(serviceFunctions)
          .where(eq(serviceFunctions.groupId, id));
        await assertFunctionsUnused(
          tx,
          functions.map((fn) => fn.id),
        );
      }
      const { table, what } = FUNCTION_LISTS[list];
      await deleteListed(tx, table, actor.companyId, id, what, version, (row) =>
        list === 'functions' ? [serviceFunctions.groupId, row.groupId as string] : undefined,
      );
    });
