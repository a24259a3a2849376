import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components';
import { useAuthStore } from '@/lib/store/auth-store';
import { AccountSection } from './profile/account-section';
import { AppliesNote } from './profile/applies-note';
import { DisplaySection } from './profile/display-section';
import { PasswordSection } from './profile/password-section';
import { SessionsSection } from './profile/sessions-section';
import { WorkGroupsSection } from './profile/work-groups-section';
import { ProfileSection } from './profile-section';
import { TwoFactorSection } from './two-factor-section';

export type ProfilePageProps = {
  /** The project list's saved filters in words, with their reset (the projects feature's part). */
  projectFilters?: ReactNode;
};

/**
 * SPEC §2 /profile: username, language, theme mode, account settings, project filters, work groups;
 * two-factor sign-in and the person's active sessions. Each section is its own component; this page only lays them out.
 */
export const ProfilePage = ({ projectFilters }: ProfilePageProps) => {
  const { t } = useTranslation('profile');
  const username = useAuthStore((state) => state.user?.username);
  return (
    <Stack>
      <PageHeader title={t('title')} />
      <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
        {t('note')}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack>
          <AccountSection />
          <PasswordSection />
          {username && <TwoFactorSection username={username} />}
        </Stack>
        <Stack>
          <DisplaySection />
          <WorkGroupsSection />
          {projectFilters && (
            <ProfileSection title={t('projectFilters.title')}>
              <AppliesNote>{t('projectFilters.note')}</AppliesNote>
              {projectFilters}
            </ProfileSection>
          )}
        </Stack>
      </SimpleGrid>
      <SessionsSection />
    </Stack>
  );
};
