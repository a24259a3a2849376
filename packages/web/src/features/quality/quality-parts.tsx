import type { DeviationSeverity, DeviationStatus } from '@karm/domain/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SEVERITY_COLOURS: Record<DeviationSeverity, string> = { low: 'gray', medium: 'yellow', high: 'red' };
const STATUS_COLOURS: Record<DeviationStatus, string> = {
  open: 'blue',
  'in-progress': 'orange',
  closed: 'green',
};

export const SeverityBadge = ({ severity }: { severity: DeviationSeverity }) => {
  const { t } = useTranslation('quality');
  return (
    <Badge color={SEVERITY_COLOURS[severity]} variant="light">
      {t(`severities.${severity}`)}
    </Badge>
  );
};

export const StatusBadge = ({ status }: { status: DeviationStatus }) => {
  const { t } = useTranslation('quality');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
};
