import { z } from 'zod';
import { COMPLEXITIES, OWNER_TYPES, PROJECT_CATEGORIES } from '../rules/pipeline-codes';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { COLLECTION_KEY_LENGTH, COLLECTION_MAX_VALUES, collectionKeySchema } from './collection-key';
import { CUSTOMER_CATEGORIES } from './customers';
import { socketEvent } from './define';
import type { Permission } from './permissions';
import { PLANNER_WORK_GROUPS } from './profile';

/**
 * Admin-managed lists (SPEC §7 collection:get|add|upd|del): company-scoped lookup lists with English
 * and Norwegian labels, an order and an active flag. Records store a value's key; the built-in keys
 * below are every company's defaults, which it may rename, reorder and deactivate (never delete), and
 * it may add values of its own.
 *
 * Which admin tab shows a list and who may edit it: the lists of inquiries and offers sit in the
 * "inquiry" tab (`sales.settings`), project categories and the lists of project work (deviations,
 * absence) in the "projects" tab (`projects.settings`), the resource planner's work groups in the
 * "resource planner" tab (`planner.settings`). Everyone signed in reads every list.
 *
 * Two admin-managed lists are deliberately not collections, so nothing is kept twice: the price
 * calculator's door types are the price matrix's rows (edited with their prices in the price matrix,
 * which the projects tab links to), and projects' departments are records of their own that the
 * accounting system may keep (contract/departments.ts, shown in the projects tab).
 */
const BUILT_IN_DEVIATION_CATEGORIES = [
  'product',
  'production',
  'installation',
  'delivery',
  'documentation',
  'safety',
  'customerComplaint',
] as const;
const BUILT_IN_ABSENCE_TYPES = [
  'vacation',
  'sickLeave',
  'childSick',
  'leave',
  'courseTraining',
  'compensatoryTime',
] as const;

export const COLLECTIONS = {
  customerCategory: { tab: 'inquiry', permission: 'sales.settings', builtIns: CUSTOMER_CATEGORIES },
  complexity: { tab: 'inquiry', permission: 'sales.settings', builtIns: COMPLEXITIES },
  ownerType: { tab: 'inquiry', permission: 'sales.settings', builtIns: OWNER_TYPES },
  projectCategory: { tab: 'projects', permission: 'projects.settings', builtIns: PROJECT_CATEGORIES },
  deviationCategory: {
    tab: 'projects',
    permission: 'projects.settings',
    builtIns: BUILT_IN_DEVIATION_CATEGORIES,
  },
  absenceType: { tab: 'projects', permission: 'projects.settings', builtIns: BUILT_IN_ABSENCE_TYPES },
  /** The resource planner's rows are grouped by these; employees carry one (SPEC §9 defaults). */
  workGroup: { tab: 'planner', permission: 'planner.settings', builtIns: PLANNER_WORK_GROUPS },
} as const satisfies Record<
  string,
  { tab: 'inquiry' | 'projects' | 'planner'; permission: Permission; builtIns: readonly string[] }
>;

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];
export type CollectionTab = (typeof COLLECTIONS)[CollectionName]['tab'];

/** The lists an admin tab shows, in the tab's order. */
export const collectionsOfTab = (tab: CollectionTab) =>
  COLLECTION_NAMES.filter((name) => COLLECTIONS[name].tab === tab);

/** Where a built-in value's label lives in i18n (both languages): the namespaces that had them first. */
const BUILT_IN_LABEL_PREFIXES: Record<CollectionName, string> = {
  customerCategory: 'customers:category',
  complexity: 'pipeline:complexity',
  ownerType: 'pipeline:ownerType',
  projectCategory: 'pipeline:projectCategory',
  deviationCategory: 'collections:builtIn.deviationCategory',
  absenceType: 'collections:builtIn.absenceType',
  workGroup: 'common:workGroups',
};

/** i18n key of a built-in value's label, e.g. `pipeline:complexity.low`. */
export const builtInLabelKey = (collection: CollectionName, key: string) =>
  `${BUILT_IN_LABEL_PREFIXES[collection]}.${key}`;

export const isBuiltInKey = (collection: CollectionName, key: string) =>
  (COLLECTIONS[collection].builtIns as readonly string[]).includes(key);

export const COLLECTION_LIMITS = {
  keyLength: COLLECTION_KEY_LENGTH,
  labelLength: 100,
  values: COLLECTION_MAX_VALUES,
} as const;

const label = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(
    COLLECTION_LIMITS.labelLength,
    messageWithParams(MESSAGES.tooLong, { max: COLLECTION_LIMITS.labelLength }),
  );
const labelsSchema = z.object({ en: label, nb: label });
const collectionNameSchema = z.enum(COLLECTION_NAMES as [CollectionName, ...CollectionName[]]);

export type CollectionValueDto = {
  key: string;
  labels: { en: string; nb: string };
  isActive: boolean;
  /** A built-in value may be renamed, reordered and deactivated, never deleted. */
  isBuiltIn: boolean;
  /**
   * 0 for a built-in value the company never changed (its labels are Karm's); the first change
   * states 0. Editable values carry their version like every record (DESIGN rule 6).
   */
  version: number;
};

export type CollectionDto = { collection: CollectionName; values: CollectionValueDto[] };

export const collectionGetSchema = z.object({ collection: collectionNameSchema });

export const collectionAddSchema = z.object({ collection: collectionNameSchema, values: labelsSchema });

export const collectionUpdateSchema = z.object({
  collection: collectionNameSchema,
  key: collectionKeySchema,
  version: z.number().int().min(0),
  values: z
    .object({ labels: labelsSchema.optional(), isActive: z.boolean().optional() })
    .refine((values) => values.labels !== undefined || values.isActive !== undefined, MESSAGES.required),
});

export const collectionDeleteSchema = z.object({
  collection: collectionNameSchema,
  key: collectionKeySchema,
  version: z.number().int().min(0),
});

/** The list's new order: every key of the list once. */
export const collectionReorderSchema = z.object({
  collection: collectionNameSchema,
  keys: z.array(collectionKeySchema).min(1).max(COLLECTION_LIMITS.values),
});

/** Pushed to the company after any change of a list, so open selects and admin tabs refresh. */
export const COLLECTION_PUSHES = { changed: 'collection:changed' } as const;
export type CollectionChangedPush = { collection: CollectionName };

export const collectionEvents = {
  'collection:get': socketEvent<CollectionDto>()(collectionGetSchema),
  'collection:add': socketEvent<CollectionDto>()(collectionAddSchema),
  'collection:upd': socketEvent<CollectionDto>()(collectionUpdateSchema),
  'collection:del': socketEvent<CollectionDto>()(collectionDeleteSchema),
  'collection:reorder': socketEvent<CollectionDto>()(collectionReorderSchema),
};
