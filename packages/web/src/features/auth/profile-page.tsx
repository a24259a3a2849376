import { THEME_MODES, type ThemeMode, type UserProfile } from '@karm/domain/contract';
import { DEFAULT_LOCALE, type Locale } from '@karm/domain/i18n';
import {
  Alert,
  Button,
  Card,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect, notifyError, notifySuccess, PageHeader } from '@/components';
import { changeLocale, i18n } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { useProjectFiltersStore } from '@/lib/store/work-stores';
import { ChangePasswordForm } from './change-password-form';

/** SPEC §9: the planner's default work groups. */
const WORK_GROUPS = ['produksjon', 'montasje', 'service', 'admin'] as const;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="lg">
    <Title order={4} mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

/** SPEC §2 profile: username, language, theme mode, account settings, project filters, work groups. */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const resetFilters = useProjectFiltersStore((state) => state.setFilters);
  if (!user) return null;

  const save = async (changes: UserProfile) => {
    try {
      setUser(await request('user:update-profile', changes));
      // A new language applies at once, so the confirmation already speaks it.
      if (changes.locale) await changeLocale(changes.locale);
      notifySuccess(i18n.t('profile.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack>
      <PageHeader title={t('profile.title')} />
      <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
        {t('profile.note')}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('profile.accountSettings')}>
          <Stack>
            <TextInput label={t('profile.username')} value={user.username} readOnly />
            <TextInput label={t('profile.name')} value={user.fullName} readOnly />
            <TextInput label={t('profile.email')} value={user.email ?? ''} readOnly />
            <ChangePasswordForm username={user.username} />
          </Stack>
        </Section>
        <Stack>
          <Section title={t('profile.language')}>
            <LanguageSelect
              value={(user.profile.locale ?? DEFAULT_LOCALE) as Locale}
              onChange={(locale) => void save({ locale })}
            />
          </Section>
          <Section title={t('profile.themeMode')}>
            <SegmentedControl
              aria-label={t('profile.themeMode')}
              value={user.profile.theme ?? 'light'}
              onChange={(theme) => void save({ theme: theme as ThemeMode })}
              data={THEME_MODES.map((mode) => ({
                value: mode,
                label: t(`profile.theme${mode[0]?.toUpperCase()}${mode.slice(1)}`),
              }))}
            />
          </Section>
          <Section title={t('profile.workGroups')}>
            <Select
              label={t('profile.workGroupLabel')}
              value={user.profile.plannerWorkGroup ?? null}
              placeholder={t('profile.noWorkGroup')}
              clearable
              data={WORK_GROUPS.map((group) => ({ value: group, label: t(`workGroups.${group}`) }))}
              onChange={(plannerWorkGroup) => void save({ plannerWorkGroup })}
            />
          </Section>
          <Section title={t('profile.projectFilters')}>
            <Text size="sm" c="dimmed" mb="sm">
              {t('profile.projectFiltersText')}
            </Text>
            <Button
              variant="default"
              onClick={() => {
                resetFilters({});
                void save({ projectFilters: {} });
              }}
            >
              {t('profile.resetProjectFilters')}
            </Button>
          </Section>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
};
