import { z } from 'zod';
import { LOCALES } from '../i18n/index';

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The user's own settings (SPEC §3 profile); every field optional so old rows stay valid. */
export const userProfileSchema = z.object({
  avatarImage: z.string().max(200).nullable().optional(),
  locale: z.enum(LOCALES).optional(),
  theme: z.enum(THEME_MODES).optional(),
  /** The side drawer: collapsed or not, and which groups are open. */
  drawer: z
    .object({ collapsed: z.boolean().optional(), openGroups: z.array(z.string().max(50)).max(20).optional() })
    .optional(),
  plannerWorkGroup: z.string().max(50).nullable().optional(),
  /** Saved project-list filters; their shape belongs to the projects module. */
  projectFilters: z.record(z.string(), z.unknown()).optional(),
  pageSize: z.number().int().min(5).max(200).optional(),
});

export type UserProfile = z.infer<typeof userProfileSchema>;
