import type { ExpenseDto } from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { ActionIcon, Alert, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ABOVE_PHONES, errorMessageOf, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import { formatQuantity } from './expense-list';
import { EXPENSES_PAGE_SIZE, useExpensePushes, useProjectExpenses } from './expenses-api';
import { useAskToDeleteExpense } from './use-ask-to-delete-expense';

/**
 * A project's parts and hours (its "Expenses" tab): every expense recorded on it, paged on the
 * server, their sum, and whether the invoice plan carries them all.
 */
export const ProjectExpenses = ({ project }: { project: { id: string } }) => {
  const { t } = useTranslation('products');
  const paging = usePagingTexts();
  const [page, setPage] = useState(1);
  const expenses = useProjectExpenses(project.id, null, page);
  useExpensePushes(project.id);
  const mayWork = useCan('service.work');
  const deletion = useAskToDeleteExpense();
  const data = expenses.data;
  if (expenses.isError) return <Alert color="red">{errorMessageOf(expenses.error)}</Alert>;
  return (
    <Stack gap="sm">
      {data?.invoicePlan?.isBehind && (
        <Alert color="orange" icon={<IconInfoCircle size={18} />} data-testid="plan-behind">
          {data.invoicePlan.isInvoiced ? t('project.planInvoiced') : t('project.planBehind')}
        </Alert>
      )}
      {data?.invoicePlan && !data.invoicePlan.isBehind && (
        <Text size="sm" c="dimmed" data-testid="plan-carries">
          {t('project.planCarries')}
        </Text>
      )}
      <DataTable<ExpenseDto>
        withTableBorder
        borderRadius="sm"
        minHeight={data?.items.length ? undefined : 140}
        fetching={areRowsLoading(expenses)}
        records={data?.items ?? []}
        totalRecords={data?.total ?? 0}
        recordsPerPage={EXPENSES_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={t('project.empty')}
        {...paging}
        customRowAttributes={() => ({ 'data-testid': 'project-expense' })}
        columns={[
          {
            accessor: 'date',
            title: t('project.date'),
            // A phone has room for product, quantity and amount; the cards on the item show the date.
            ...ABOVE_PHONES,
            render: (row) => formatDate(row.date),
          },
          {
            accessor: 'productName',
            title: t('project.product'),
            render: (row) => [row.productNumber, row.productName].filter(Boolean).join(' '),
          },
          {
            accessor: 'quantity',
            title: t('project.quantity'),
            textAlign: 'right',
            render: (row) => formatQuantity(row.quantity, row.unit),
          },
          {
            accessor: 'unitPriceOre',
            title: t('project.unitPrice'),
            textAlign: 'right',
            ...ABOVE_PHONES,
            render: (row) => formatNok(row.unitPriceOre),
          },
          {
            accessor: 'amountOre',
            title: t('project.amount'),
            textAlign: 'right',
            render: (row) => formatNok(row.amountOre),
          },
          {
            accessor: 'serviceItemLabel',
            title: t('project.serviceItem'),
            ...ABOVE_PHONES,
          },
          { accessor: 'userName', title: t('project.by'), ...ABOVE_PHONES },
          ...(mayWork
            ? [
                {
                  accessor: 'actions',
                  title: '',
                  textAlign: 'right' as const,
                  render: (row: ExpenseDto) => {
                    const name = [row.productNumber, row.productName].filter(Boolean).join(' ');
                    return (
                      <Tooltip label={t('delete.confirm')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('delete.label', { name })}
                          onClick={() => void deletion.ask(row)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
      {data && data.total > 0 && (
        <Text fw={600} ta="right" data-testid="project-expenses-sum">
          {t('project.sum', { amount: formatNok(data.sumOre) })}
        </Text>
      )}
    </Stack>
  );
};
