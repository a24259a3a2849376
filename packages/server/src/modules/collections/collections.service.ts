import {
  COLLECTION_LIMITS,
  COLLECTION_PUSHES,
  COLLECTIONS,
  type CollectionChangedPush,
  type CollectionDto,
  type CollectionName,
  type collectionAddSchema,
  type collectionDeleteSchema,
  type collectionReorderSchema,
  type collectionUpdateSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, type AppContext, can } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError, conflict, forbidden, notFound, validationError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { customersOfCategory } from '../customers/customer-codes';
import { employeesInWorkGroup } from '../employees/work-groups';
import { inquiriesWithCode } from '../inquiries/inquiry-codes';
import { offersWithCode } from '../offers/offer-codes';
import { projectsOfCategory } from '../projects/project-codes';
import { builtInValues, storedValues, valuesOf } from './collection-values';
import { collectionValues } from './collections.tables';

type UsageCount = (db: Executor, companyId: string, key: string) => Promise<number>;

/**
 * Which records store each list's keys, asked through their modules before a value is deleted. Lists
 * of modules not built yet (deviations, absence) have no records that could use them.
 */
const USAGE: Record<CollectionName, UsageCount[]> = {
  customerCategory: [
    customersOfCategory,
    (db, companyId, key) => inquiriesWithCode(db, companyId, 'customerCategory', key),
  ],
  complexity: [
    (db, companyId, key) => inquiriesWithCode(db, companyId, 'complexity', key),
    (db, companyId, key) => offersWithCode(db, companyId, 'complexity', key),
  ],
  ownerType: [
    (db, companyId, key) => inquiriesWithCode(db, companyId, 'ownerType', key),
    (db, companyId, key) => offersWithCode(db, companyId, 'ownerType', key),
  ],
  projectCategory: [
    (db, companyId, key) => inquiriesWithCode(db, companyId, 'projectCategory', key),
    (db, companyId, key) => offersWithCode(db, companyId, 'projectCategory', key),
    projectsOfCategory,
  ],
  deviationCategory: [],
  absenceType: [],
  workGroup: [employeesInWorkGroup],
};

const usageOf = async (db: Executor, companyId: string, collection: CollectionName, key: string) => {
  let total = 0;
  for (const counter of USAGE[collection]) total += await counter(db, companyId, key);
  return total;
};

/** collection:get — every signed-in member reads every list (the forms' selects need them). */
export const getCollection = async (
  ctx: AppContext,
  actor: Actor,
  input: { collection: CollectionName },
): Promise<CollectionDto> => ({
  collection: input.collection,
  values: await valuesOf(ctx.db, actor.companyId, input.collection),
});

/**
 * The gateway lets either settings permission through; the list names which one it needs (its
 * admin tab's), so the check of the exact one happens here.
 */
const assertMayEdit = (actor: Actor, collection: CollectionName) => {
  const needed = COLLECTIONS[collection].permission;
  if (!can(actor, needed)) throw forbidden(`Not allowed: changing this list needs the permission ${needed}`);
};

/**
 * Stores the built-in values of a list the company never changed (at version 1, in Karm's order), so
 * the change that follows works on rows. Racing first changes insert each value once.
 */
