import type { CustomerSource, SyncStatus } from '@karm/domain/contract';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// A badge in a squeezed table cell would otherwise be cut to "ACCOUNTIN…".
const NO_SHRINK = { minWidth: 'max-content' } as const;

const SOURCE_COLOURS: Record<CustomerSource, string> = {
  accounting: 'blue',
  local: 'gray',
  'one-time': 'grape',
};

/** Where a customer comes from: the accounting system, Karm only, or a one-time customer. */
export const CustomerSourceBadge = ({ source }: { source: CustomerSource }) => {
  const { t } = useTranslation('customers');
  return (
    <Badge variant="light" color={SOURCE_COLOURS[source]} data-source={source} style={NO_SHRINK}>
      {t(`source.${source}`)}
    </Badge>
  );
};

export type CustomerSyncBadgeProps = {
  status: SyncStatus;
  /** The accounting system's complaint, shown on hover when the sync failed. */
  error?: string | null;
};

/**
 * Whether the customer is in step with the accounting system. Customers that never go there
 * (`local`) get no badge: there is nothing to wait for.
 */
export const CustomerSyncBadge = ({ status, error }: CustomerSyncBadgeProps) => {
  const { t } = useTranslation('customers');
  if (status === 'pending') {
    return (
      <Badge variant="light" color="orange" data-sync={status} style={NO_SHRINK}>
        {t('sync.pending')}
      </Badge>
    );
  }
  if (status === 'failed') {
    return (
      <Tooltip label={error?.trim() || t('sync.failedNoDetails')} multiline maw={320} withArrow>
        <Badge variant="light" color="red" data-sync={status} style={{ ...NO_SHRINK, cursor: 'help' }}>
          {t('sync.failed')}
        </Badge>
      </Tooltip>
    );
  }
  if (status === 'synced') {
    return (
      <Badge variant="light" color="green" data-sync={status} style={NO_SHRINK}>
        {t('sync.synced')}
      </Badge>
    );
  }
  return null;
};

/** An archived customer (or one inactive in the accounting system): hidden from pickers and lists. */
export const CustomerArchivedBadge = () => {
  const { t } = useTranslation('customers');
  return (
    <Badge variant="outline" color="gray" style={NO_SHRINK}>
      {t('archive.badge')}
    </Badge>
  );
};
