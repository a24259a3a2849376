import type { OfferDto } from '@karm/domain/contract';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listPopulatedOffers } from './offer-list';

/** The offer list as the screen shows it (GET /offers/populated): names and the displayed status. */
export const offersExport = exportSource({
  list: 'offers',
  columns: [
    { key: 'number', type: 'number', value: (offer: OfferDto) => offer.number },
    { key: 'projectName', type: 'text', value: (offer) => offer.projectName },
    {
      key: 'customer',
      type: 'text',
      value: (offer) => offer.customer?.name ?? offer.oneTimeCustomer?.name,
    },
    { key: 'owner', type: 'text', value: (offer) => offer.owner?.displayName },
    { key: 'status', type: 'text', value: (offer) => offer.displayedStatus.name },
    { key: 'statusDeadline', type: 'date', value: (offer) => offer.statusDeadline },
    { key: 'offerDeadline', type: 'date', value: (offer) => offer.offerDeadline },
    { key: 'createdAt', type: 'datetime', value: (offer) => offer.createdAt },
    { key: 'value', type: 'money', value: (offer) => offer.value },
    { key: 'contributionMargin', type: 'money', value: (offer) => offer.contributionMargin },
    { key: 'city', type: 'text', value: (offer) => offer.city },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listPopulatedOffers(ctx, actor, { ...filters, page, pageSize })),
});
