import type { ExpenseDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, useConfirm } from '@/components';
import { formatQuantity } from './expense-list';
import { useDeleteExpense } from './expenses-api';

/**
 * Deleting an expense entered by mistake: asks first (naming the product, quantity and date), then
 * deletes it and says so. Answers whether it was deleted, so a form showing it can close.
 */
export const useAskToDeleteExpense = () => {
  const { t } = useTranslation('products');
  const confirm = useConfirm();
  const remove = useDeleteExpense();
  const ask = async (expense: ExpenseDto) => {
    const name = [expense.productNumber, expense.productName].filter(Boolean).join(' ');
    const isConfirmed = await confirm({
      title: t('delete.title'),
      message: t('delete.question', {
        name,
        quantity: formatQuantity(expense.quantity, expense.unit),
        date: formatDate(expense.date),
      }),
      confirmLabel: t('delete.confirm'),
    });
    if (!isConfirmed) return false;
    try {
      await remove.mutateAsync(expense);
      notifySuccess(t('delete.done', { name }));
      return true;
    } catch (error) {
      notifyError(error, { title: t('delete.failed') });
      return false;
    }
  };
  return { ask, isPending: remove.isPending };
};
