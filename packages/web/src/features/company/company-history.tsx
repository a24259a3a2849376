import type { CompanyField } from '@karm/domain/contract';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, HistoryTimeline } from '@/components';
import { useCompanyHistory } from './company-api';

/** Form fields whose history label is the field's own label under another key. */
const LABEL_KEYS: Partial<Record<CompanyField, string>> = {
  serviceDepartmentId: 'serviceDepartment',
  serviceEmployeeCategoryId: 'serviceEmployeeCategory',
  logoFileId: 'logo',
  footerFileId: 'footer',
};

/** Who changed which setting from what to what, newest first (DESIGN rule 6; administrators). */
export const CompanyHistory = () => {
  const { t } = useTranslation('company');
  const history = useCompanyHistory({ enabled: true });
  if (history.isError) return <ErrorFallback error={history.error} onReload={() => void history.refetch()} />;
  if (!history.data) return <Loader size="sm" aria-label={t('company:history.title')} />;
  return (
    <HistoryTimeline
      entries={history.data.map((entry) => ({
        id: entry.id,
        at: entry.at,
        userName: entry.user?.name ?? null,
        title: t('company:history.changed'),
        changes: entry.changes,
      }))}
      fieldLabel={(field) => t(`company:fields.${LABEL_KEYS[field as CompanyField] ?? field}`)}
      formatValue={(field, value) => {
        if (field === 'isVatRegistered')
          return t(value === 'true' ? 'company:history.yes' : 'company:history.no');
        if (field === 'documentLanguage') return t(`company:languages.${value}`, { defaultValue: value });
        return undefined;
      }}
    />
  );
};
