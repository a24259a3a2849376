import type { ProcessColumnDto, ProcessEntryDto, ProjectDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ConfirmProvider } from '@/components';
import { aBlankProject, nextTestId, serialOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { createTestQueryClient } from '@/test/socket-mock';

export { answer, eventsOf, inputsOf } from '@/test/socket-mock';

/**
 * Test helpers for the process grid and the process column admin. Each test file mocks `@/lib/socket`
 * itself (vi.mock is hoisted per file) and hands the mocked `request` to `answer`.
 */

/** Renders inside the app's providers, Mantine's test mode, a fresh query client and a confirm host. */
export const renderProcesses = (ui: ReactElement) => {
  const queryClient = createTestQueryClient();
  // Mantine's test mode: no transitions, and dropdowns are not hidden for lack of layout.
  const view = renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
};

export const aColumn = (overrides: Partial<ProcessColumnDto> = {}): ProcessColumnDto => {
  const id = nextTestId('20000000');
  return {
    id,
    key: `PID${serialOf(id)}`,
    nameNo: 'Tegning',
    nameEn: 'Drawings',
    factor: 8,
    min: 1,
    max: 2,
    type: 'completed',
    color: '#4c6ef5',
    status: '',
    invoice: false,
    position: 1,
    subProcesses: [],
    ...overrides,
  };
};

export const aProject = (overrides: Partial<ProjectDto> = {}): ProjectDto =>
  aBlankProject({
    projectManager: { id: nextTestId('40000000'), displayName: 'Per Prosjektleder' },
    ...overrides,
  });

export const anEntry = (
  project: Pick<ProjectDto, 'id'>,
  column: Pick<ProcessColumnDto, 'id'>,
  overrides: Partial<ProcessEntryDto> = {},
): ProcessEntryDto => ({
  id: nextTestId('50000000'),
  projectId: project.id,
  processColumnId: column.id,
  date: null,
  isActive: true,
  noteDates: {},
  comment: '',
  version: 1,
  ...overrides,
});

export { aPage, aProjectPage } from '@/test/fixtures';
