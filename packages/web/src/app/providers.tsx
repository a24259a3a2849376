import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import 'mantine-datatable/styles.css';
import './global.css';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  localStorageColorSchemeManager,
  MantineProvider,
} from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from '@/components/confirm-action/confirm-provider';
import { i18n } from '@/lib/i18n';

const theme = createTheme({
  primaryColor: 'blue',
  // WCAG 2.1 AA (4.5:1 for text): white on blue-6 gives 3.6, on blue-8 5.0 — buttons, links, chips.
  primaryShade: { light: 8, dark: 8 },
  // Filled buttons and badges of the bright colours (green, orange, yellow…) take black text where
  // white would not reach 4.5:1: the switch sits where both give the same contrast.
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  // People who ask their system for less motion get dialogs, menus and toasts without animation.
  respectReducedMotion: true,
});

/**
 * WCAG 2.1 AA asks 4.5:1 for text: Mantine's dimmed grey (gray-6 on white, dark-2 on the dark
 * surfaces) gives 3.3–4.0, so hints, subtitles and empty states take one step more contrast
 * (7.8:1 and 5.6:1 or more).
 */
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Light badges and buttons write shade 9 on shade 1: 2.7–3.8 for yellow, lime, green and
    // orange. A darker shade 9 reaches 5:1 in every colour.
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.3),
      ]),
    ),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'karm-color-scheme' });

const Toasts = lazy(() => import('./shell/toasts').then((module) => ({ default: module.Toasts })));

/**
 * Toasts are shown by code that loads with the first one: no page starts with a toast, and /login
 * stays lighter. `notifications.show` only fills a store, which the toasts show once they load.
 */
const LazyToasts = () => {
  const hasToasts = useNotifications().notifications.length > 0;
  const [isNeeded, setNeeded] = useState(false);
  if (hasToasts && !isNeeded) setNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <LazyToasts />
      <ConfirmProvider>{children}</ConfirmProvider>
    </MantineProvider>
  </I18nextProvider>
);
