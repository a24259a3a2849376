import { formatDate } from '@karm/domain/rules';
import { Badge, CloseButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ListPeriod = { from?: string; to?: string };

/** A list's period from its address (`?from=…&to=…`): how a report row opens the list it counts. */
export const listPeriodFrom = (params: URLSearchParams): ListPeriod => ({
  from: params.get('from') ?? undefined,
  to: params.get('to') ?? undefined,
});

/** The address without the period, once the list shows every date again. */
export const withoutPeriod = (params: URLSearchParams) => {
  const next = new URLSearchParams(params);
  next.delete('from');
  next.delete('to');
  return next;
};

/**
 * The period a list is narrowed to, shown where its filters are, with a button that widens it again
 * — otherwise a list opened from a report would look like it had lost records.
 */
export const PeriodBadge = ({ period, onClear }: { period: ListPeriod; onClear: () => void }) => {
  const { t } = useTranslation('components');
  if (!period.from && !period.to) return null;
  const text = t('period.range', {
    from: period.from ? formatDate(period.from) : '…',
    to: period.to ? formatDate(period.to) : '…',
  });
  return (
    <Badge
      size="lg"
      variant="light"
      data-list-period
      rightSection={<CloseButton size="xs" aria-label={t('period.clear')} onClick={onClear} />}
    >
      {text}
    </Badge>
  );
};
