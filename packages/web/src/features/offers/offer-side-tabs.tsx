import type { OfferHistoryDto } from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistoryTimeline } from '@/components';
import { useOfferConfirmations } from '@/lib/api/offers';

/** SPEC §3 order confirmations of the offer (read-only here; the confirmations screens come later). */
export const OfferConfirmationsTab = ({ offerId }: { offerId: string }) => {
  const { t } = useTranslation('offers');
  const confirmations = useOfferConfirmations(offerId);
  if (confirmations.isPending) return <Loader size="sm" />;
  if (!confirmations.data?.length) return <Text c="dimmed">{t('confirmations.empty')}</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('confirmations.number')}</Table.Th>
          <Table.Th>{t('confirmations.createdAt')}</Table.Th>
          <Table.Th>{t('confirmations.rules')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {confirmations.data.map((confirmation) => (
          <Table.Tr key={confirmation.id}>
            <Table.Td>{confirmation.number}</Table.Td>
            <Table.Td>{formatDate(confirmation.createdAt)}</Table.Td>
            <Table.Td>
              {confirmation.paymentRules.map((rule) => `${rule.description} ${rule.percent} %`).join(', ')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

const MONEY_FIELDS = new Set(['value', 'contributionMargin']);

/** DESIGN rule 6: who changed the offer, when, and each field from what to what. */
export const OfferHistoryTab = ({ history }: { history: OfferHistoryDto[] }) => {
  const { t } = useTranslation('offers');
  return (
    <HistoryTimeline
      entries={history.map((entry) => ({
        id: entry.id,
        at: entry.at,
        userName: entry.user?.displayName ?? null,
        title: t(`history.${entry.action}`),
        detail:
          entry.reason ??
          (entry.projectNumber === null ? null : t('dialog.toProject', { number: entry.projectNumber })),
        changes: entry.changes,
      }))}
      fieldLabel={(field) => t(`fields.${field}`, { defaultValue: field })}
      formatValue={(field, value) => (MONEY_FIELDS.has(field) ? formatNok(Number(value)) : undefined)}
    />
  );
};
