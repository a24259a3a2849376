import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOffer } from '@/lib/api/offers';
import { useCan } from '@/lib/permissions';

type Hours = { production: number; installation: number };

/**
 * Hours sold vs planned (SPEC §2 "invoice edit and hours"): what the offer sold, what the project
 * plans now, and the difference — more planned than sold is work the price does not cover. A project
 * made without an offer (or seen by someone who may not read offers) shows the planned hours only.
 */
export const ProjectHours = ({ offerId, planned }: { offerId: string | null; planned: Hours }) => {
  const { t, i18n } = useTranslation('projects');
  const mayReadOffers = useCan('offers.read');
  const offer = useOffer(mayReadOffers ? offerId : null).data?.offer;
  if (!offer) {
    return (
      <Text size="sm" c="dimmed">
        {t('invoices.hours', planned)}
      </Text>
    );
  }
  const sold: Hours = { production: offer.productionHours ?? 0, installation: offer.installationHours ?? 0 };
  const rows = [
    { key: 'production', label: t('invoices.hoursTable.production') },
    { key: 'installation', label: t('invoices.hoursTable.installation') },
  ] as const;
  const hours = (value: number) =>
    t('invoices.hoursTable.value', {
      hours: value.toLocaleString(i18n.language === 'nb' ? 'nb-NO' : 'en-GB', { maximumFractionDigits: 2 }),
    });
  return (
    <Table withTableBorder verticalSpacing={4} maw={520} data-project-hours>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th ta="right">{t('invoices.hoursTable.sold', { number: offer.number })}</Table.Th>
          <Table.Th ta="right">{t('invoices.hoursTable.planned')}</Table.Th>
          <Table.Th ta="right">{t('invoices.hoursTable.difference')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ key, label }) => {
          const difference = planned[key] - sold[key];
          return (
            <Table.Tr key={key} data-hours={key}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{hours(sold[key])}</Table.Td>
              <Table.Td ta="right">{hours(planned[key])}</Table.Td>
              <Table.Td ta="right" c={difference > 0 ? 'red' : undefined}>
                {difference > 0 ? '+' : ''}
                {hours(difference)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
};
