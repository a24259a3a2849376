import { daysBetween, formatDate, osloDateOf } from '@karm/domain/rules';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type DeadlineBadgeProps = {
  /** `YYYY-MM-DD`, or null when there is no deadline. */
  deadline: string | null;
  /** Today's Oslo date; tests pass one in. */
  today?: string;
  /** Text shown before the countdown, e.g. an offer status name. */
  label?: string;
};

/** The days-left rule shared by inquiries and offers: red once overdue, orange within 3 days. */
export const deadlineColour = (daysLeft: number): string =>
  daysLeft < 0 ? 'red' : daysLeft <= 3 ? 'orange' : 'green';

/** A deadline as "3 days left" / "Due today" / "2 days overdue", with the date on hover. */
export const DeadlineBadge = ({ deadline, today: todayProp, label }: DeadlineBadgeProps) => {
  const { t } = useTranslation('pipeline');
  if (!deadline) {
    return (
      <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
        {label ? `${label} · ` : ''}
        {t('deadline.none')}
      </Badge>
    );
  }
  const daysLeft = daysBetween(todayProp ?? osloDateOf(new Date()), deadline);
  const countdown =
    daysLeft === 0
      ? t('deadline.today')
      : daysLeft > 0
        ? t('deadline.daysLeft', { count: daysLeft })
        : t('deadline.overdue', { count: -daysLeft });
  return (
    <Tooltip label={formatDate(deadline)}>
      <Badge
        variant="light"
        color={deadlineColour(daysLeft)}
        data-days-left={daysLeft}
        tt="none"
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {label ? `${label} · ` : ''}
        {countdown}
      </Badge>
    </Tooltip>
  );
};
