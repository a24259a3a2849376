import type { InquiryHistoryDto } from '@karm/domain/contract';
import { useTranslation } from 'react-i18next';
import { HistoryTimeline } from '@/components';

/** DESIGN rule 6: who changed what and when, newest first. */
export const InquiryHistoryTab = ({ history }: { history: InquiryHistoryDto[] }) => {
  const { t } = useTranslation('inquiries');
  return (
    <HistoryTimeline
      entries={[...history].reverse().map((entry) => ({
        id: entry.id,
        at: entry.at,
        userName: entry.user?.name ?? null,
        title: t(`history.actions.${entry.action}`),
        detail: entry.action === 'created' ? null : entry.detail,
        changes: entry.changes,
      }))}
      fieldLabel={(field) => t(`history.fields.${field}`, { defaultValue: field })}
    />
  );
};
