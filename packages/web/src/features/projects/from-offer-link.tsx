import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOffer } from '@/lib/api/offers';
import { useCan } from '@/lib/permissions';

/**
 * "From offer N" on a project made from an offer (the offer shows "Project N" back). Only for whoever
 * may read offers: the number comes from the offer itself, which the others may not fetch.
 */
export const FromOfferLink = ({
  offerId,
  offerHref,
}: {
  offerId: string;
  offerHref?: (offerId: string) => string;
}) => {
  const { t } = useTranslation('projects');
  const mayReadOffers = useCan('offers.read');
  const offer = useOffer(mayReadOffers ? offerId : null);
  if (!offer.data) return null;
  const text = t('dialog.fromOffer', { number: offer.data.offer.number });
  return offerHref ? (
    <Anchor component={Link} to={offerHref(offerId)} size="sm" data-offer-link>
      {text}
    </Anchor>
  ) : (
    <Text size="sm" data-offer-link>
      {text}
    </Text>
  );
};
