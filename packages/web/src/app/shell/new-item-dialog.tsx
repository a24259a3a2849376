import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppDialog, EmptyState } from '@/components';
import type { NewItemAction } from './drawer-items';

/**
 * The drawer's "add new …" actions. The inquiry and project modules replace these with their
 * forms; until then the dialog names what it will hold.
 */
export const NewItemDialog = ({ action, onClose }: { action: NewItemAction | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened={action !== null}
      onClose={onClose}
      title={action ? t(`nav:${action}`) : ''}
      onCancel={onClose}
      size="md"
    >
      {action && (
        <EmptyState
          icon={<IconHourglassHigh size={36} />}
          title={t('screens:planned.comingDialogTitle')}
          description={t(`screens:planned.${action}`)}
        />
      )}
    </AppDialog>
  );
};
