import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';

const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MantineProvider>
      <DatesProvider settings={{ locale: 'en', firstDayOfWeek: 1 }}>
        <Notifications />
        {children}
      </DatesProvider>
    </MantineProvider>
  </I18nextProvider>
);

/** Renders a component inside the same providers the app uses. */
export const renderWithProviders = (ui: ReactElement, options?: RenderOptions) =>
  render(ui, { wrapper: Providers, ...options });
