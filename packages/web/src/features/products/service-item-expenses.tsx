import type { ExpenseDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import { Alert, Button, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components';
import { useCan } from '@/lib/permissions';
import { ExpenseForm } from './expense-form';
import { ExpenseCards } from './expense-list';
import { EXPENSES_PAGE_SIZE, useExpensePushes, useProjectExpenses } from './expenses-api';

export type ServiceItemExpensesProps = { projectId: string; serviceItemId: string };

/**
 * "Parts and hours" on the technician's service item screen: what was used on this item, and a form
 * to add more (or change one by tapping it). They land on the project and in its invoice plan.
 */
export const ServiceItemExpenses = ({ projectId, serviceItemId }: ServiceItemExpensesProps) => {
  const { t } = useTranslation('products');
  const mayWork = useCan('service.work');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ExpenseDto | 'new' | null>(null);
  const expenses = useProjectExpenses(projectId, serviceItemId, page);
  useExpensePushes(projectId);
  const data = expenses.data;
  return (
    <Stack gap="sm" component="section" aria-label={t('item.title')} mt="lg">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          {t('item.title')}
        </Title>
        {mayWork && editing === null && (
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('item.add')}
          </Button>
        )}
      </Group>
      {editing !== null && (
        <Paper withBorder radius="md" p="md">
          <ExpenseForm
            key={editing === 'new' ? 'new' : editing.id}
            projectId={projectId}
            serviceItemId={serviceItemId}
            expense={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </Paper>
      )}
      {expenses.isError ? (
        <Alert color="red">{errorMessageOf(expenses.error)}</Alert>
      ) : data && data.items.length > 0 ? (
        <>
          <ExpenseCards expenses={data.items} onOpen={mayWork ? setEditing : undefined} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" data-testid="item-expenses-sum">
              {t('item.sum', { amount: formatNok(data.sumOre) })}
            </Text>
            {data.total > EXPENSES_PAGE_SIZE && (
              <Pagination
                size="sm"
                total={Math.ceil(data.total / EXPENSES_PAGE_SIZE)}
                value={page}
                onChange={setPage}
              />
            )}
          </Group>
        </>
      ) : (
        data && <Text c="dimmed">{t('item.empty')}</Text>
      )}
    </Stack>
  );
};