const materialise = async (tx: Executor, ctx: AppContext, companyId: string, collection: CollectionName) => {
  const existing = await storedValues(tx, companyId, collection);
  if (existing.length > 0) return existing;
  const now = ctx.clock.now();
  await tx
    .insert(collectionValues)
    .values(
      builtInValues(collection).map((value, sortOrder) => ({
        companyId,
        collection,
        key: value.key,
        labelEn: value.labels.en,
        labelNb: value.labels.nb,
        sortOrder,
        isBuiltIn: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  return storedValues(tx, companyId, collection);
};

/** A stored value of the list at the version the client read (0: a built-in value never changed = 1). */
const valueAtVersion = (rows: Awaited<ReturnType<typeof storedValues>>, key: string, version: number) => {
  const row = rows.find((candidate) => candidate.key === key);
  if (!row) throw notFound('Value');
  const expected = version === 0 && row.isBuiltIn ? 1 : version;
  if (row.version !== expected) {
    throw conflict('The value was changed by someone else', { currentVersion: row.version });
  }
  return row;
};

const changed = async (ctx: AppContext, actor: Actor, collection: CollectionName) => {
  const push: CollectionChangedPush = { collection };
  ctx.realtime.toCompany(actor.companyId, COLLECTION_PUSHES.changed, push);
  return getCollection(ctx, actor, { collection });
};

/** collection:add — a value of the company's own, at the end of the list, under a key Karm makes. */
export const addCollectionValue = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof collectionAddSchema>,
) => {
  const { collection, values } = input;
  assertMayEdit(actor, collection);
  await ctx.db.transaction(async (tx) => {
    const rows = await materialise(tx, ctx, actor.companyId, collection);
    if (rows.length >= COLLECTION_LIMITS.values) {
      throw validationError(
        { values: messageWithParams(MESSAGES.tooMany, { max: COLLECTION_LIMITS.values }) },
        'The list is full',
      );
    }
    const now = ctx.clock.now();
    await tx.insert(collectionValues).values({
      companyId: actor.companyId,
      collection,
      key: newId(),
      labelEn: values.en,
      labelNb: values.nb,
      sortOrder: Math.max(-1, ...rows.map((row) => row.sortOrder)) + 1,
      createdAt: now,
      updatedAt: now,
    });
  });
  return changed(ctx, actor, collection);
};

/** collection:upd — renames a value (both languages) or (de)activates it, at the version read. */
export const updateCollectionValue = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof collectionUpdateSchema>,
) => {
  const { collection, key, version, values } = input;
  assertMayEdit(actor, collection);
  await ctx.db.transaction(async (tx) => {
    const row = valueAtVersion(await materialise(tx, ctx, actor.companyId, collection), key, version);
    const [updated] = await tx
      .update(collectionValues)
      .set({
        ...(values.labels && { labelEn: values.labels.en, labelNb: values.labels.nb }),
        ...(values.isActive !== undefined && { isActive: values.isActive }),
        updatedAt: ctx.clock.now(),
        version: sql`${collectionValues.version} + 1`,
      })
      .where(and(eq(collectionValues.id, row.id), eq(collectionValues.version, row.version)))
      .returning({ id: collectionValues.id });
    if (!updated) throw conflict('The value was changed by someone else');
  });
  return changed(ctx, actor, collection);
};

/**
 * collection:del — removes a value the company added and nothing uses. Built-in values are kept (a
 * company deactivates them); a value records still carry is refused with CONFLICT, the reason
 * `valueInUse` and how many use it, so the client can offer to deactivate it instead.
 */
export const deleteCollectionValue = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof collectionDeleteSchema>,
) => {
  const { collection, key, version } = input;
  assertMayEdit(actor, collection);
  await ctx.db.transaction(async (tx) => {
    const row = valueAtVersion(await materialise(tx, ctx, actor.companyId, collection), key, version);
    if (row.isBuiltIn) {
      throw new AppError('CONFLICT', 'A built-in value cannot be deleted', { reason: 'valueIsBuiltIn' });
    }
    const usage = await usageOf(tx, actor.companyId, collection, key);
    if (usage > 0) {
      throw new AppError('CONFLICT', `The value is used by ${usage} records`, {
        reason: 'valueInUse',
        usage,
      });
    }
    await tx.delete(collectionValues).where(eq(collectionValues.id, row.id));
  });
  return changed(ctx, actor, collection);
};

/** collection:reorder — the list's new order, naming every value once. */
export const reorderCollection = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof collectionReorderSchema>,
) => {
  const { collection, keys } = input;
  assertMayEdit(actor, collection);
  await ctx.db.transaction(async (tx) => {
    const rows = await materialise(tx, ctx, actor.companyId, collection);
    const known = new Set(rows.map((row) => row.key));
    if (
      new Set(keys).size !== keys.length ||
      keys.length !== rows.length ||
      !keys.every((key) => known.has(key))
    ) {
      throw validationError({ keys: MESSAGES.reorderMismatch }, 'The order must list every value once');
    }
    for (const [sortOrder, key] of keys.entries()) {
      await tx
        .update(collectionValues)
        .set({ sortOrder })
        .where(
          and(
            eq(collectionValues.companyId, actor.companyId),
            eq(collectionValues.collection, collection),
            eq(collectionValues.key, key),
          ),
        );
    }
  });
  return changed(ctx, actor, collection);
};
