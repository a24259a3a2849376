import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '@/components';

/** A screen a later module fills: its real title and a sentence saying what will be shown. */
export const PlannedScreen = ({ titleKey, textKey }: { titleKey: string; textKey: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <EmptyState
        icon={<IconHourglassHigh size={36} />}
        title={t('screens:planned.comingTitle')}
        description={t(textKey)}
      />
    </>
  );
};
