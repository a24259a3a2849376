import type { SyncRunDto } from '@karm/domain/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type SyncCounts = SyncRunDto['counts'];

/** The kinds the sync engine counts, in the order it handles them; unknown kinds follow. */
const KIND_ORDER = [
  'employees',
  'departments',
  'employeeCategories',
  'customers',
  'contacts',
  'pushedCustomers',
  'pushedContacts',
  'invoices',
];

export const orderedKinds = (counts: SyncCounts) => [
  ...KIND_ORDER.filter((kind) => kind in counts),
  ...Object.keys(counts).filter((kind) => !KIND_ORDER.includes(kind)),
];

/**
 * Labels for the values a sync run carries. The server may add phases or kinds before the texts
 * catch up; those show as they come rather than as a missing key.
 */
export const useSyncTexts = () => {
  const { t } = useTranslation('admin');
  const label = (group: string, value: string) => t(`accounting.${group}.${value}`, { defaultValue: value });
  return {
    phase: (phase: string) => label('phase', phase),
    kind: (kind: string) => label('kind', kind),
    trigger: (trigger: string) => label('trigger', trigger),
    mode: (mode: string) => label('mode', mode),
    status: (status: string) => label('status', status),
    /** "Customers +3 ~1, Contacts +2": what was created (+), updated (~) and in conflict (!). */
    countsSummary: (counts: SyncCounts) => {
      const parts = orderedKinds(counts).flatMap((kind) => {
        const { created, updated, conflicts = 0 } = counts[kind]!;
        if (created + updated + conflicts === 0) return [];
        const marks = [
          created > 0 ? `+${created}` : '',
          updated > 0 ? `~${updated}` : '',
          conflicts > 0 ? `!${conflicts}` : '',
        ].filter(Boolean);
        return [`${label('kind', kind)} ${marks.join(' ')}`];
      });
      return parts.length > 0 ? parts.join(', ') : t('accounting.log.noChanges');
    },
  };
};

const STATUS_COLOURS: Record<string, string> = { running: 'blue', succeeded: 'green', failed: 'red' };

export const SyncStatusBadge = ({ status }: { status: string }) => {
  const texts = useSyncTexts();
  return (
    <Badge color={STATUS_COLOURS[status] ?? 'gray'} variant="light" data-status={status}>
      {texts.status(status)}
    </Badge>
  );
};
