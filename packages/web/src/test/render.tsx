import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from '@/components/confirm-action/confirm-provider';
import { i18n } from '@/lib/i18n';
import { createTestQueryClient } from './socket-mock';

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

/**
 * A screen as the app mounts it, for tests that open dropdowns and dialogs: Mantine in test mode (no
 * transitions; dropdowns rendered in place), a query client of its own and the one confirm dialog.
 */
export const renderScreen = (ui: ReactElement, options?: RenderOptions) =>
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
    options,
  );
