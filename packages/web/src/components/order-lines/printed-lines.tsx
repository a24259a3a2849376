import type { OrderLineDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type PrintColumn, PrintTable } from '../print-sheet/print-sheet';
import { LinesTotals } from './order-lines-table';

const formatCount = (count: number) => count.toLocaleString('nb-NO', { maximumFractionDigits: 2 });

/**
 * An order's or an offer's lines on paper (the print view): what the customer agreed, with the
 * value, cost and margin under them — the same figures the editable table works out.
 */
export const PrintedLines = ({
  lines,
  totalLabel,
  extraTotals,
}: {
  lines: readonly OrderLineDto[];
  totalLabel: string;
  /** Further figures after the totals (the offer's VAT and total with VAT). */
  extraTotals?: ReactNode;
}) => {
  const { t } = useTranslation('projects');
  const columns: PrintColumn<OrderLineDto>[] = [
    { key: 'description', header: t('orders.description'), value: (line) => line.description },
    { key: 'count', header: t('orders.count'), value: (line) => formatCount(line.count), isNumber: true },
    {
      key: 'unitPrice',
      header: t('orders.unitPrice'),
      value: (line) => formatNok(line.unitPrice),
      isNumber: true,
    },
    {
      key: 'discount',
      header: t('orders.discountPercent'),
      value: (line) => (line.discountPercent ? `${formatCount(line.discountPercent)} %` : ''),
      isNumber: true,
    },
    { key: 'vat', header: t('orders.vatPercent'), value: (line) => `${line.vatPercent} %`, isNumber: true },
    {
      key: 'salesPrice',
      header: t('orders.salesPrice'),
      value: (line) => formatNok(line.salesPrice),
      isNumber: true,
    },
  ];
  return (
    <div>
      <PrintTable columns={columns} rows={lines} rowKey={(line) => line.id} />
      <LinesTotals lines={lines} label={totalLabel} />
      {extraTotals}
    </div>
  );
};
