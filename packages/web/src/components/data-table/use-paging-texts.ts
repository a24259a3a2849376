import { useTranslation } from 'react-i18next';

type PaginationControl = 'first' | 'last' | 'previous' | 'next';

/** Translated pagination texts and labels for a server-paged mantine-datatable: spread them into it. */
export const usePagingTexts = () => {
  const { t } = useTranslation('components');
  const controlLabels: Record<PaginationControl, string> = {
    first: t('paging.firstPage'),
    previous: t('paging.previousPage'),
    next: t('paging.nextPage'),
    last: t('paging.lastPage'),
  };
  return {
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('paging.summary', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: PaginationControl) => ({ 'aria-label': controlLabels[control] }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': t('paging.page', { page }) }),
  };
};
