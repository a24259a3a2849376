/**
 * Quality (SPEC §2 `/quality`, issue 16): deviations, procedures, checklists and the Pareto chart.
 *
 * For other screens, composed in `app/` (features never import each other):
 * - `DeviationsList` `{ fixed: { projectId }, defaults: { projectId }, isCompact }`: a project's deviations.
 * - `ProjectQuality` `{ project }`: a project's deviations and checklists (the project dialog's Quality tab).
 */
export { DeviationsList, type DeviationsListProps } from './deviations-tab';
export { ProjectQuality } from './project-quality';
export { QualityPage } from './quality-page';
