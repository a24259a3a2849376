/**
 * Service agreements (issue 19): the service agreement dialog of a service project, and the
 * "service due" screen with the yearly price index.
 *
 * For other screens, composed in `app/` (features never import each other):
 * - `ServiceAgreementButton` `{ projectId, projectName }`: opens the project's agreement dialog.
 */
export { DueServicePage } from './due-service-page';
export { ServiceAgreementButton } from './service-agreement-button';
export { ServiceAgreementDialog } from './service-agreement-dialog';
