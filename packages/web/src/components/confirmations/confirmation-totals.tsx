import { formatNok } from '@karm/domain/rules';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Totals ex. VAT, VAT 25 % and total (øre), as a confirmation prints them. */
export const ConfirmationTotals = ({
  totals,
}: {
  totals: { totalExVat: number; vat: number; total: number };
}) => {
  const { t } = useTranslation('confirmations');
  return (
    <Group gap="lg" justify="flex-end" data-confirmation-totals>
      <Text size="sm">
        {t('panel.totalExVat')}: {formatNok(totals.totalExVat)}
      </Text>
      <Text size="sm">
        {t('panel.vat')}: {formatNok(totals.vat)}
      </Text>
      <Text size="sm" fw={600}>
        {t('panel.total')}: {formatNok(totals.total)}
      </Text>
    </Group>
  );
};
