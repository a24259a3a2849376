import type { ProjectInvoiceSquaresDto } from '@karm/domain/contract';
import { formatDate, formatNok, INVOICE_STATUS_CODES, type InvoiceStatusCode } from '@karm/domain/rules';
import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC §9 square colours by status code; the tooltip and the legend name them. */
export const SQUARE_COLOURS: Record<InvoiceStatusCode, string> = {
  [INVOICE_STATUS_CODES.noInvoice]: 'var(--mantine-color-gray-3)',
  [INVOICE_STATUS_CODES.notSent]: 'var(--mantine-color-yellow-5)',
  [INVOICE_STATUS_CODES.paid]: 'var(--mantine-color-green-6)',
  [INVOICE_STATUS_CODES.pendingPayment]: 'var(--mantine-color-blue-5)',
  [INVOICE_STATUS_CODES.pastDueDate]: 'var(--mantine-color-red-6)',
};

/** One order square: a small coloured box; its text is in the tooltip and its accessible name. */
export const InvoiceSquare = ({ status, label }: { status: InvoiceStatusCode; label: string }) => (
  <Tooltip label={label} withArrow multiline maw={260}>
    <Box
      role="img"
      aria-label={label}
      data-square-status={status}
      w={14}
      h={14}
      style={{ borderRadius: 3, background: SQUARE_COLOURS[status], flexShrink: 0 }}
    />
  </Tooltip>
);

/**
 * The project list's invoice squares (SPEC §9): a row per order (at most 3), its parts as squares (at
 * most 3, then "+n"), each with number, amount and due date in the tooltip.
 */
export const InvoiceSquares = ({ orders }: { orders: ProjectInvoiceSquaresDto | undefined }) => {
  const { t } = useTranslation('projects');
  if (!orders || orders.length === 0) return null;
  return (
    <Stack gap={3} data-invoice-squares>
      {orders.map((order) => (
        <Group key={`${order.confirmationKind}-${order.confirmationNumber}`} gap={3} wrap="nowrap">
          {order.squares.map((square, index) => (
            <InvoiceSquare
              // biome-ignore lint/suspicious/noArrayIndexKey: a part's place in its plan is its identity here
              key={index}
              status={square.status}
              label={[
                t(order.confirmationKind === 'invoicePlan' ? 'invoiceSquares.plan' : 'invoiceSquares.order', {
                  number: order.confirmationNumber,
                  part: index + 1,
                }),
                t(`invoiceSquares.status.${square.status}`),
                square.number !== null ? t('invoiceSquares.invoice', { number: square.number }) : null,
                formatNok(square.amount),
                square.dueDate ? t('invoiceSquares.due', { date: formatDate(square.dueDate) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          ))}
          {order.moreCount > 0 && (
            <Text size="xs" c="dimmed">
              +{order.moreCount}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
};
