import type { HelpTextDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ConfirmProvider } from '@/components';
import { renderWithProviders } from '@/test/render';
import { createTestQueryClient } from '@/test/socket-mock';

/** Renders inside the app's providers, a router, a fresh query client and a confirm host. */
export const renderHelp = (ui: ReactElement, path = '/admin?tab=help') =>
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <ConfirmProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );

/** A screen's text as help:list answers it; Karm's built-in one unless overridden. */
export const aHelpText = (overrides: Partial<HelpTextDto> = {}): HelpTextDto => ({
  screen: 'projects',
  locale: 'en',
  source: 'default',
  markdown: '## Projects\n\nThe list of projects.',
  html: '<h2>Projects</h2>\n<p>The list of projects.</p>',
  hasDefault: true,
  version: 0,
  updatedAt: null,
  updatedBy: null,
  ...overrides,
});
