import { PLANNER_WORK_GROUPS, type PlannerWorkGroup } from '@karm/domain/contract';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/components';
import { i18n } from '@/lib/i18n';
import { useAuthStore } from '@/lib/store/auth-store';
import { ProfileSection } from '../profile-section';
import { AppliesNote } from './applies-note';
import { saveProfile } from './profile-api';

const NO_GROUPS: PlannerWorkGroup[] = [];

/** SPEC §2 work groups: the planner's groups (SPEC §9 defaults) this person works with. */
export const WorkGroupsSection = () => {
  const { t } = useTranslation('profile');
  const groups = useAuthStore((state) => state.user?.profile.plannerWorkGroups) ?? NO_GROUPS;

  const save = async (plannerWorkGroups: PlannerWorkGroup[]) => {
    try {
      await saveProfile({ plannerWorkGroups });
      notifySuccess(i18n.t('profile:saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <ProfileSection title={t('workGroups.title')}>
      <AppliesNote>{t('workGroups.note')}</AppliesNote>
      <MultiSelect
        label={t('workGroups.label')}
        placeholder={groups.length === 0 ? t('workGroups.placeholder') : undefined}
        value={groups}
        clearable
        data={PLANNER_WORK_GROUPS.map((group) => ({ value: group, label: t(`common:workGroups.${group}`) }))}
        onChange={(chosen) => void save(chosen as PlannerWorkGroup[])}
      />
    </ProfileSection>
  );
};
