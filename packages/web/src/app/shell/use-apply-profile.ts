import { DEFAULT_LOCALE } from '@karm/domain/i18n';
import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { changeLocale } from '@/lib/i18n';
import { useAuthStore } from '@/lib/store/auth-store';

/** Applies the signed-in user's language and theme mode from their profile (SPEC §3 profile). */
export const useApplyProfile = () => {
  const locale = useAuthStore((state) => state.user?.profile.locale);
  const theme = useAuthStore((state) => state.user?.profile.theme);
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    void changeLocale(locale ?? DEFAULT_LOCALE);
  }, [locale]);
  useEffect(() => {
    setColorScheme(theme ?? 'light');
  }, [theme, setColorScheme]);
};
