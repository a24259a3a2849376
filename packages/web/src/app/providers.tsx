import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import 'mantine-datatable/styles.css';
import './global.css';
import { createTheme, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/nb';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ConfirmProvider } from '@/components';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'karm-color-scheme' });

/** Calendars follow the app's language; weeks start on Monday in Norway. */
const LocalisedDates = ({ children }: { children: ReactNode }) => {
  const { i18n: current } = useTranslation();
  return (
    <DatesProvider settings={{ locale: current.language === 'nb' ? 'nb' : 'en', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <LocalisedDates>
        <QueryClientProvider client={queryClient}>
          {/* Dialogs keep their title-bar buttons top right and their actions at the footer's ends:
              bottom centre is where a toast covers none of them. */}
          <Notifications position="bottom-center" />
          <ConfirmProvider>{children}</ConfirmProvider>
        </QueryClientProvider>
      </LocalisedDates>
    </MantineProvider>
  </I18nextProvider>
);
