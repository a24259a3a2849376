import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { VERSION_PATTERN } from '../rules/changelog';
import { COLLECTION_MAX_VALUES, collectionKeySchema } from './collection-key';

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** The rows per page a person may choose for the paged lists (the project list among them). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * SPEC §9: the resource planner's default work groups, the built-in values of the company's
 * admin-managed list `workGroup` (collections.ts). A company renames, reorders, deactivates and adds
 * its own, so a work group is any key of that list.
 */
export const PLANNER_WORK_GROUPS = ['produksjon', 'montasje', 'service', 'admin'] as const;
export type BuiltInWorkGroup = (typeof PLANNER_WORK_GROUPS)[number];
/** A key of the company's work-group list (a built-in one or one an administrator added). */
export type PlannerWorkGroup = string;

/** The user's own settings (SPEC §3 profile); every field optional so old rows stay valid. */
export const userProfileSchema = z.object({
  /** The id of the user's own `avatar` file (a square thumbnail made at upload), or null for none. */
  avatarImage: z.uuid().nullable().optional(),
  locale: z.enum(LOCALES).optional(),
  theme: z.enum(THEME_MODES).optional(),
  /** The side drawer: collapsed or not, and which groups are open. */
  drawer: z
    .object({ collapsed: z.boolean().optional(), openGroups: z.array(z.string().max(50)).max(20).optional() })
    .optional(),
  /**
   * The planner's groups this person wants to see (SPEC §3 plannerWorkGroup, now several): keys of
   * the company's work-group list, which the server checks; none chosen shows every group.
   */
  plannerWorkGroups: z
    .array(collectionKeySchema)
    .max(COLLECTION_MAX_VALUES)
    .refine((groups) => new Set(groups).size === groups.length)
    .optional(),
  /** Saved project-list filters; their shape belongs to the projects module. */
  projectFilters: z.record(z.string(), z.unknown()).optional(),
  pageSize: z.literal(PAGE_SIZES).optional(),
  /**
   * The newest Karm version whose release notes the user has seen: the web app opens them once when
   * it runs a newer one. Kept here, not in the browser, so it follows the user to every browser.
   */
  lastSeenVersion: z.string().regex(VERSION_PATTERN).optional(),
});

export type UserProfile = z.infer<typeof userProfileSchema>;

/** A profile as rows may hold it: before several work groups, one was kept as `plannerWorkGroup`. */
export type StoredUserProfile = UserProfile & { plannerWorkGroup?: string | null };

const isPlannerWorkGroup = (value: unknown): value is BuiltInWorkGroup =>
  (PLANNER_WORK_GROUPS as readonly unknown[]).includes(value);

/**
 * The profile as the client gets it: an old single `plannerWorkGroup` reads as a list of one (and
 * is dropped from the row at the next profile save), so old rows need no data migration.
 */
export const currentProfileOf = (stored: StoredUserProfile): UserProfile => {
  const { plannerWorkGroup, ...profile } = stored;
  if (profile.plannerWorkGroups !== undefined || plannerWorkGroup === undefined) return profile;
  return { ...profile, plannerWorkGroups: isPlannerWorkGroup(plannerWorkGroup) ? [plannerWorkGroup] : [] };
};
