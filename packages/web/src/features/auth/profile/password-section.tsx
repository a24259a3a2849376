import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/store/auth-store';
import { ChangePasswordForm } from '../change-password-form';
import { ProfileSection } from '../profile-section';

/** SPEC §2 change password (current, new, confirm): the person's other sessions end with it. */
export const PasswordSection = () => {
  const { t } = useTranslation('profile');
  const username = useAuthStore((state) => state.user?.username);
  if (!username) return null;
  return (
    <ProfileSection title={t('password.title')}>
      <ChangePasswordForm username={username} />
    </ProfileSection>
  );
};
