import type { OfferHistoryDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import { useTranslation } from 'react-i18next';
import { HistoryTimeline } from '@/components';

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
