import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { changeLocale } from '@/lib/i18n';
import { useAuthStore } from '@/lib/store/auth-store';

/** Applies the signed-in user's language and theme mode from their profile (SPEC §3 profile). */
export const useApplyProfile = () => {
  const locale = useAuthStore((state) => state.user?.profile.locale);
  const theme = useAuthStore((state) => state.user?.profile.theme);
  const { setColorScheme } = useMantineColorScheme();
  // Only a language the user chose: without one (and once they sign out) the browser keeps the
  // language it shows, which is remembered per browser over a logout.
  useEffect(() => {
    if (locale) void changeLocale(locale);
  }, [locale]);
  useEffect(() => {
    setColorScheme(theme ?? 'light');
  }, [theme, setColorScheme]);
};
