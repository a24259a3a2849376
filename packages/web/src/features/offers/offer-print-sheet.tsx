import type { OfferDetailDto } from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PrintedLines,
  PrintFields,
  PrintQueries,
  PrintSection,
  PrintSheetFrame,
  PrintSheetState,
  PrintTable,
  printedId,
} from '@/components';
import { useOffer } from '@/lib/api/offers';
import { OfferVatTotals } from './offer-vat-totals';

const PrintedOffer = ({ detail }: { detail: OfferDetailDto }) => {
  const { t } = useTranslation('offers');
  const { offer, lines } = detail;
  const customer = offer.customer?.name ?? offer.oneTimeCustomer?.name;
  const address = [offer.projectAddress, `${offer.postalCode} ${offer.city}`.trim()]
    .filter(Boolean)
    .join(', ');
  return (
    <PrintSheetFrame title={t('dialog.title', { number: offer.number, name: offer.projectName })}>
      <PrintSection title={t('tabs.offer')}>
        <PrintFields
          fields={[
            [t('fields.status'), offer.status?.name],
            [t('fields.customer'), customer],
            [t('fields.contact'), offer.contact?.displayName],
            [t('fields.owner'), offer.owner?.displayName],
            [t('fields.projectAddress'), address],
            [t('fields.createdAt'), formatDate(offer.createdAt)],
            [t('fields.offerDeadline'), formatDate(offer.offerDeadline)],
            [t('fields.expectedDeliveryDate'), formatDate(offer.expectedDeliveryDate)],
            [t('fields.projectOwner'), offer.projectOwner],
            [t('fields.architect'), offer.architect],
            [t('fields.consultant'), offer.consultant],
            [t('fields.comment'), offer.comment],
          ]}
        />
      </PrintSection>
      <PrintSection title={t('tabs.lines')}>
        {lines.length === 0 ? (
          <Text size="sm">{t('print.noLines')}</Text>
        ) : (
          <PrintedLines
            lines={lines}
            totalLabel={t('lines.total')}
            extraTotals={<OfferVatTotals value={offer.value} />}
          />
        )}
      </PrintSection>
      {offer.paymentPlan.length > 0 && (
        <PrintSection title={t('tabs.paymentPlan')}>
          <PrintTable
            columns={[
              { key: 'description', header: t('plan.description'), value: (part) => part.description },
              {
                key: 'percent',
                header: t('plan.percent'),
                value: (part) => `${part.percent} %`,
                isNumber: true,
              },
              {
                key: 'amount',
                header: t('fields.value'),
                value: (part) => formatNok(Math.round((offer.value * part.percent) / 100)),
                isNumber: true,
              },
            ]}
            rows={offer.paymentPlan.map((part, index) => ({ ...part, key: String(index) }))}
            rowKey={(part) => part.key}
          />
        </PrintSection>
      )}
    </PrintSheetFrame>
  );
};

const OfferSheet = ({ offerId }: { offerId: string }) => {
  const offer = useOffer(offerId);
  if (!offer.data) return <PrintSheetState error={offer.error} />;
  return <PrintedOffer detail={offer.data} />;
};

/** An offer on paper (issue 18, `/print?sheet=offer&id=`): its fields, lines and totals, and payment plan. */
export const OfferPrintSheet = ({ search }: { search: URLSearchParams }) => {
  const { t } = useTranslation('offers');
  const id = printedId(search);
  if (!id) return <Alert color="orange">{t('print.noOffer')}</Alert>;
  return (
    <PrintQueries>
      <OfferSheet offerId={id} />
    </PrintQueries>
  );
};
