import { addDays } from './date-only';
import type { ProjectState } from './project-state';

/**
 * The dashboard's project groups (SPEC §1 "completed, in progress, past due and starting soon").
 * The project list filters by the same group (`ProjectFilters.group`), so a group's count on the
 * dashboard is the total of the list it opens; the server's SQL condition mirrors `projectGroupOf`.
 */
export const PROJECT_GROUPS = ['completed', 'inProgress', 'pastDue', 'startingSoon'] as const;
export type ProjectGroup = (typeof PROJECT_GROUPS)[number];

/** "Starting soon": the start date falls within this many days after today. */
export const STARTING_SOON_DAYS = 14;

export type GroupedProject = {
  state: ProjectState;
  startDate: string | null;
  deliveryDate: string | null;
};

/**
 * The group a project is in today, or null (archived, or active but starting later than 14 days
 * from now). An active project is past due when its delivery date has passed — that wins over the
 * start date; otherwise it starts soon when its start lies within the next 14 days, and is in
 * progress when it has started (or has no start date) — the groups never overlap.
 */
export const projectGroupOf = (project: GroupedProject, today: string): ProjectGroup | null => {
  if (project.state === 'completed') return 'completed';
  if (project.state !== 'active') return null;
  if (project.deliveryDate !== null && project.deliveryDate < today) return 'pastDue';
  if (project.startDate === null || project.startDate <= today) return 'inProgress';
  if (project.startDate <= addDays(today, STARTING_SOON_DAYS)) return 'startingSoon';
  return null;
};
