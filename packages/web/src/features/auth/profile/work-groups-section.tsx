import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/components';
import { useCollection } from '@/lib/api/collections';
import { i18n } from '@/lib/i18n';
import { useAuthStore } from '@/lib/store/auth-store';
import { ProfileSection } from '../profile-section';
import { AppliesNote } from './applies-note';
import { saveProfile } from './profile-api';

const NO_GROUPS: string[] = [];

/**
 * SPEC §2 work groups: the planner's groups this person works with, from the company's list (which
 * administrators edit in the admin tab "resource planner"); none chosen shows every group.
 */
export const WorkGroupsSection = () => {
  const { t } = useTranslation('profile');
  const groups = useAuthStore((state) => state.user?.profile.plannerWorkGroups) ?? NO_GROUPS;
  const workGroups = useCollection('workGroup');

  const save = async (plannerWorkGroups: string[]) => {
    try {
      await saveProfile({ plannerWorkGroups });
      notifySuccess(i18n.t('profile:saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  // A group chosen earlier and deactivated since still shows, so it can be taken out.
  const options = workGroups.values
    .filter((group) => group.isActive || groups.includes(group.key))
    .map((group) => ({ value: group.key, label: workGroups.labelOf(group.key) }));

  return (
    <ProfileSection title={t('workGroups.title')}>
      <AppliesNote>{t('workGroups.note')}</AppliesNote>
      <MultiSelect
        label={t('workGroups.label')}
        placeholder={groups.length === 0 ? t('workGroups.placeholder') : undefined}
        value={groups.filter((group) => options.some((option) => option.value === group))}
        clearable
        data={options}
        onChange={(chosen) => void save(chosen)}
      />
    </ProfileSection>
  );
};
