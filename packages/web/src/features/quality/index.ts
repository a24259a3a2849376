/**
 * Quality (SPEC §2 `/quality`, issue 16): deviations, procedures and the Pareto chart.
 *
 * For other screens, composed in `app/` (features never import each other):
 * - `DeviationsList` `{ fixed: { projectId }, defaults: { projectId }, isCompact }`: a project's deviations.
 */
export { DeviationsList, type DeviationsListProps } from './deviations-tab';
export { QualityPage } from './quality-page';
