import type { DeviationSeverity, DeviationStatus } from '@karm/domain/contract';
import { Badge, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
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

/** The search box of the quality lists: the same label, icon, bound and width on every tab. */
export const QualitySearchInput = ({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) => {
  const { t } = useTranslation('quality');
  return (
    <TextInput
      label={t('filters.search')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      maxLength={100}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 240 }}
    />
  );
};

/** A filter's setter that also goes back to the first page, since the old page may no longer exist. */
export const backToFirstPage =
  (setPage: (page: number) => void) =>
  <T,>(set: (value: T) => void) =>
  (value: T) => {
    set(value);
    setPage(1);
  };
