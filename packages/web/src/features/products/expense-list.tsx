import type { ExpenseDto } from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "2,5 timer": a quantity the Norwegian way, with its unit. */
export const formatQuantity = (quantity: number, unit: string) =>
  `${quantity.toLocaleString('nb-NO', { maximumFractionDigits: 2 })}${unit ? ` ${unit}` : ''}`;

/**
 * Expenses as cards (the technician's phone): product, quantity × price, amount, date and who. A
 * card opens the expense for a change when `onOpen` is given.
 */
export const ExpenseCards = ({
  expenses,
  onOpen,
}: {
  expenses: ExpenseDto[];
  onOpen?: (expense: ExpenseDto) => void;
}) => {
  const { t } = useTranslation('products');
  return (
    <Stack gap="xs">
      {expenses.map((expense) => {
        const body = (
          <Paper key={expense.id} withBorder radius="md" p="sm" data-testid="expense-card">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2}>
                <Text fw={500}>{[expense.productNumber, expense.productName].filter(Boolean).join(' ')}</Text>
                <Text size="sm" c="dimmed">
                  {t('list.quantityTimesPrice', {
                    quantity: formatQuantity(expense.quantity, expense.unit),
                    price: formatNok(expense.unitPriceOre),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {[formatDate(expense.date), expense.userName, expense.note].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNok(expense.amountOre)}
              </Text>
            </Group>
          </Paper>
        );
        return onOpen ? (
          <UnstyledButton
            key={expense.id}
            onClick={() => onOpen(expense)}
            aria-label={t('list.change', { name: expense.productName })}
          >
            {body}
          </UnstyledButton>
        ) : (
          <div key={expense.id}>{body}</div>
        );
      })}
    </Stack>
  );
};
