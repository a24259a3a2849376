import { PAGE_SIZES, THEME_MODES, type ThemeMode, type UserProfile } from '@karm/domain/contract';
import { DEFAULT_LOCALE, type Locale } from '@karm/domain/i18n';
import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect, notifyError, notifySuccess } from '@/components';
import { i18n } from '@/lib/i18n';
import { savePageSize, usePageSize } from '@/lib/page-size';
import { useAuthStore } from '@/lib/store/auth-store';
import { ProfileSection } from '../profile-section';
import { AppliesNote } from './applies-note';
import { saveProfile } from './profile-api';

const THEME_LABEL_KEYS = {
  light: 'display.themeLight',
  dark: 'display.themeDark',
  auto: 'display.themeAuto',
} as const satisfies Record<ThemeMode, string>;

/** Runs a save and confirms it in the language in force afterwards (a new language applies at once). */
const withToast = async (save: () => Promise<unknown>) => {
  try {
    await save();
    notifySuccess(i18n.t('profile:saved'));
  } catch (error) {
    notifyError(error);
  }
};

/** SPEC §2 language and theme mode, and the rows per page of every paged list: all apply at once. */
export const DisplaySection = () => {
  const { t } = useTranslation('profile');
  const profile = useAuthStore((state) => state.user?.profile);
  const pageSize = usePageSize();
  if (!profile) return null;
  const save = (changes: UserProfile) => void withToast(() => saveProfile(changes));

  return (
    <ProfileSection title={t('display.title')}>
      <AppliesNote>{t('appliesNow')}</AppliesNote>
      <Stack>
        <Input.Wrapper label={t('display.language')}>
          <div>
            <LanguageSelect
              value={(profile.locale ?? DEFAULT_LOCALE) as Locale}
              onChange={(locale) => save({ locale })}
            />
          </div>
        </Input.Wrapper>
        <Input.Wrapper label={t('display.themeMode')}>
          <div>
            <SegmentedControl
              aria-label={t('display.themeMode')}
              value={profile.theme ?? 'light'}
              onChange={(theme) => save({ theme: theme as ThemeMode })}
              data={THEME_MODES.map((mode) => ({ value: mode, label: t(THEME_LABEL_KEYS[mode]) }))}
            />
          </div>
        </Input.Wrapper>
        <Input.Wrapper label={t('display.pageSize')} description={t('display.pageSizeHint')}>
          <div>
            <SegmentedControl
              aria-label={t('display.pageSize')}
              value={String(pageSize)}
              onChange={(size) => void withToast(() => savePageSize(Number(size)))}
              data={PAGE_SIZES.map((size) => String(size))}
            />
          </div>
        </Input.Wrapper>
      </Stack>
    </ProfileSection>
  );
};
