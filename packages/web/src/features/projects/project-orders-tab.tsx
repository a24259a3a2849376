import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LinesTotals, OrderLinesTable, ReadOnlyFieldset, useConfirm } from '@/components';
import { newOrder, type OrderDraft } from './project-form';

export type ProjectOrdersTabProps = {
  orders: OrderDraft[];
  onChange: (orders: OrderDraft[]) => void;
  /** Shown, not changed: no order or line to add or remove. */
  readOnly?: boolean;
};

type OrderCardProps = {
  order: OrderDraft;
  number: number;
  onChange: (order: OrderDraft) => void;
  /** Left out when the orders are read only. */
  onRemove?: () => void;
};

const OrderCard = ({ order, number, onChange, onRemove }: OrderCardProps) => {
  const isReadOnly = !onRemove;
  const { t } = useTranslation('projects');
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('orders.orderNumber', { number })}>
      <ReadOnlyFieldset readOnly={isReadOnly}>
        <Group justify="space-between" align="flex-end" mb="xs">
          <TextInput
            label={t('orders.orderTitle', { number })}
            value={order.title}
            onChange={(event) => onChange({ ...order, title: event.currentTarget.value })}
            style={{ flex: '1 1 240px', maxWidth: 480 }}
          />
          {onRemove && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
              {t('orders.removeOrder')}
            </Button>
          )}
        </Group>
        <OrderLinesTable
          lines={order.lines}
          onChange={(lines) => onChange({ ...order, lines })}
          readOnly={isReadOnly}
          totalLabel={t('orders.orderTotal')}
        />
      </ReadOnlyFieldset>
    </Card>
  );
};

/**
 * SPEC §3 orders with their lines: count, unit price, discount, cost price and VAT; the sales price
 * and totals are worked out with the domain rules as the person types. Saved with the dialog's Save.
 */
export const ProjectOrdersTab = ({ orders, onChange, readOnly = false }: ProjectOrdersTabProps) => {
  const { t } = useTranslation('projects');
  const confirm = useConfirm();

  const remove = async (index: number) => {
    const order = orders[index];
    const hasContent = order && (order.id || order.lines.some((line) => line.description || line.unitPrice));
    if (
      hasContent &&
      !(await confirm({
        title: t('orders.removeOrderTitle'),
        message: t('orders.removeOrderConfirm'),
        confirmLabel: t('orders.removeOrder'),
      }))
    ) {
      return;
    }
    onChange(orders.filter((_, at) => at !== index));
  };

  return (
    <Stack gap="sm">
      {orders.length === 0 ? (
        <EmptyState
          title={t('orders.emptyTitle')}
          description={readOnly ? undefined : t('orders.emptyText')}
        />
      ) : (
        orders.map((order, index) => (
          <OrderCard
            key={order.key}
            order={order}
            number={index + 1}
            onChange={(next) => onChange(orders.map((current, at) => (at === index ? next : current)))}
            onRemove={readOnly ? undefined : () => void remove(index)}
          />
        ))
      )}
      <Group justify={readOnly ? 'flex-end' : 'space-between'}>
        {!readOnly && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => onChange([...orders, newOrder()])}
          >
            {t('orders.addOrder')}
          </Button>
        )}
        {orders.length > 0 && (
          <LinesTotals lines={orders.flatMap((order) => order.lines)} label={t('orders.total')} />
        )}
      </Group>
    </Stack>
  );
};
