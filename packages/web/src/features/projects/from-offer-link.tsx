import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOffer } from '@/lib/api/offers';

/** "From offer N" on a project made from an offer (the offer shows "Project N" back). */
export const FromOfferLink = ({
  offerId,
  offerHref,
}: {
  offerId: string;
  offerHref?: (offerId: string) => string;
}) => {
  const { t } = useTranslation('projects');
  const offer = useOffer(offerId);
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
