import {
  builtInLabelKey,
  COLLECTIONS,
  type CollectionName,
  type CollectionValueDto,
} from '@karm/domain/contract';
import { resources } from '@karm/domain/i18n';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { collectionValues } from './collections.tables';

/*
 * Reading the company's lists, apart from the use cases that change them: the modules whose records
 * store a list's keys check them here, while the use cases (collections.service.ts) ask those modules
 * whether a key is in use — so neither imports the other in a circle.
 */

type Labels = CollectionValueDto['labels'];

/** A built-in value's label in one language, from the i18n file that holds it. */
const labelIn = (locale: 'en' | 'nb', collection: CollectionName, key: string): string => {
  const [namespace, path] = builtInLabelKey(collection, key).split(':') as [string, string];
  let node: unknown = (resources[locale] as Record<string, unknown>)[namespace];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
};

export const builtInLabels = (collection: CollectionName, key: string): Labels => ({
  en: labelIn('en', collection, key),
  nb: labelIn('nb', collection, key),
});

/** Karm's defaults of a list the company never changed: every built-in value, active, version 0. */
export const builtInValues = (collection: CollectionName): CollectionValueDto[] =>
  COLLECTIONS[collection].builtIns.map((key) => ({
    key,
    labels: builtInLabels(collection, key),
    isActive: true,
    isBuiltIn: true,
    version: 0,
  }));

export type CollectionValueRow = typeof collectionValues.$inferSelect;

export const storedValues = (db: Executor, companyId: string, collection: CollectionName) =>
  db
    .select()
    .from(collectionValues)
    .where(and(eq(collectionValues.companyId, companyId), eq(collectionValues.collection, collection)))
    .orderBy(asc(collectionValues.sortOrder), asc(collectionValues.createdAt));

export const toValueDto = (row: CollectionValueRow): CollectionValueDto => ({
  key: row.key,
  labels: { en: row.labelEn, nb: row.labelNb },
  isActive: row.isActive,
  isBuiltIn: row.isBuiltIn,
  version: row.version,
});

/** The company's list in its order: its stored values, or Karm's defaults while it has none. */
export const valuesOf = async (
  db: Executor,
  companyId: string,
  collection: CollectionName,
): Promise<CollectionValueDto[]> => {
  const rows = await storedValues(db, companyId, collection);
  return rows.length > 0 ? rows.map(toValueDto) : builtInValues(collection);
};

/**
 * Checks, inside the caller's transaction, that each key a write sets is a value of the company's
 * list (field → [list, key]; null or undefined: the field is empty or unchanged). An unknown key —
 * or another company's added value — is a VALIDATION error naming the field. A deactivated value is
 * still accepted: records that carry it keep saving; the forms no longer offer it.
 */
export const assertCollectionKeys = async (
  db: Executor,
  companyId: string,
  fields: Record<string, readonly [CollectionName, string | null | undefined]>,
) => {
  const wanted = Object.entries(fields).filter(
    (entry): entry is [string, [CollectionName, string]] => typeof entry[1][1] === 'string',
  );
  if (wanted.length === 0) return;
  const collections = [...new Set(wanted.map(([, [collection]]) => collection))];
  const rows = await db
    .select({ collection: collectionValues.collection, key: collectionValues.key })
    .from(collectionValues)
    .where(and(eq(collectionValues.companyId, companyId), inArray(collectionValues.collection, collections)));
  const stored = new Set(rows.map((row) => `${row.collection}/${row.key}`));
  const isStored = new Set(rows.map((row) => row.collection));
  const bad = wanted.filter(([, [collection, key]]) =>
    isStored.has(collection)
      ? !stored.has(`${collection}/${key}`)
      : !(COLLECTIONS[collection].builtIns as readonly string[]).includes(key),
  );
  if (bad.length > 0) {
    throw validationError(
      Object.fromEntries(bad.map(([field]) => [field, MESSAGES.referenceUnknown])),
      'A value that is not in the list',
    );
  }
};
