import { formatNok, vatOf } from '@karm/domain/rules';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The offer's VAT and its total with VAT, under its lines (the dialog and the printed offer). */
export const OfferVatTotals = ({ value }: { value: number }) => {
  const { t } = useTranslation('offers');
  const vat = vatOf(value);
  return (
    <Group justify="flex-end" gap="lg" data-vat-totals>
      <Text size="sm">
        {t('lines.vat')}: {formatNok(vat)}
      </Text>
      <Text size="sm" fw={600}>
        {t('lines.totalIncVat')}: {formatNok(value + vat)}
      </Text>
    </Group>
  );
};
