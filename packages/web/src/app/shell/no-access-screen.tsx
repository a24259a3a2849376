import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components';
import { useAuthStore } from '@/lib/store/auth-store';

/** A screen opened by its address that the user's role does not open: said plainly, not a blank page. */
export const NoAccessScreen = () => {
  const { t } = useTranslation('users');
  const role = useAuthStore((state) => state.user?.role);
  return (
    <EmptyState
      icon={<IconLock size={36} />}
      title={t('noAccess.title')}
      description={t('noAccess.text', { role: role ? t(`roles.${role}`) : '' })}
    />
  );
};
