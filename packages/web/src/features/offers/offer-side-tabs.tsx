import type { OfferHistoryDto } from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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

const HISTORY_ACTIONS = ['created', 'updated', 'archived', 'unarchived', 'converted'] as const;

/** DESIGN rule 6: who changed the offer, when, and what. */
export const OfferHistoryTab = ({ history }: { history: OfferHistoryDto[] }) => {
  const { t } = useTranslation('offers');
  if (history.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  const describe = (entry: OfferHistoryDto) => {
    const { reason, projectNumber } = entry.changes as { reason?: string; projectNumber?: number };
    if (reason) return reason;
    if (projectNumber) return t('dialog.toProject', { number: projectNumber });
    const fields = Object.keys(entry.changes).filter(
      (field) => field !== 'number' && field !== 'projectName',
    );
    return fields
      .map((field) =>
        field === 'value' || field === 'contributionMargin'
          ? `${t(`fields.${field}`)}: ${formatNok(Number(entry.changes[field]))}`
          : t(`fields.${field}`, { defaultValue: field }),
      )
      .join(', ');
  };
  return (
    <Table>
      <Table.Tbody>
        {history.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{formatDate(entry.at)}</Table.Td>
            <Table.Td>
              {(HISTORY_ACTIONS as readonly string[]).includes(entry.action)
                ? t(`history.${entry.action as (typeof HISTORY_ACTIONS)[number]}`)
                : entry.action}
            </Table.Td>
            <Table.Td>{entry.user?.displayName ?? t('history.unknownUser')}</Table.Td>
            <Table.Td>{describe(entry)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};
