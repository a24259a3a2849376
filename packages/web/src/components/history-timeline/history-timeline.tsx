import { formatDate, isDateOnly } from '@karm/domain/rules';
import { List, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@/lib/api/collections';

/** One changed field, with the values as the server keeps them for people (names, codes, dates). */
export type HistoryChange = { field: string; from: string | null; to: string | null };

/** One row of a record's history (DESIGN rule 6), in words the feature has already chosen. */
export type HistoryEntry = {
  id: string;
  /** An instant (ISO). */
  at: string;
  userName: string | null;
  /** What happened: "Changed", "Converted to project". */
  title: string;
  /** A line under it: the archive reason, a document's name, "Project 1042". */
  detail?: string | null;
  changes: HistoryChange[];
};

export type HistoryTimelineProps = {
  /** Newest first. */
  entries: HistoryEntry[];
  /** The field's name as people read it. */
  fieldLabel: (field: string) => string;
  /** A feature's own way of showing a field's value (money, say); undefined for the common ways. */
  formatValue?: (field: string, value: string) => string | undefined;
};

const timeOf = (at: string) =>
  new Date(at).toLocaleTimeString('nb-NO', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo' });

/**
 * Who changed what, from what to what, and when: the history tab of inquiries and offers. A change
 * without either value is one recorded before values were kept, shown by its field alone.
 */
export const HistoryTimeline = ({ entries, fieldLabel, formatValue }: HistoryTimelineProps) => {
  const { t } = useTranslation(['components', 'pipeline', 'customers']);
  // Fields that hold a key of an admin-managed list: shown by the value's label in the company's list.
  const lists: Record<string, ReturnType<typeof useCollection>> = {
    projectCategory: useCollection('projectCategory'),
    customerCategory: useCollection('customerCategory'),
    complexity: useCollection('complexity'),
    ownerType: useCollection('ownerType'),
  };
  if (entries.length === 0) return <Text c="dimmed">{t('components:history.none')}</Text>;
  const shown = (field: string, value: string | null) => {
    if (value === null) return t('components:history.empty');
    const own = formatValue?.(field, value);
    if (own !== undefined) return own;
    const list = lists[field];
    if (list) return list.labelOf(value);
    return isDateOnly(value) ? formatDate(value) : value;
  };
  return (
    <Timeline bulletSize={14} lineWidth={2}>
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} title={entry.title}>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" data-history-at>
              {t('components:history.byAt', {
                name: entry.userName || t('components:history.unknownUser'),
                date: formatDate(new Date(entry.at)),
                time: timeOf(entry.at),
              })}
            </Text>
            {entry.detail && <Text size="sm">{entry.detail}</Text>}
            {entry.changes.length > 0 && (
              <List size="sm">
                {entry.changes.map((change) => (
                  <List.Item key={change.field}>
                    {change.from === null && change.to === null
                      ? fieldLabel(change.field)
                      : t('components:history.change', {
                          field: fieldLabel(change.field),
                          from: shown(change.field, change.from),
                          to: shown(change.field, change.to),
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
