/**
 * Service work (issue 19, first part): SPEC §2 /service-project-details — a service project's items
 * on a list and a Leaflet map, added, moved and removed locally and saved together — and the
 * location viewer dialog.
 */
export { LocationViewerDialog } from './location-viewer-dialog';
export { ServiceItemPage } from './service-item-page';
export { ServiceLogbookPage } from './service-logbook-page';
export { ServiceLogbookPrintSheet } from './service-logbook-print-sheet';
export { ServiceProjectDetailsPage } from './service-project-details-page';
export type { ServiceWorkLinks } from './service-work-links';
