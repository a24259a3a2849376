import type { AccountingSettingsDto, SyncRunDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ConfirmProvider } from '@/components';
import { renderWithProviders } from '@/test/render';
import { createTestQueryClient } from '@/test/socket-mock';

export { answer, eventsOf, inputsOf } from '@/test/socket-mock';

/**
 * Test helpers for the admin area. Each test file mocks `@/lib/socket` itself (vi.mock is hoisted
 * per file) and hands the mocked `request` to `answer`.
 */

const LocationProbe = () => {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
};

/** Renders inside the app's providers, a fresh query client, a confirm host and a router at `url`. */
export const renderAdmin = (ui: ReactElement, url = '/admin') => {
  const queryClient = createTestQueryClient();
  // Mantine's test mode: no transitions, and dropdowns are not hidden for lack of layout.
  const view = renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/admin" element={ui} />
              <Route path="/logs" element={<p>The logs screen</p>} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
};

export const aSettings = (overrides: Partial<AccountingSettingsDto> = {}): AccountingSettingsDto => ({
  provider: 'tripletex',
  environment: 'test',
  consumerTokenHint: '••••abcd',
  employeeTokenHint: '••••wxyz',
  externalCompanyId: '0',
  syncIntervalMinutes: 60,
  lastSyncAt: '2026-03-02T10:05:00.000Z',
  version: 3,
  ...overrides,
});

let sequence = 0;

export const aRun = (overrides: Partial<SyncRunDto> = {}): SyncRunDto => {
  sequence += 1;
  return {
    id: `00000000-0000-7000-9000-${String(sequence).padStart(12, '0')}`,
    trigger: 'manual',
    mode: 'incremental',
    status: 'succeeded',
    progress: { phase: 'finished', done: 1, total: 1 },
    counts: {},
    errors: [],
    startedAt: '2026-03-02T10:00:00.000Z',
    finishedAt: '2026-03-02T10:01:00.000Z',
    ...overrides,
  };
};

export { aPage } from '@/test/fixtures';

export { matchEmptyMediaQuery } from '@/test/media-query';
