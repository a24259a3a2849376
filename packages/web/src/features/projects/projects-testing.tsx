import type { LookupDto, OrderDto, ProjectCombinedDto, ProjectDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ConfirmProvider } from '@/components';
import { ApiError } from '@/lib/http';
import { aBlankProject, nextTestId } from '@/test/fixtures';

export { aProjectPage } from '@/test/fixtures';

import { renderWithProviders } from '@/test/render';
import { createTestQueryClient } from '@/test/socket-mock';

export { answer, eventsOf, inputsOf } from '@/test/socket-mock';

/**
 * Test helpers for the project screens. Each test file mocks `@/lib/socket`, `@/lib/http` and the
 * encrypted storage itself (vi.mock is hoisted per file) and hands the mocks to these helpers.
 */

export const conflict = (details: Record<string, unknown>) =>
  new ApiError({ code: 'CONFLICT', message: 'conflict', details });

/**
 * Renders inside the app's providers, a fresh query client, a confirm host and a router at `path`, in
 * Mantine's test mode.
 */
export const renderProjects = (ui: ReactElement, { path = '/projects' }: { path?: string } = {}) => {
  const queryClient = createTestQueryClient();
  // Mantine's test mode: no transitions, and dropdowns are not hidden for lack of layout.
  const view = renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
};

/**
 * mantine-datatable shows a column while `matchMedia(column.visibleMediaQuery ?? '')` matches; the
 * shared jsdom stub matches nothing, which would hide every cell. Here the screen is a wide one: the
 * empty query and every min-width query match.
 */
export const matchWideScreen = () => {
  const stub = window.matchMedia;
  window.matchMedia = (query: string) => ({
    ...stub(query),
    matches: query === '' || query.includes('min-width'),
  });
};

export const MANAGER: LookupDto = { id: nextTestId('20000000'), displayName: 'Kari Prosjektleder' };
export const OTHER_MANAGER: LookupDto = { id: nextTestId('20000000'), displayName: 'Ola Montør' };
export const DEPARTMENT: LookupDto = { id: nextTestId('30000000'), displayName: 'Montasje Oslo' };

/** A project as the project list and dialog tests expect it: customer, manager, dates and value set. */
export const aProject = (overrides: Partial<ProjectDto> = {}): ProjectDto =>
  aBlankProject({
    id: nextTestId('40000000'),
    number: 1042,
    name: 'Skolebygg Nord',
    department: DEPARTMENT,
    customer: { id: nextTestId('00000000'), name: 'Fjord Bygg AS', customerNumber: 10_001 },
    projectManager: MANAGER,
    startDate: '2026-03-02',
    deliveryDate: '2026-05-15',
    projectAddress: 'Skoleveien 1',
    projectPostalCode: '0150',
    projectCity: 'Oslo',
    projectValue: 12_500_00,
    ...overrides,
  });

export const aCombined = (project: ProjectDto, orders: OrderDto[] = []): ProjectCombinedDto => ({
  project,
  processEntries: [],
  orders,
  invoiceSummary: { orderCount: orders.length, total: 0, invoiceStatus: 1 },
});

export { aPage, aUser } from '@/test/fixtures';
