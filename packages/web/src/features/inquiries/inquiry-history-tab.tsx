import type { InquiryFieldChange, InquiryHistoryDto } from '@karm/domain/contract';
import { codeLabelKey, formatDate, isDateOnly } from '@karm/domain/rules';
import { List, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const CODE_LISTS = {
  projectCategory: 'projectCategory',
  customerCategory: 'customerCategory',
  complexity: 'complexity',
  ownerType: 'ownerType',
} as const;

/** DESIGN rule 6: who changed what and when, newest first. */
export const InquiryHistoryTab = ({ history }: { history: InquiryHistoryDto[] }) => {
  const { t } = useTranslation(['inquiries', 'pipeline', 'customers']);
  const shown = (change: InquiryFieldChange, value: string | null) => {
    if (value === null) return t('history.empty');
    const list = CODE_LISTS[change.field as keyof typeof CODE_LISTS];
    if (list) return t(codeLabelKey(list, value));
    return isDateOnly(value) ? formatDate(value) : value;
  };
  return (
    <Timeline bulletSize={14} lineWidth={2}>
      {[...history].reverse().map((entry) => (
        <Timeline.Item key={entry.id} title={t(`history.actions.${entry.action}`)}>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('history.byAt', {
                name: entry.user?.name || t('history.unknownUser'),
                date: formatDate(new Date(entry.at)),
                time: new Date(entry.at).toLocaleTimeString('nb-NO', { hour: '2-digit', minute: '2-digit' }),
              })}
            </Text>
            {entry.detail && entry.action !== 'created' && <Text size="sm">{entry.detail}</Text>}
            {entry.changes.length > 0 && (
              <List size="sm">
                {entry.changes.map((change) => (
                  <List.Item key={change.field}>
                    {t('history.change', {
                      field: t(`history.fields.${change.field}`),
                      from: shown(change, change.from),
                      to: shown(change, change.to),
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
};
