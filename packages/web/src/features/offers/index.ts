export { OfferDialog, type OfferDialogProps } from './offer-dialog';
export { OfferStatusesAdmin } from './offer-statuses-admin';
export { OffersPage, type OffersPageProps } from './offers-page';
